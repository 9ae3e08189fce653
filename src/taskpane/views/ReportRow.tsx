import { Button, Caption1, Link, Text, makeStyles, tokens } from '@fluentui/react-components';
import { Fragment, type ReactNode } from 'react';
import type { FolderPathEntry, Report } from '../../contract';
import { reportDefinition, reportTitle } from '../../core/report-definition';
import { unplaceableReason } from '../errors';
import { useI18n } from '../i18n';
import { usePreviewWords } from '../i18n/preview-words';

const useStyles = makeStyles({
  item: {
    display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  details: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  problem: { color: tokens.colorPaletteDarkOrangeForeground1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, alignItems: 'center' },
  preview: { gridColumn: '1 / -1', minWidth: 0 },
});

export interface ReportRowProps {
  report: Report;
  placedCount: number;
  busy: boolean;
  placeDisabled: boolean;
  onPlace(report: Report): void;
  onOpenFolder(folder: FolderPathEntry, path: FolderPathEntry[]): void;
  /** Opens or closes the report's preview; without it the row has no Preview button. */
  onPreview?(report: Report): void;
  /** The preview when it is open for this report, shown below the row. */
  preview?: ReactNode;
  /** The report is in no folder (kept in the workbook): no folder path is shown. */
  noFolders?: boolean;
  /** More actions after Preview and Place (a kept report's menu). */
  menu?: ReactNode;
  /** Shown below the row, after the preview (a kept report's Rename form or Delete question). */
  below?: ReactNode;
}

/**
 * One report: its title, its folder path (each folder a link that opens it), how often it is placed here, and
 * Place. A report whose query cannot be run is listed with the reason, and cannot be placed. Preview opens what
 * the report holds before placing (description, folder, members, the size of its result) below the row. A report
 * kept in the workbook shows no folder path, and its menu and forms (`kept/`) are passed in.
 */
export function ReportRow({ report, placedCount, busy, placeDisabled, onPlace, onOpenFolder, onPreview, preview, noFolders, menu, below }: ReportRowProps) {
  const styles = useStyles();
  const { m, number } = useI18n();
  const previewWords = usePreviewWords();
  const definition = reportDefinition(report);
  const path = report.folderPath ?? [];
  const title = reportTitle(report);
  const previewId = `report-preview-${report.id}`;
  return (
    <li className={styles.item} data-report-id={report.id}>
      <div className={styles.details}>
        <Text weight="semibold">{title}</Text>
        {noFolders ? (
          placedCount > 0 && <Caption1 data-testid="placed-count">{m.placedHere(number(placedCount))}</Caption1>
        ) : (
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
        )}
        {!definition.placeable && (
          <Caption1 className={styles.problem} data-testid="unplaceable">{m.cannotPlace(unplaceableReason(definition.reason, m))}</Caption1>
        )}
      </div>
      <div className={styles.actions}>
        {onPreview && (
          <Button
            size="small"
            appearance="subtle"
            aria-expanded={preview ? true : false}
            aria-controls={preview ? previewId : undefined}
            aria-label={previewWords.openReport(title)}
            onClick={() => onPreview(report)}
          >
            {previewWords.open}
          </Button>
        )}
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
        {menu}
      </div>
      {preview && <div id={previewId} className={styles.preview}>{preview}</div>}
      {below && <div className={styles.preview}>{below}</div>}
    </li>
  );
}
