import { Button, Caption1, Dropdown, Option, SearchBox, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Report, ReportSortBy } from '../../contract';
import type { Connection } from '../../placement/connection';
import { describeError } from '../errors';

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
/** `lastViewedAt` pages have no cursor on the platform, so that sort shows its first page only. */
const SORT_LABELS: Record<ReportSortBy, string> = {
  name: 'Name', updatedAt: 'Recently updated', createdAt: 'Recently created', lastViewedAt: 'Recently viewed',
};

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

/** The deployment's reports, searchable by name. React escapes every title and folder name it renders. */
export function ReportsView({ connection, deploymentId, workbookId, placedCounts, busy, onPlace }: ReportsViewProps) {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const [onlyThisWorkbook, setOnlyThisWorkbook] = useState(false);
  const [sortBy, setSortBy] = useState<ReportSortBy>('name');
  const [nextCursor, setNextCursor] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [reports, setReports] = useState<Report[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    // Debounced: one request once typing pauses, and a superseded request is cancelled.
    const timer = setTimeout(() => {
      setError(null);
      if (onlyThisWorkbook && !workbookId) {
        setReports([]);
        return;
      }
      const externalWorkbookId = onlyThisWorkbook ? workbookId ?? undefined : undefined;
      connection.platform
        .listReports(deploymentId, { search: search || undefined, sortBy, first: PAGE_SIZE, externalWorkbookId }, controller.signal)
        .then((page) => {
          setReports(page.items);
          setNextCursor(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(describeError(e));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [connection, deploymentId, search, onlyThisWorkbook, workbookId, sortBy]);

  const loadMore = async () => {
    if (!nextCursor) return;
    setLoadingMore(true);
    try {
      const externalWorkbookId = onlyThisWorkbook ? workbookId ?? undefined : undefined;
      const page = await connection.platform.listReports(deploymentId, { search: search || undefined, sortBy, first: PAGE_SIZE, after: nextCursor, externalWorkbookId });
      setReports((current) => [...(current ?? []), ...page.items]);
      setNextCursor(page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null);
    } catch (e) {
      setError(describeError(e));
    } finally {
      setLoadingMore(false);
    }
  };

  return (
    <div className={styles.column}>
      <SearchBox aria-label="Search reports" placeholder="Search reports" value={search} onChange={(_, d) => setSearch(d.value)} />
      <div className={styles.filters}>
        <Switch label="In this workbook" checked={onlyThisWorkbook} onChange={(_, d) => setOnlyThisWorkbook(d.checked)} />
        <Dropdown
          aria-label="Sort reports"
          value={SORT_LABELS[sortBy]}
          selectedOptions={[sortBy]}
          onOptionSelect={(_, d) => d.optionValue && setSortBy(d.optionValue as ReportSortBy)}
        >
          {(Object.keys(SORT_LABELS) as ReportSortBy[]).map((key) => <Option key={key} value={key}>{SORT_LABELS[key]}</Option>)}
        </Dropdown>
      </div>
      {error && <Text role="alert">{error}</Text>}
      {!error && reports === null && <Spinner size="tiny" label="Loading reports…" />}
      {reports && reports.length === 0 && <Text>No reports match.</Text>}
      {reports && reports.length > 0 && (
        <ul className={styles.list} aria-label="Reports">
          {reports.map((report) => {
            const titleId = `report-${report.id}`;
            return (
              <li key={report.id} className={styles.item} data-report-id={report.id}>
                <div className={styles.details}>
                  <Text weight="semibold" id={titleId}>{report.title}</Text>
                  <Caption1>
                    {report.folderPath.map((f) => f.name).join(' / ') || 'Top level'}
                    {placedCounts.get(report.id) ? ` · ${placedCounts.get(report.id)} here` : ''}
                  </Caption1>
                </div>
                <Button size="small" appearance="primary" disabled={busy} aria-describedby={titleId} onClick={() => onPlace(report)}>
                  Place
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {nextCursor && (
        <Button disabled={loadingMore} onClick={() => void loadMore()}>{loadingMore ? 'Loading…' : 'Load more'}</Button>
      )}
    </div>
  );
}
