import { Badge } from '@fluentui/react-components';
import { ArrowSyncRegular, CheckmarkCircleRegular, LinkDismissRegular, QuestionCircleRegular } from '@fluentui/react-icons';
import { statusDisplay, type PlacementState } from '../../core/sync-status';

const ICONS = {
  checkmark: <CheckmarkCircleRegular />,
  'arrow-sync': <ArrowSyncRegular />,
  question: <QuestionCircleRegular />,
  unlink: <LinkDismissRegular />,
} as const;

/** The status as icon and words together, never colour alone. */
export function StatusBadge({ status }: { status: PlacementState }) {
  const display = statusDisplay(status);
  const icon = ICONS[display.icon as keyof typeof ICONS];
  return (
    <Badge appearance="tint" color={display.tone} icon={icon} data-status={status}>
      {display.label}
    </Badge>
  );
}
