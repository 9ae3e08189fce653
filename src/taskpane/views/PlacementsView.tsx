import { Button, Caption1, Caption1Strong, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Deployment } from '../../contract';
import { sheetAddress } from '../../core/a1';
import { reportTitle } from '../../core/report-definition';
import type { PaneOutcome } from '../../core/card-state';
import type { CellOptions } from '../../core/cell-options';
import type { PlacementCard } from '../../pane/placement-cards';
import { tableChoice } from '../../placements/placement-service';
import { placementKey, type WorkbookPlacement } from '../../placements/workbook-placements';
import { useI18n } from '../i18n';
import { useBuilderWords } from '../i18n/builder-catalog';
import { useCubeWords } from '../i18n/cube-words';
import { convertWordsOf } from '../i18n/convert-words';
import { installConvertErrorWords } from '../convert-error-words';
import { otherRecords } from '../shared-id-words';
import { PlacementCellOptions } from './PlacementCellOptions';
import { StatusBadges } from './StatusBadge';

// A card's "Convert to formulas" can be refused: its words join `describeError`.
installConvertErrorWords();

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Details above, state and actions below: side by side, four buttons left a narrow pane a word per line for the title.
  item: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS,
    paddingBlock: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
  actions: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  buttons: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  groups: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  sheet: { display: 'block', margin: 0, color: tokens.colorNeutralForeground3 },
  home: { color: tokens.colorNeutralForeground3 },
  // Greyed: nothing on it is written until the user disconnects one of the records sharing its id.
  refused: { color: tokens.colorNeutralForeground3 },
});

/** A placement's last outcome in this pane when it was not a clean write (`cardState` weighs it against the rest). */
export type PlacementOutcome = PaneOutcome;

export interface PlacementsViewProps {
  placements: WorkbookPlacement[] | null;
  /** The signed-in user, to say "by you". */
  currentUserId: number;
  /** Who the Cube API connection stands for: placements kept in the workbook name who wrote them, not a user id. */
  currentUserName?: string;
  /** Every deployment the user sees: a placement of another one than browsed says where it is from. */
  deployments: readonly Deployment[];
  browsedDeploymentId: number;
  /** Per placement key, its card's one state (pane/placement-cards.ts), derived by the store. */
  cards: ReadonlyMap<string, PlacementCard>;
  busy: boolean;
  /** Writing into cells is turned off by the admin (restricted data download). */
  writeDisabled: boolean;
  onRefresh(placement: WorkbookPlacement): void;
  onRefreshReport(placements: WorkbookPlacement[]): void;
  onPlaceAgain(placement: WorkbookPlacement): void;
  onRelink(placement: WorkbookPlacement): void;
  onDisconnect(placement: WorkbookPlacement): void;
  onLocate(placement: WorkbookPlacement): void;
  /** "Convert to formulas" (asked first); without it, the cards do not offer it. */
  onConvert?(placement: WorkbookPlacement): void;
  /** Opens the placement's report in the exploration builder. */
  onEdit(placement: WorkbookPlacement): void;
  /** Turns "As an Excel table" on or off for a flat placement, in place. */
  onTableChange(placement: WorkbookPlacement, on: boolean): void;
  /** A card's choice of its cells' language or title lines: refreshes the placement with it. */
  onCellOptionsChange?(placement: WorkbookPlacement, cells: CellOptions): void;
  /**
   * Where a deployment's reports live, when the workbook may hold both kinds (issue 26): each card says so in one
   * quiet line. Null, or without it: nothing is said.
   */
  home?: (deploymentId: number) => 'platform' | 'workbook' | null;
}

/**
 * This workbook's placements, of every deployment: what is where, when it was last written, and the one state
 * `cardState` derives from the platform's status, the pane's outcomes and the run shown.
 */
export function PlacementsView(props: PlacementsViewProps) {
  const { placements, currentUserId, deployments, browsedDeploymentId, cards, busy, writeDisabled } = props;
  const styles = useStyles();
  const { m, number, relative } = useI18n();
  const cw = useCubeWords();
  const bw = useBuilderWords();
  // "Refreshed 5 minutes ago" stays true while the pane is open: the times are said again every minute.
  const [, setMinute] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setMinute((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  if (placements === null) return <Caption1>{m.lookingForPlacements}</Caption1>;
  if (placements.length === 0) return <Caption1>{m.noPlacements}</Caption1>;
  const byReport = new Map<string, WorkbookPlacement[]>();
  for (const entry of placements) {
    if (entry.access !== 'GRANTED' || entry.legacy || entry.refused) continue;
    const key = `${entry.deploymentId}:${entry.reportId}`;
    byReport.set(key, [...(byReport.get(key) ?? []), entry]);
  }
  const isDetached = (entry: WorkbookPlacement) => cards.get(placementKey(entry))?.detached === true;
  // Grouped by sheet in tab order (the service sorts them), detached placements last.
  const groups: { key: string; title: string; label: string; entries: WorkbookPlacement[] }[] = [];
  for (const entry of placements) {
    const sheet = entry.location?.sheetName ?? entry.placement.sheetName ?? '';
    const key = isDetached(entry) ? '\u0000detached' : sheet;
    const group = groups.find((g) => g.key === key);
    if (group) group.entries.push(entry);
    else groups.push({ key, title: isDetached(entry) ? m.detachedGroup : sheet, label: isDetached(entry) ? m.detachedGroup : m.sheetGroup(sheet), entries: [entry] });
  }

  /** "you", or another: a platform placement names its user by id, a workbook placement by the name it recorded. */
  const who = (id: number | null | undefined, name: unknown) => {
    if (id === null || id === undefined) {
      if (typeof name === 'string' && name) return name === props.currentUserName ? m.you : name;
      return m.someoneElse;
    }
    return id === currentUserId ? m.you : m.someoneElse;
  };

  const row = (entry: WorkbookPlacement) => {
    const { placement, report } = entry;
    const key = placementKey(entry);
    const when = placement.refreshedAt
      ? m.refreshedAgoBy(relative(placement.refreshedAt), who(placement.refreshedByUserId, placement.refreshedBy))
      : placement.placedAt ? m.placedAgoBy(relative(placement.placedAt), who(placement.placedByUserId, placement.placedBy)) : null;
    const titleId = `placement-${key.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    const card = cards.get(key);
    if (!card) return null;
    const { denied, detached: detachedNow, damaged, refused } = card;
    const siblings = byReport.get(`${entry.deploymentId}:${entry.reportId}`) ?? [];
    const firstOfReport = siblings[0] === entry && siblings.length > 1;
    const range = entry.location ? sheetAddress(entry.location.sheetName, entry.location.rect) : placement.resultLocation;
    // Flat placements only (pivots never are tables), and only where the cells are there to convert.
    const table = !detachedNow && !damaged && !refused ? tableChoice(entry) : null;
    const deployment = entry.deploymentId !== browsedDeploymentId ? deployments.find((d) => d.id === entry.deploymentId) : undefined;
    const home = props.home?.(entry.deploymentId) ?? null;
    const owner = entry.owner.name ?? entry.owner.email;
    const mailto = entry.owner.email
      ? `mailto:${encodeURIComponent(entry.owner.email)}?subject=${encodeURIComponent(m.accessRequestSubject(range))}`
      : null;
    return (
      <li
        key={key} className={styles.item} data-placement-id={placement.id ?? key} data-access={entry.access} data-run-state={card.run ?? undefined}
        data-refused={refused || undefined}
      >
        <div className={refused ? `${styles.details} ${styles.refused}` : styles.details}>
          <Text weight="semibold" id={titleId}>{report ? reportTitle(report) : m.noAccessTitle}</Text>
          <Caption1 data-testid="placement-range">{range}</Caption1>
          {deployment && <Caption1 data-testid="placement-deployment">{m.inDeployment(deployment.name)}</Caption1>}
          {home && <Caption1 className={styles.home} data-testid="placement-home" data-home={home}>{home === 'workbook' ? cw.kept.homeWorkbook : cw.kept.homePlatform}</Caption1>}
          {when && <Caption1>{when}</Caption1>}
          {denied && owner && <Caption1 data-testid="placement-owner">{m.ownedBy(entry.owner.email && owner !== entry.owner.email ? `${owner} (${entry.owner.email})` : owner)}</Caption1>}
          {entry.legacy && !denied && <Caption1>{m.legacyPlacement}</Caption1>}
          {card.reason && <Caption1 data-testid="status-reason">{card.reason}</Caption1>}
          {card.status === 'DAMAGED' && <Caption1 data-testid="status-reason">{m.damagedReason}</Caption1>}
          {refused && entry.refused && <Caption1 data-testid="status-reason">{m.sharedId.reason(otherRecords(entry.refused.others, m))}</Caption1>}
          {card.run === 'stopped' && <Caption1 data-testid="status-reason">{m.stoppedBeforeThis}</Caption1>}
          {!detachedNow && !damaged && !refused && (
            <PlacementCellOptions
              entry={entry} titleId={titleId} disabled={busy || writeDisabled} table={table} onTableChange={(on) => props.onTableChange(entry, on)}
              onChange={props.onCellOptionsChange && ((cells) => props.onCellOptionsChange?.(entry, cells))}
            />
          )}
        </div>
        <div className={styles.actions}>
          <StatusBadges card={card} />
          <div className={styles.buttons}>
            {denied ? (
              mailto && <Link href={mailto} aria-describedby={titleId}>{m.askForAccess}</Link>
            ) : refused ? (
              <>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => props.onLocate(entry)}>{m.locate}</Button>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => props.onDisconnect(entry)}>{m.disconnect}</Button>
              </>
            ) : detachedNow || damaged ? (
              <>
                <Button size="small" disabled={busy || writeDisabled} aria-describedby={titleId} onClick={() => props.onPlaceAgain(entry)}>{m.placeAgainHere}</Button>
                {damaged && <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => props.onLocate(entry)}>{m.locate}</Button>}
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => props.onDisconnect(entry)}>{m.disconnect}</Button>
              </>
            ) : entry.legacy ? (
              <>
                <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => props.onRelink(entry)}>{m.linkAgain}</Button>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => props.onLocate(entry)}>{m.locate}</Button>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => props.onDisconnect(entry)}>{m.disconnect}</Button>
              </>
            ) : (
              <>
                <Button size="small" disabled={busy || writeDisabled} aria-describedby={titleId} onClick={() => props.onRefresh(entry)}>{m.refresh}</Button>
                <Button
                  size="small" appearance="subtle" disabled={busy || writeDisabled} data-action="edit"
                  aria-label={bw.editPlacement(report ? reportTitle(report) : m.noAccessTitle)}
                  onClick={() => props.onEdit(entry)}
                >
                  {bw.edit}
                </Button>
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => props.onLocate(entry)}>{m.locate}</Button>
                {props.onConvert && (
                  <Button size="small" appearance="subtle" disabled={busy || writeDisabled} data-action="convert" aria-describedby={titleId} onClick={() => props.onConvert?.(entry)}>
                    {convertWordsOf(m).action}
                  </Button>
                )}
                <Button size="small" appearance="subtle" disabled={busy} aria-describedby={titleId} onClick={() => props.onDisconnect(entry)}>{m.disconnect}</Button>
              </>
            )}
            {firstOfReport && !detachedNow && !damaged && !refused && (
              <Button size="small" appearance="subtle" disabled={busy || writeDisabled} aria-describedby={titleId} onClick={() => props.onRefreshReport(siblings)}>
                {siblings.length === 2 ? m.refreshReportPlacements.two : m.refreshReportPlacements.more(number(siblings.length))}
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
