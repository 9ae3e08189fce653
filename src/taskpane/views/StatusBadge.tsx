import { Badge, makeStyles, tokens } from '@fluentui/react-components';
import {
  ArrowSyncCircleRegular, ArrowSyncRegular, CheckmarkCircleRegular, ClockRegular, EditRegular, ErrorCircleRegular, LinkDismissRegular,
  LinkRegular, LockClosedRegular, QuestionCircleRegular, TableDismissRegular, WarningRegular,
} from '@fluentui/react-icons';
import type { CardState } from '../../core/card-state';
import { statusDisplay, type PlacementState } from '../../core/sync-status';
import { useI18n } from '../i18n';

const ICONS = {
  checkmark: <CheckmarkCircleRegular />,
  'arrow-sync': <ArrowSyncRegular />,
  question: <QuestionCircleRegular />,
  unlink: <LinkDismissRegular />,
  edit: <EditRegular />,
  error: <ErrorCircleRegular />,
  lock: <LockClosedRegular />,
  link: <LinkRegular />,
  clock: <ClockRegular />,
  'sync-circle': <ArrowSyncCircleRegular />,
  warning: <WarningRegular />,
  'table-broken': <TableDismissRegular />,
} as const;

/** The status as icon and words together, never colour alone. */
export function StatusBadge({ status }: { status: PlacementState }) {
  const { m } = useI18n();
  const display = statusDisplay(status);
  return (
    <Badge appearance="tint" color={display.tone} icon={ICONS[display.icon]} data-status={status}>
      {m.status[status]}
    </Badge>
  );
}

const useStyles = makeStyles({
  badges: { display: 'inline-flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

/** A card's status, and beside it Out of date when that holds too (`CardState.alsoOutOfDate`): every truth, each with its words. */
export function StatusBadges({ card }: { card: Pick<CardState, 'status' | 'alsoOutOfDate'> }) {
  const styles = useStyles();
  return (
    <span className={styles.badges}>
      <StatusBadge status={card.status} />
      {card.alsoOutOfDate && <StatusBadge status="CHANGED" />}
    </span>
  );
}
