import {
  Breadcrumb, BreadcrumbButton, BreadcrumbDivider, BreadcrumbItem, Button, Caption1, Dropdown, Link, MessageBar, MessageBarActions, MessageBarBody,
  Option, SearchBox, Spinner, Switch, Text, makeStyles, tokens,
} from '@fluentui/react-components';
import { Fragment, useEffect, useMemo, useRef, useState } from 'react';
import type { FolderRef, Report, ReportListParams, ReportSortBy } from '../../contract';
import type { Connection } from '../../placement/connection';
import { describeError } from '../errors';
import { useI18n } from '../i18n';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column' },
  item: {
    display: 'grid', gridTemplateColumns: '1fr auto', alignItems: 'center', gap: tokens.spacingHorizontalS,
    paddingBlock: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  details: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  filters: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const PAGE_SIZE = 50;
const SORTS: ReportSortBy[] = ['name', 'updatedAt', 'createdAt', 'lastViewedAt'];

export interface ReportsViewProps {
  connection: Connection;
  deploymentId: string;
  /** This workbook's external id, once it has one: the "In this workbook" filter needs it. */
  workbookId: string | null;
  /** How many placements each report has in this workbook. */
  placedCounts: Map<string, number>;
  busy: boolean;
  onPlace(report: Report): void;
}

/**
 * The deployment's reports: searchable by name, sortable, pageable, and browsable by folder (the platform
 * has no folder listing, so folders come from each report's `folderPath`: a click on a path segment opens
 * that folder, the breadcrumb leads back). React escapes every title and folder name it renders.
 */
export function ReportsView({ connection, deploymentId, workbookId, placedCounts, busy, onPlace }: ReportsViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m, number } = i18n;
  const [folderPath, setFolderPath] = useState<FolderRef[]>([]);
  const folderId = folderPath.at(-1)?.id;
  const [search, setSearch] = useState('');
  const [onlyThisWorkbook, setOnlyThisWorkbook] = useState(false);
  const [sortBy, setSortBy] = useState<ReportSortBy>('name');
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [reports, setReports] = useState<Report[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Bumped by "Try again" after a failed load. */
  const [attempt, setAttempt] = useState(0);
  // The workbook's id matters only to the "In this workbook" filter; it arriving must not reload other lists.
  const filterWorkbookId = onlyThisWorkbook ? workbookId : null;
  /** What the list asks the platform for; null when "In this workbook" is on before the workbook has an id. */
  const listParams = useMemo<ReportListParams | null>(
    () => (onlyThisWorkbook && !filterWorkbookId ? null : { search: search || undefined, sortBy, first: PAGE_SIZE, externalWorkbookId: filterWorkbookId ?? undefined, folderId }),
    [onlyThisWorkbook, filterWorkbookId, search, sortBy, folderId],
  );

  /** The request of the list on screen: a new search (or filter, sort, folder) aborts it and its Load more. */
  const shownList = useRef<AbortController | null>(null);

  const show = (page: { items: Report[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } }, append: boolean) => {
    setReports((current) => (append ? [...(current ?? []), ...page.items] : page.items));
    setNextCursor(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
  };

  useEffect(() => {
    const controller = new AbortController();
    // Debounced: one request once typing pauses, and a superseded request is cancelled.
    const timer = setTimeout(() => {
      setError(null);
      if (!listParams) {
        setReports([]);
        return;
      }
      connection.platform
        .listReports(deploymentId, listParams, controller.signal)
        .then((page) => {
          shownList.current = controller;
          show(page, false);
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(describeError(e, i18n));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [connection, deploymentId, listParams, i18n, attempt]);

  const loadMore = async () => {
    const signal = shownList.current?.signal;
    if (!nextCursor || !listParams || !signal || signal.aborted) return;
    setLoadingMore(true);
    try {
      const page = await connection.platform.listReports(deploymentId, { ...listParams, after: nextCursor }, signal);
      // A page of a list the user has since replaced (typed, sorted, filtered) is not appended to the new one.
      if (!signal.aborted) show(page, true);
    } catch (e) {
      if (!signal.aborted) setError(describeError(e, i18n));
    } finally {
      setLoadingMore(false);
    }
  };

  const openFolder = (path: FolderRef[]) => {
    setReports(null);
    setFolderPath(path);
  };

  return (
    <div className={styles.column}>
      <SearchBox aria-label={m.searchReports} placeholder={m.searchReports} value={search} onChange={(_, d) => setSearch(d.value)} />
      <div className={styles.filters}>
        <Switch label={m.inThisWorkbook} checked={onlyThisWorkbook} onChange={(_, d) => setOnlyThisWorkbook(d.checked)} />
        <Dropdown
          aria-label={m.sortReports}
          value={m.sort[sortBy]}
          selectedOptions={[sortBy]}
          onOptionSelect={(_, d) => d.optionValue && setSortBy(d.optionValue as ReportSortBy)}
        >
          {SORTS.map((key) => <Option key={key} value={key}>{m.sort[key]}</Option>)}
        </Dropdown>
      </div>
      <Breadcrumb aria-label={m.breadcrumb} size="small">
        <BreadcrumbItem>
          <BreadcrumbButton current={folderPath.length === 0} onClick={() => openFolder([])}>{m.allReports}</BreadcrumbButton>
        </BreadcrumbItem>
        {folderPath.map((folder, index) => (
          <Fragment key={folder.id}>
            <BreadcrumbDivider />
            <BreadcrumbItem>
              <BreadcrumbButton current={index === folderPath.length - 1} onClick={() => openFolder(folderPath.slice(0, index + 1))}>
                {folder.name}
              </BreadcrumbButton>
            </BreadcrumbItem>
          </Fragment>
        ))}
      </Breadcrumb>
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => setAttempt((n) => n + 1)}>{m.tryAgain}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {!error && reports === null && <Spinner size="tiny" label={m.loadingReports} />}
      {reports && reports.length === 0 && <Text>{m.noReportsMatch}</Text>}
      {reports && reports.length > 0 && (
        <ul className={styles.list} aria-label={m.reportsList}>
          {reports.map((report) => {
            const titleId = `report-${report.id}`;
            const count = placedCounts.get(report.id);
            return (
              <li key={report.id} className={styles.item} data-report-id={report.id}>
                <div className={styles.details}>
                  <Text weight="semibold" id={titleId}>{report.title}</Text>
                  <Caption1 data-testid="folder-path">
                    {report.folderPath.length === 0
                      ? m.topLevel
                      : report.folderPath.map((folder, index) => (
                        <Fragment key={folder.id}>
                          {index > 0 && ' / '}
                          <Link as="button" inline aria-label={m.openFolder(folder.name)} onClick={() => openFolder(report.folderPath.slice(0, index + 1))}>
                            {folder.name}
                          </Link>
                        </Fragment>
                      ))}
                    {count ? ` · ${m.placedHere(number(count))}` : ''}
                  </Caption1>
                </div>
                <Button size="small" appearance="primary" disabled={busy} aria-describedby={titleId} onClick={() => onPlace(report)}>
                  {m.place}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {nextCursor && (
        <Button disabled={loadingMore} onClick={() => void loadMore()}>{loadingMore ? m.loading : m.loadMore}</Button>
      )}
    </div>
  );
}
