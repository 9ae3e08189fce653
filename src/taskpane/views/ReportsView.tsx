import {
  Button, Caption1, Dropdown, Field, Option, SearchBox, Spinner, Switch, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { useEffect, useSyncExternalStore } from 'react';
import type { Report, ReportSortBy } from '../../contract';
import type { KeptPublishing } from '../../pane/kept-publish';
import { placementsInWorkbook, unavailableShown, type KeptActionsState, type KeptReportActions } from '../../pane/kept-reports';
import { sortsOf } from '../../pane/report-list';
import type { ReportListStore } from '../../pane/report-list-store';
import type { ReportPreviewStore } from '../../pane/report-preview-store';
import { describeError } from '../errors';
import { useI18n } from '../i18n';
import { useCubeWords } from '../i18n/cube-words';
import { FolderBreadcrumb, FolderList } from './FolderList';
import { MessageInView } from './MessageInView';
import { KeptPublishPanel } from './kept/KeptPublishPanel';
import { KeptOutcome, KeptReportForm, KeptReportMenu, UnavailableReports } from './kept/KeptReportParts';
import { ReportPreview } from './ReportPreview';
import { ReportRow } from './ReportRow';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  filters: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** Browse of the reports kept in this workbook: the row actions' store, publishing (when offered), and Open in builder. */
export interface KeptReportsBrowse {
  actions: KeptReportActions;
  /** "Publish to the platform…": given only when the pane is signed in to the platform too. */
  publishing?: KeptPublishing | null;
  /** Opens a kept report in the exploration builder (no placement). */
  onOpenInBuilder(report: Report): void;
}

export interface ReportsViewProps {
  /** The list's store: what is browsed, and the reports and folders read. */
  list: ReportListStore;
  deploymentId: number;
  /** This workbook's external id, once it has one: the "In this workbook" filter needs it. */
  workbookId: string | null;
  /** How many placements each report has in this workbook. */
  placedCounts: Map<number, number>;
  busy: boolean;
  /** Placing is turned off (the admin restricts data download). */
  placeDisabled: boolean;
  onPlace(report: Report): void;
  /** The preview before placing (one report's at a time); without it the rows have no Preview button. */
  previews?: ReportPreviewStore;
  /**
   * Given when the browsed deployment's reports are kept in this workbook: no folders (one line says why), no "In
   * this workbook" switch (they all are), a menu on each row (Open in builder, Rename, Duplicate, Delete), and the
   * reports that cannot be read listed after the rest.
   */
  kept?: KeptReportsBrowse | null;
}

const NO_PREVIEW = { open: null };
const noPreviews = { subscribe: () => () => {}, getState: () => NO_PREVIEW };
const IDLE: KeptActionsState = { form: null, working: false, error: null, notice: null };
const noActions = { subscribe: () => () => {}, getState: () => IDLE };

/**
 * The deployment's reports as a folder tree: the subfolders of the folder open (the workspace root at first,
 * one level at a time from `GET …/folders`) and its reports, with a breadcrumb back up (from `…/ancestors`).
 * At the root the list holds every report, each with its folder path; a search looks in all folders. Sorting,
 * "In this workbook" and Load more work everywhere. A report's Preview opens below its row. React escapes every
 * title and folder name it renders. Reports kept in the workbook (`kept`) have no folders, and a menu each.
 * What is listed and read is the `ReportListStore`'s (pane/report-list-store.ts): this view renders it and sends intents.
 */
export function ReportsView({ list, deploymentId, workbookId, placedCounts, busy, placeDisabled, onPlace, previews, kept }: ReportsViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const cw = useCubeWords();
  const { m } = i18n;
  const state = useSyncExternalStore(list.subscribe, list.getState, list.getState);
  const { folderId, breadcrumb, subfolders, search, searching, onlyThisWorkbook, sortChosen, reports, nextCursor, loadingMore, error } = state;
  // From the props, not the store: the first render of a kept list already has no folders and no "last viewed".
  const folders = !kept;
  const { sorts, sortBy } = sortsOf(Boolean(kept), sortChosen);
  const actions = kept?.actions;
  const keptState = useSyncExternalStore((actions ?? noActions).subscribe, (actions ?? noActions).getState, (actions ?? noActions).getState);

  const previewSource = previews ?? noPreviews;
  const { open: preview } = useSyncExternalStore(previewSource.subscribe, previewSource.getState, previewSource.getState);

  const browsingKept = Boolean(kept);
  useEffect(() => list.browse({ deploymentId, workbookId, kept: browsingKept }), [list, deploymentId, workbookId, browsingKept]);
  // The list, its search and its folder are the view's while it is shown: they start afresh when it comes back.
  useEffect(() => () => list.leave(), [list]);
  useEffect(() => () => actions?.leave(), [actions]);

  // A preview belongs to the deployment it was opened in, and stops when the list goes.
  useEffect(() => () => previews?.close(), [previews, deploymentId]);

  return (
    <div className={styles.column}>
      <SearchBox aria-label={m.searchReports} placeholder={m.searchReports} value={search} onChange={(_, d) => list.setSearch(d.value)} />
      <div className={styles.filters}>
        {!kept && <Switch label={m.inThisWorkbook} checked={onlyThisWorkbook} onChange={(_, d) => list.setOnlyThisWorkbook(d.checked)} />}
        <Field label={m.sortBy} orientation="horizontal">
          <Dropdown
            value={m.sort[sortBy]}
            selectedOptions={[sortBy]}
            onOptionSelect={(_, d) => d.optionValue && list.setSortBy(d.optionValue as ReportSortBy)}
          >
            {sorts.map((key) => <Option key={key} value={key}>{m.sort[key]}</Option>)}
          </Dropdown>
        </Field>
      </div>
      {!folders ? (
        <Caption1 data-testid="folders-unavailable">{cw.kept.foldersUnavailable}</Caption1>
      ) : searching ? (
        <Caption1 role="status">{m.searchingAllFolders}</Caption1>
      ) : (
        <FolderBreadcrumb folderId={folderId} path={breadcrumb} onOpen={(id, known) => list.openFolder(id, known)} />
      )}
      {error !== null && (
        // Load more, a search or a folder failed: said where the user looks, focused (MessageInView).
        <MessageInView message={error} intent="error" takeFocus whenInPane actions={<Button onClick={() => list.reload()}>{m.tryAgain}</Button>}>
          {describeError(error, i18n)}
        </MessageInView>
      )}
      {kept && <KeptOutcome state={keptState} actions={kept.actions} />}
      {kept?.publishing && <KeptPublishPanel store={kept.publishing} />}
      {folders && !searching && <FolderList folders={subfolders} onOpen={(folder) => list.openFolder(folder.id, [...breadcrumb, { id: folder.id, name: folder.name }])} />}
      {error === null && reports === null && <Spinner size="tiny" label={searching ? m.searchingReports : m.loadingReports} />}
      {reports && reports.length === 0 && (searching || !folders || (subfolders?.length ?? 0) === 0) && !(kept && !searching && state.unavailable.length) && (
        <Text>{kept && !searching ? cw.kept.noneKept : folderId !== null && !searching ? m.emptyFolder : m.noReportsMatch}</Text>
      )}
      {reports && reports.length > 0 && (
        <ul className={styles.list} aria-label={m.reportsList}>
          {reports.map((report) => (
            <ReportRow
              key={report.id}
              report={report}
              placedCount={placedCounts.get(report.id) ?? 0}
              busy={busy}
              placeDisabled={placeDisabled}
              onPlace={onPlace}
              onOpenFolder={(entry, path) => list.openFolder(entry.id, path)}
              onPreview={previews && ((r) => previews.toggle(r))}
              preview={preview?.reportId === report.id ? <ReportPreview preview={preview} /> : undefined}
              noFolders={!folders}
              menu={kept && <KeptReportMenu report={report} actions={kept.actions} disabled={keptState.working} onOpenInBuilder={kept.onOpenInBuilder} />}
              below={kept && (
                <KeptReportForm report={report} state={keptState} actions={kept.actions} placements={placementsInWorkbook(report, placedCounts)} />
              )}
            />
          ))}
        </ul>
      )}
      {nextCursor && (
        // Fire and forget: a failed page is kept in the list's state and shown in its error area.
        <Button disabled={loadingMore} onClick={() => void list.loadMore()}>{loadingMore ? m.loading : m.loadMore}</Button>
      )}
      {kept && reports && <UnavailableReports reports={unavailableShown(state.unavailable, search)} />}
    </div>
  );
}
