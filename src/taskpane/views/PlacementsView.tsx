import { Button, Caption1, Text, makeStyles, tokens } from '@fluentui/react-components';
import { relativeTime } from '../../core/relative-time';
import type { WorkbookPlacement } from '../../placement/placement-service';
import { StatusBadge } from './StatusBadge';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: {
    display: 'grid', gridTemplateColumns: '1fr auto', gap: tokens.spacingVerticalXXS, alignItems: 'center',
    paddingBlock: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  details: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  actions: { display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: tokens.spacingVerticalXS },
});

export interface PlacementsViewProps {
  placements: WorkbookPlacement[] | null;
  busy: boolean;
  onRefresh(placement: WorkbookPlacement): void;
}

/** This workbook's placements: what is where, when it was last written, and whether it is still current. */
export function PlacementsView({ placements, busy, onRefresh }: PlacementsViewProps) {
  const styles = useStyles();
  if (placements === null) return <Caption1>Looking for placements in this workbook…</Caption1>;
  if (placements.length === 0) return <Caption1>No reports are placed in this workbook yet.</Caption1>;
  return (
    <ul className={styles.list} aria-label="Placements in this workbook">
      {placements.map((entry) => {
        const { placement, report } = entry;
        const when = placement.refreshedAt ? `refreshed ${relativeTime(placement.refreshedAt)}` : `placed ${relativeTime(placement.placedAt)}`;
        const titleId = `placement-${placement.id}`;
        return (
          <li key={placement.id} className={styles.item} data-placement-id={placement.id}>
            <div className={styles.details}>
              <Text weight="semibold" id={titleId}>{report.title}</Text>
              <Caption1 data-testid="placement-range">{placement.resultLocation}</Caption1>
              <Caption1>{when}</Caption1>
            </div>
            <div className={styles.actions}>
              <StatusBadge status={placement.syncStatus} />
              <Button size="small" disabled={busy} aria-describedby={titleId} onClick={() => onRefresh(entry)}>Refresh</Button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
