import { Button, Caption1, Caption1Strong, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import { sheetAddress } from '../../core/a1';
import type { PlacementState } from '../../core/sync-status';
import type { WorkbookPlacement } from '../../placement/placement-service';
import type { RefreshState } from '../../placement/refresh-all';
import { useI18n } from '../i18n';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'grid', gridTemplateColumns: '1fr auto', gap: tokens.spacingVerticalXXS, alignItems: 'center',
    paddingBlock: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  actions: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: tokens.spacingVerticalXS },
  buttons: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: tokens.spacingHorizontalXS },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  sheet: { display: 'block', margin: 0, color: tokens.colorNeutralForeground3 },
});

/**
 * A placement's last outcome in this pane when it was not a clean write, shown as its status until the
 * next one: its cells were deleted, cells were edited by hand, or the write failed (and why).
 */
export type PlacementOutcome = { state: 'DETACHED' } | { state: 'EDITED' } | { state: 'FAILED'; reason: string };

export interface PlacementsViewProps {
  placements: WorkbookPlacement[] | null;
  /** The signed-in user, to say "by you". */
  currentUserId: string;
  /** Per placement, the last outcome in this pane when it was not a clean write; detached ones get their two ways out. */
  outcomes: Map<string, PlacementOutcome>;
  /** Per placement, its state in a running or finished "Refresh all". */
  runStates: Map<string, { state: RefreshState; reason: string | null }>;
  busy: boolean;
  onRefresh(placement: WorkbookPlacement): void;
  onRefreshReport(placements: WorkbookPlacement[]): void;
  onPlaceAgain(placement: WorkbookPlacement): void;
  onDisconnect(placement: WorkbookPlacement): void;
  onLocate(placement: WorkbookPlacement): void;
}

/** This workbook's placements: what is where, when it was last written, and whether it is still current. */
export function PlacementsView({
  placements, currentUserId, outcomes, runStates, busy, onRefresh, onRefreshReport, onPlaceAgain, onDisconnect, onLocate,
}: PlacementsViewProps) {
  const styles = useStyles();
  const { m, number, relative } = useI18n();
  // "Refreshed 5 minutes ago" stays true while the pane is open: the times are said again every minute.
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (placements === null) return <Caption1>{m.lookingForPlacements}</Caption1>;
  if (placements.length === 0) return <Caption1>{m.noPlacements}</Caption1>;
  const byReport = new Map<string, WorkbookPlacement[]>();
  for (const entry of placements) byReport.set(entry.report.id, [...(byReport.get(entry.report.id) ?? []), entry]);
  const isDetached = (entry: WorkbookPlacement) => outcomes.get(entry.placement.id)?.state === 'DETACHED' || entry.location === null;
  // Grouped by sheet in tab order (the service sorts them), detached placements last.
  const groups: { key: string; title: string; label: string; entries: WorkbookPlacement[] }[] = [];
  for (const entry of placements) {
    const sheet = entry.location?.sheetName ?? entry.placement.sheetName;
    const key = isDetached(entry) ? '\u0000detached' : sheet;
    const group = groups.find((g) => g.key === key);
    if (group) group.entries.push(entry);
    else groups.push({ key, title: isDetached(entry) ? m.detachedGroup : sheet, label: isDetached(entry) ? m.detachedGroup : m.sheetGroup(sheet), entries: [entry] });
  }

  const row = (entry: WorkbookPlacement) => {
    const { placement, report } = entry;
    const who = (id: string | null) => (id === currentUserId ? m.you : m.someoneElse);
    const when = placement.refreshedAt
      ? m.refreshedAgoBy(relative(placement.refreshedAt), who(placement.refreshedByUserId))
      : m.placedAgoBy(relative(placement.placedAt), who(placement.placedByUserId));
    const titleId = `placement-${placement.id}`;
    const detachedNow = isDetached(entry);
    const siblings = byReport.get(report.id)!;
    const firstOfReport = siblings[0] === entry && siblings.length > 1;
    const range = entry.location ? sheetAddress(entry.location.sheetName, entry.location.rect) : placement.resultLocation;
    const run = runStates.get(placement.id);
    const outcome = outcomes.get(placement.id);
    const status: PlacementState = detachedNow ? 'DETACHED' : outcome?.state ?? placement.syncStatus;
    return (
      <li key={placement.id} className={styles.item} data-placement-id={placement.id}>
        <div className={styles.details}>
          <Text weight="semibold" id={titleId}>{report.title}</Text>
          <Caption1 data-testid="placement-range">{range}</Caption1>
          <Caption1>{when}</Caption1>
          {outcome?.state === 'FAILED' && !run && <Caption1 data-testid="failure">{outcome.reason}</Caption1>}
          {run && (
            <Caption1 data-testid="run-state" data-state={run.state}>
              {m.runState[run.state]}
              {run.reason ? `: ${run.reason}` : ''}
            </Caption1>
          )}
        </div>
        <div className={styles.actions}>
          <StatusBadge status={status} />
          <div className={styles.buttons}>
            {detachedNow ? (
              <>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => onPlaceAgain(entry)}>{m.placeAgainHere}</Button>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => onDisconnect(entry)}>{m.disconnect}</Button>
              </>
            ) : (
              <>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => onRefresh(entry)}>{m.refresh}</Button>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => onLocate(entry)}>{m.locate}</Button>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => onDisconnect(entry)}>{m.disconnect}</Button>
              </>
            )}
            {firstOfReport && (
              <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => onRefreshReport(siblings)}>
                {m.refreshAllOfReport(number(siblings.length))}
              </Button>
            )}
          </div>
        </div>
      </li>
    );
  };

  return (
    <div className={styles.groups} aria-label={m.placementsLabel} role="group">
      {groups.map((group) => (
        <section key={group.key} aria-label={group.label}>
          <Caption1Strong as="h3" className={styles.sheet}>{group.title}</Caption1Strong>
          <ul className={styles.list}>{group.entries.map(row)}</ul>
        </section>
      ))}
    </div>
  );
}
