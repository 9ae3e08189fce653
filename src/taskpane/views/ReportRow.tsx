import { Button, Caption1, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Fragment } from 'react';
import type { FolderPathEntry, Report } from '../../contract';
import { reportDefinition, reportTitle } from '../../core/report-definition';
import { unplaceableReason } from '../errors';
import { useI18n } from '../i18n';

const useStyles = makeStyles({
  item: {
    display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  details: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  problem: { color: tokens.colorPaletteDarkOrangeForeground1 },
});

export interface ReportRowProps {
  report: Report;
  placedCount: number;
  busy: boolean;
  placeDisabled: boolean;
  onPlace(report: Report): void;
  onOpenFolder(folder: FolderPathEntry, path: FolderPathEntry[]): void;
}

/**
 * One report: its title, its folder path (each folder a link that opens it), how often it is placed here, and
 * Place. A report whose query cannot be run is listed with the reason, and cannot be placed.
 */
export function ReportRow({ report, placedCount, busy, placeDisabled, onPlace, onOpenFolder }: ReportRowProps) {
  const styles = useStyles();
  const { m, number } = useI18n();
  const definition = reportDefinition(report);
  const path = report.folderPath ?? [];
  const title = reportTitle(report);
  return (
    <li className={styles.item} data-report-id={report.id}>
      <div className={styles.details}>
        <Text weight="semibold">{title}</Text>
        <Caption1 data-testid="folder-path">
          {path.length === 0
            ? m.topLevel
            : path.map((folder, index) => (
              <Fragment key={folder.id}>
                {index > 0 && ' / '}
                <Link as="button" inline aria-label={m.openFolder(folder.name)} onClick={() => onOpenFolder(folder, path.slice(0, index + 1))}>
                  {folder.name}
                </Link>
              </Fragment>
            ))}
          {placedCount ? ` · ${m.placedHere(number(placedCount))}` : ''}
        </Caption1>
        {!definition.placeable && (
          <Caption1 className={styles.problem} data-testid="unplaceable">{m.cannotPlace(unplaceableReason(definition.reason, m))}</Caption1>
        )}
      </div>
      <Button
        size="small"
        appearance="primary"
        disabled={busy || placeDisabled || !definition.placeable}
        // The title in the name tells the list's many Place buttons apart (the visible word comes first).
        aria-label={m.placeReport(title)}
        onClick={() => onPlace(report)}
      >
        {m.place}
      </Button>
    </li>
  );
}
