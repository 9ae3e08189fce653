import {
  Button, Dropdown, Field, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Option, ProgressBar, Subtitle2,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import type { Deployment, Report } from '../../contract';
import type { Connection } from '../../placement/connection';
import type { PlacementService, WorkbookPlacement, WriteOutcome, WriteOptions } from '../../placement/placement-service';
import { describeError } from '../errors';
import { PlacementsView } from './PlacementsView';
import { ReportsView } from './ReportsView';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

interface Operation {
  label: string;
  rowsWritten?: number;
  totalRows?: number;
}

interface Confirmation {
  target: string;
  foreignCells: string[];
  proceed(): void;
}

export interface WorkspaceViewProps {
  connection: Connection;
  deployment: Deployment;
  service: PlacementService | null;
  onDeploymentChange(deployment: Deployment): void;
}

/** The connected pane: this workbook's placements and the reports that can be placed. */
export function WorkspaceView({ connection, deployment, service, onDeploymentChange }: WorkspaceViewProps) {
  const styles = useStyles();
  const [placements, setPlacements] = useState<WorkbookPlacement[] | null>(null);
  const [operation, setOperation] = useState<Operation | null>(null);
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = useCallback(async () => {
    if (!service) return;
    try {
      setPlacements(await service.workbookPlacements());
    } catch (e) {
      setError(describeError(e));
    }
  }, [service]);

  useEffect(() => {
    setPlacements(null);
    void reload();
  }, [reload]);

  /** Runs a place or refresh; on foreign content it stops and asks, and runs again only if the user agrees. */
  const run = async (label: string, write: (options: WriteOptions) => Promise<WriteOutcome>, overwrite = false) => {
    setError(null);
    setNotice(null);
    setConfirmation(null);
    setOperation({ label });
    try {
      const outcome = await write({
        overwrite,
        onProgress: (p) => setOperation({ label, rowsWritten: p.rowsWritten, totalRows: p.totalRows }),
      });
      if (outcome.kind === 'needs-confirmation') {
        setConfirmation({ target: outcome.target, foreignCells: outcome.foreignCells, proceed: () => void run(label, write, true) });
      } else {
        setNotice(`${outcome.report.title} is in ${outcome.placement.resultLocation}.`);
        await reload();
      }
    } catch (e) {
      setError(describeError(e));
    } finally {
      setOperation(null);
    }
  };

  const place = (report: Report) => service && void run(`Placing ${report.title}…`, (o) => service.place(report, o));
  const refresh = (entry: WorkbookPlacement) =>
    service && void run(`Refreshing ${entry.report.title}…`, (o) => service.refresh(entry.report, entry.placement, o));
  const busy = operation !== null || confirmation !== null || !service;

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

      {operation && (
        <Field label={operation.label} validationState="none" hint={operation.totalRows ? `${operation.rowsWritten ?? 0} of ${operation.totalRows} rows written` : undefined}>
          <ProgressBar value={operation.totalRows ? (operation.rowsWritten ?? 0) / operation.totalRows : undefined} />
        </Field>
      )}
      {confirmation && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Cells are not empty</MessageBarTitle>
            {confirmation.target} already holds data in {confirmation.foreignCells.slice(0, 5).join(', ')}
            {confirmation.foreignCells.length > 5 ? ' and more' : ''}. Overwrite it?
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={confirmation.proceed}>Overwrite</Button>
            <Button onClick={() => setConfirmation(null)}>Cancel</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {notice && (
        <MessageBar intent="success">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}

      <section className={styles.section} aria-labelledby="placements-heading">
        <Subtitle2 as="h2" id="placements-heading">In this workbook</Subtitle2>
        <PlacementsView placements={placements} busy={busy} onRefresh={refresh} />
      </section>
      <section className={styles.section} aria-labelledby="reports-heading">
        <Subtitle2 as="h2" id="reports-heading">Reports</Subtitle2>
        <ReportsView connection={connection} deploymentId={deployment.id} busy={busy} onPlace={place} />
      </section>
    </div>
  );
}
