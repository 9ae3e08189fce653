import { Caption1, Dropdown, Field, Option, SearchBox, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Deployment, Report } from '../../contract';
import type { Connection } from '../../placement/connection';
import { describeError } from '../errors';

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  item: { display: 'flex', flexDirection: 'column', padding: tokens.spacingVerticalXS, borderBottom: `1px solid ${tokens.colorNeutralStroke2}` },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface ReportsViewProps {
  connection: Connection;
  deployment: Deployment;
  onDeploymentChange(deployment: Deployment): void;
}

/** Reports of the chosen deployment, searchable by name. React escapes every title and path it renders. */
export function ReportsView({ connection, deployment, onDeploymentChange }: ReportsViewProps) {
  const styles = useStyles();
  const [search, setSearch] = useState('');
  const [reports, setReports] = useState<Report[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setError(null);
      connection.platform
        .listReports(deployment.id, { search: search || undefined, sortBy: 'name', first: 50 }, controller.signal)
        .then((page) => setReports(page.items))
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(describeError(e));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [connection, deployment.id, search]);

  return (
    <div className={styles.column}>
      <Field label="Deployment">
        <Dropdown
          value={deployment.name}
          selectedOptions={[deployment.id]}
          onOptionSelect={(_, data) => {
            const next = connection.deployments.find((d) => d.id === data.optionValue);
            if (next) onDeploymentChange(next);
          }}
        >
          {connection.deployments.map((d) => (
            <Option key={d.id} value={d.id}>{d.name}</Option>
          ))}
        </Dropdown>
      </Field>
      <SearchBox aria-label="Search reports" placeholder="Search reports" value={search} onChange={(_, d) => setSearch(d.value)} />
      {error && <Text role="alert">{error}</Text>}
      {!error && reports === null && <Spinner size="tiny" label="Loading reports…" />}
      {reports && reports.length === 0 && <Text>No reports match.</Text>}
      {reports && reports.length > 0 && (
        <ul className={styles.list} aria-label="Reports">
          {reports.map((report) => (
            <li key={report.id} className={styles.item}>
              <Text weight="semibold">{report.title}</Text>
              <Caption1>{report.folderPath.map((f) => f.name).join(' / ') || 'Top level'}</Caption1>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
