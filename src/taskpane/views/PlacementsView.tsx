import { Button, Caption1, Caption1Strong, Text, makeStyles, tokens } from '@fluentui/react-components';
import { sheetAddress } from '../../core/a1';
import { relativeTime } from '../../core/relative-time';
import type { WorkbookPlacement } from '../../placement/placement-service';
import type { RefreshState } from '../../placement/refresh-all';
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

const RUN_STATE_WORDS: Record<RefreshState, string> = {
  queued: 'Queued',
  refreshing: 'Refreshing…',
  done: 'Done',
  failed: 'Failed',
  'needs-attention': 'Needs you',
  stopped: 'Stopped',
};

export interface PlacementsViewProps {
  placements: WorkbookPlacement[] | null;
  /** Placements whose cells were deleted: shown as detached, with their two ways out. */
  detached: Set<string>;
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
export function PlacementsView({ placements, detached, runStates, busy, onRefresh, onRefreshReport, onPlaceAgain, onDisconnect, onLocate }: PlacementsViewProps) {
  const styles = useStyles();
  if (placements === null) return <Caption1>Looking for placements in this workbook…</Caption1>;
  if (placements.length === 0) return <Caption1>No reports are placed in this workbook yet.</Caption1>;
  const byReport = new Map<string, WorkbookPlacement[]>();
  for (const entry of placements) byReport.set(entry.report.id, [...(byReport.get(entry.report.id) ?? []), entry]);
  const isDetached = (entry: WorkbookPlacement) => detached.has(entry.placement.id) || entry.location === null;
  // Grouped by sheet in tab order (the service sorts them), detached placements last.
  const groups: { title: string; entries: WorkbookPlacement[] }[] = [];
  for (const entry of placements) {
    const title = isDetached(entry) ? 'Detached' : entry.location?.sheetName ?? entry.placement.sheetName;
    const group = groups.find((g) => g.title === title);
    if (group) group.entries.push(entry);
    else groups.push({ title, entries: [entry] });
  }

  const row = (entry: WorkbookPlacement) => {
    const { placement, report } = entry;
    const when = placement.refreshedAt ? `refreshed ${relativeTime(placement.refreshedAt)}` : `placed ${relativeTime(placement.placedAt)}`;
    const titleId = `placement-${placement.id}`;
    const detachedNow = isDetached(entry);
    const siblings = byReport.get(report.id)!;
    const firstOfReport = siblings[0] === entry && siblings.length > 1;
    const range = entry.location ? sheetAddress(entry.location.sheetName, entry.location.rect) : placement.resultLocation;
    const run = runStates.get(placement.id);
    return (
      <li key={placement.id} className={styles.item} data-placement-id={placement.id}>
        <div className={styles.details}>
          <Text weight="semibold" id={titleId}>{report.title}</Text>
          <Caption1 data-testid="placement-range">{range}</Caption1>
          <Caption1>{when}</Caption1>
          {run && (
            <Caption1 data-testid="run-state" data-state={run.state}>
              {RUN_STATE_WORDS[run.state]}
              {run.reason ? `: ${run.reason}` : ''}
            </Caption1>
          )}
        </div>
        <div className={styles.actions}>
          <StatusBadge status={detachedNow ? 'DETACHED' : placement.syncStatus} />
          <div className={styles.buttons}>
            {detachedNow ? (
              <>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => onPlaceAgain(entry)}>Place again here</Button>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => onDisconnect(entry)}>Disconnect</Button>
              </>
            ) : (
              <>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => onRefresh(entry)}>Refresh</Button>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => onLocate(entry)}>Locate</Button>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => onDisconnect(entry)}>Disconnect</Button>
              </>
            )}
            {firstOfReport && (
              <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => onRefreshReport(siblings)}>
                Refresh all {siblings.length}
              </Button>
            )}
          </div>
        </div>
      </li>
    );
  };

  return (
    <div className={styles.groups} aria-label="Placements in this workbook" role="group">
      {groups.map((group) => (
        <section key={group.title} aria-label={`Sheet ${group.title}`}>
          <Caption1Strong as="h3" className={styles.sheet}>{group.title}</Caption1Strong>
          <ul className={styles.list}>{group.entries.map(row)}</ul>
        </section>
      ))}
    </div>
  );
}
