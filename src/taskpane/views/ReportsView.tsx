import { Button, Caption1, SearchBox, Spinner, Switch, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Report } from '../../contract';
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
});

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
        .listReports(deploymentId, { search: search || undefined, sortBy: 'name', first: 50, externalWorkbookId }, controller.signal)
        .then((page) => setReports(page.items))
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(describeError(e));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [connection, deploymentId, search, onlyThisWorkbook, workbookId]);

  return (
    <div className={styles.column}>
      <SearchBox aria-label="Search reports" placeholder="Search reports" value={search} onChange={(_, d) => setSearch(d.value)} />
      <Switch label="In this workbook" checked={onlyThisWorkbook} onChange={(_, d) => setOnlyThisWorkbook(d.checked)} />
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
    </div>
  );
}
