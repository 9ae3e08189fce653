import {
  Button, Caption1, Dropdown, Field, MessageBar, MessageBarActions, MessageBarBody, Option, SearchBox, Spinner, Switch, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Folder, FolderPathEntry, Report, ReportListParams, ReportSortBy } from '../../contract';
import type { ReportPreviewStore } from '../../pane/report-preview-store';
import type { ReportStore } from '../../ports/report-store';
import { describeError } from '../errors';
import { useI18n } from '../i18n';
import { useCubeWords } from '../i18n/cube-words';
import { FolderBreadcrumb, FolderList } from './FolderList';
import { KeptPublishPanel } from './kept/KeptPublishPanel';
import { KeptOutcome, KeptReportForm, KeptReportMenu, UnavailableReports } from './kept/KeptReportParts';
import { placementsInWorkbook, unavailableShown, type KeptReportsBrowse } from './kept/kept-reports';
import { useKeptBrowse } from './kept/useKeptBrowse';
import { ReportPreview } from './ReportPreview';
import { ReportRow } from './ReportRow';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  filters: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const PAGE_SIZE = 50;
const SORTS: ReportSortBy[] = ['name', 'updatedAt', 'createdAt', 'lastViewedAt'];
/** The workbook keeps no "last viewed". */
const KEPT_SORTS = SORTS.filter((key) => key !== 'lastViewedAt');

type ReportPage = { items: Report[]; pageInfo?: { hasNextPage: boolean; endCursor?: string | null } | null };

/** The reports on screen and the request they answer. */
interface ShownList {
  params: ReportListParams | null;
  reports: Report[];
  nextCursor: string | null;
}

export interface ReportsViewProps {
  /** Where the reports and folders come from. */
  store: ReportStore;
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

/**
 * The deployment's reports as a folder tree: the subfolders of the folder open (the workspace root at first,
 * one level at a time from `GET …/folders`) and its reports, with a breadcrumb back up (from `…/ancestors`).
 * At the root the list holds every report, each with its folder path; a search looks in all folders. Sorting,
 * "In this workbook" and Load more work everywhere. A report's Preview opens below its row. React escapes every
 * title and folder name it renders. Reports kept in the workbook (`kept`) have no folders, and a menu each.
 */
export function ReportsView({ store, deploymentId, workbookId, placedCounts, busy, placeDisabled, onPlace, previews, kept }: ReportsViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const cw = useCubeWords();
  const { m } = i18n;
  const [folderId, setFolderId] = useState<number | null>(null);
  const [breadcrumb, setBreadcrumb] = useState<FolderPathEntry[]>([]);
  const [subfolders, setSubfolders] = useState<Folder[] | null>(null);
  const [search, setSearch] = useState('');
  const [onlyThisWorkbook, setOnlyThisWorkbook] = useState(false);
  const [sortChosen, setSortBy] = useState<ReportSortBy>('name');
  const sorts = kept ? KEPT_SORTS : SORTS;
  const sortBy = sorts.includes(sortChosen) ? sortChosen : 'name';
  const [loadingMore, setLoadingMore] = useState(false);
  const [shown, setShown] = useState<ShownList | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Bumped by "Try again" after a failed load. */
  const [attempt, setAttempt] = useState(0);
  const searching = search.trim() !== '';
  // The workbook's id matters only to the "In this workbook" filter; it arriving must not reload other lists.
  const onlyHere = onlyThisWorkbook && !kept;
  const filterWorkbookId = onlyHere ? workbookId : null;
  const folders = !kept;
  /** What the list asks the platform for; null when "In this workbook" is on before the workbook has an id. */
  const listParams = useMemo<ReportListParams | null>(
    () => (onlyHere && !filterWorkbookId
      ? null
      : {
        search: searching ? search.trim() : undefined,
        sortBy,
        first: PAGE_SIZE,
        externalWorkbookId: filterWorkbookId ?? undefined,
        // A search looks in every folder; otherwise the open folder's own reports.
        folderId: searching || folderId === null || !folders ? undefined : folderId,
      }),
    [onlyHere, filterWorkbookId, search, searching, sortBy, folderId, folders],
  );
  // Only the answer to what is asked now is listed: while a search (or sort, filter, folder) is on its way, the
  // previous results are hidden and a spinner shows instead.
  const current = shown?.params === listParams ? shown : null;
  const reports = current?.reports ?? null;
  const nextCursor = current?.nextCursor ?? null;

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const failed = useCallback((e: unknown) => setError(describeError(e, i18n)), [i18n]);
  const keptBrowse = useKeptBrowse(kept, attempt, reload, failed);

  const previewSource = previews ?? noPreviews;
  const { open: preview } = useSyncExternalStore(previewSource.subscribe, previewSource.getState, previewSource.getState);

  // Back to the root when the deployment changes: its folders are another tree.
  useEffect(() => {
    setFolderId(null);
    setBreadcrumb([]);
  }, [deploymentId]);

  // A preview belongs to the deployment it was opened in, and stops when the list goes.
  useEffect(() => () => previews?.close(), [previews, deploymentId]);

  /** The request of the list on screen: a new search (or filter, sort, folder) aborts it and its Load more. */
  const shownList = useRef<AbortController | null>(null);

  const show = (params: ReportListParams | null, page: ReportPage, append: boolean) => {
    setShown((before) => ({
      params,
      reports: append && before ? [...before.reports, ...page.items] : page.items,
      nextCursor: page.pageInfo?.hasNextPage ? page.pageInfo.endCursor ?? null : null,
    }));
  };

  useEffect(() => {
    const controller = new AbortController();
    // Debounced: one request once typing pauses, and a superseded request is cancelled.
    const timer = setTimeout(() => {
      setError(null);
      if (!listParams) {
        show(null, { items: [] }, false);
        return;
      }
      store
        .listReports(deploymentId, listParams, controller.signal)
        .then((page) => {
          shownList.current = controller;
          show(listParams, page, false);
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(describeError(e, i18n));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [store, deploymentId, listParams, i18n, attempt]);

  // The open folder's subfolders, one level at a time; none while searching all folders, or without folders.
  useEffect(() => {
    if (searching || !folders) return;
    const controller = new AbortController();
    setSubfolders(null);
    store
      .allFolders(deploymentId, folderId ?? undefined, controller.signal)
      .then(setSubfolders, (e: unknown) => {
        if (!controller.signal.aborted) setError(describeError(e, i18n));
      });
    return () => controller.abort();
  }, [store, deploymentId, folderId, searching, folders, i18n, attempt]);

  const loadMore = async () => {
    const signal = shownList.current?.signal;
    if (!nextCursor || !listParams || !signal || signal.aborted) return;
    setLoadingMore(true);
    try {
      const page = await store.listReports(deploymentId, { ...listParams, after: nextCursor }, signal);
      // A page of a list the user has since replaced (typed, sorted, filtered) is not appended to the new one.
      if (!signal.aborted) show(listParams, page, true);
    } catch (e) {
      if (!signal.aborted) setError(describeError(e, i18n));
    } finally {
      setLoadingMore(false);
    }
  };

  /** Opens a folder (null: the root); its breadcrumb comes from the platform's ancestors of it. */
  const openFolder = (id: number | null, known: FolderPathEntry[] = []) => {
    setSearch('');
    setFolderId(id);
    setBreadcrumb(known);
    if (id === null) return;
    store.folderAncestors(deploymentId, id).then(
      (chain) => setBreadcrumb(chain.map((f) => ({ id: f.id, name: f.name }))),
      (e: unknown) => setError(describeError(e, i18n)),
    );
  };

  return (
    <div className={styles.column}>
      <SearchBox aria-label={m.searchReports} placeholder={m.searchReports} value={search} onChange={(_, d) => setSearch(d.value)} />
      <div className={styles.filters}>
        {!kept && <Switch label={m.inThisWorkbook} checked={onlyThisWorkbook} onChange={(_, d) => setOnlyThisWorkbook(d.checked)} />}
        <Field label={m.sortBy} orientation="horizontal">
          <Dropdown
            value={m.sort[sortBy]}
            selectedOptions={[sortBy]}
            onOptionSelect={(_, d) => d.optionValue && setSortBy(d.optionValue as ReportSortBy)}
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
        <FolderBreadcrumb folderId={folderId} path={breadcrumb} onOpen={openFolder} />
      )}
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setAttempt((n) => n + 1)}>{m.tryAgain}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {kept && <KeptOutcome state={keptBrowse.state} actions={keptBrowse.actions} />}
      {kept?.publish && <KeptPublishPanel publish={kept.publish} onChanged={() => { reload(); kept.onReportsChanged?.(); }} />}
      {folders && !searching && <FolderList folders={subfolders} onOpen={(folder) => openFolder(folder.id, [...breadcrumb, { id: folder.id, name: folder.name }])} />}
      {!error && reports === null && <Spinner size="tiny" label={searching ? m.searchingReports : m.loadingReports} />}
      {reports && reports.length === 0 && (searching || !folders || (subfolders?.length ?? 0) === 0) && !(kept && !searching && keptBrowse.unavailable.length) && (
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
              onOpenFolder={(entry, path) => openFolder(entry.id, path)}
              onPreview={previews && ((r) => previews.toggle(r))}
              preview={preview?.reportId === report.id ? <ReportPreview preview={preview} /> : undefined}
              noFolders={!folders}
              menu={kept && <KeptReportMenu report={report} actions={keptBrowse.actions} disabled={keptBrowse.state.working} onOpenInBuilder={kept.onOpenInBuilder} />}
              below={kept && (
                <KeptReportForm report={report} state={keptBrowse.state} actions={keptBrowse.actions} placements={placementsInWorkbook(report, placedCounts)} />
              )}
            />
          ))}
        </ul>
      )}
      {nextCursor && (
        <Button disabled={loadingMore} onClick={() => void loadMore()}>{loadingMore ? m.loading : m.loadMore}</Button>
      )}
      {kept && reports && <UnavailableReports reports={unavailableShown(keptBrowse.unavailable, search)} />}
    </div>
  );
}
