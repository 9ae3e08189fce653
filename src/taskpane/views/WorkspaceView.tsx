import {
  Button, Dropdown, Field, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Option, ProgressBar, Subtitle2,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { useCallback, useEffect, useState } from 'react';
import type { Deployment, Report } from '../../contract';
import type { Connection } from '../../placement/connection';
import { PlacementDetachedError, type PlacementService, type WorkbookPlacement, type WriteOutcome, type WriteOptions } from '../../placement/placement-service';
import { progressOf, startRefreshAll, type RefreshAllRun, type RefreshItem } from '../../placement/refresh-all';
import { describeError } from '../errors';
import { PlacementsView } from './PlacementsView';
import { ReportsView } from './ReportsView';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sectionHeader: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
  runBar: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

interface Operation {
  label: string;
  rowsWritten?: number;
  totalRows?: number;
}

type Question =
  | { kind: 'disconnect'; entry: WorkbookPlacement }
  | { kind: 'overwrite'; target: string; foreignCells: string[]; proceed(): void }
  | { kind: 'hand-edits'; rows: number[]; cells: string[]; proceed(): void; locate(): void };

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
  const [question, setQuestion] = useState<Question | null>(null);
  const [allRun, setAllRun] = useState<{ handle: RefreshAllRun; items: readonly RefreshItem[]; running: boolean } | null>(null);
  const [detached, setDetached] = useState<Set<string>>(new Set());
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

  /**
   * Runs a place or refresh. When it stops to ask (foreign content, hand edits) nothing has been written;
   * the user's answer runs it again with that permission. Resolves true once written.
   */
  const run = async (
    label: string,
    write: (options: WriteOptions) => Promise<WriteOutcome>,
    permissions: Pick<WriteOptions, 'overwrite' | 'overwriteHandEdits'> = {},
    placementId?: string,
  ): Promise<boolean> => {
    setError(null);
    setNotice(null);
    setQuestion(null);
    setOperation({ label });
    try {
      const outcome = await write({
        ...permissions,
        onProgress: (p) => setOperation({ label, rowsWritten: p.rowsWritten, totalRows: p.totalRows }),
      });
      if (outcome.kind === 'needs-confirmation') {
        setQuestion({
          kind: 'overwrite', target: outcome.target, foreignCells: outcome.foreignCells,
          proceed: () => void run(label, write, { ...permissions, overwrite: true }, placementId),
        });
        return false;
      }
      if (outcome.kind === 'hand-edits') {
        setQuestion({
          kind: 'hand-edits', rows: outcome.rows, cells: outcome.cells,
          proceed: () => void run(label, write, { ...permissions, overwriteHandEdits: true }, placementId),
          locate: () => void service?.selectCells(outcome.location, outcome.cells).catch((e: unknown) => setError(describeError(e))),
        });
        return false;
      }
      // The list is brought up to date first, so the notice never describes a state the list does not show.
      await reload();
      setOperation(null);
      const cut = outcome.cutAt ? ` The result was cut at ${outcome.cutAt.toLocaleString()} rows.` : '';
      setNotice(`${outcome.report.title} is in ${outcome.placement.resultLocation}.${cut}`);
      return true;
    } catch (e) {
      if (e instanceof PlacementDetachedError && placementId) setDetached((d) => new Set(d).add(placementId));
      setError(describeError(e));
      return false;
    } finally {
      setOperation(null);
    }
  };

  const place = (report: Report) => service && void run(`Placing ${report.title}…`, (o) => service.place(report, o));
  const refresh = (entry: WorkbookPlacement) =>
    service && run(`Refreshing ${entry.report.title}…`, (o) => service.refresh(entry.report, entry.placement, o), {}, entry.placement.id);
  const refreshReport = async (entries: WorkbookPlacement[]) => {
    for (const entry of entries) {
      // One at a time: a question or a failure stops the rest so nothing is written behind the user's back.
      if (!(await refresh(entry))) return;
    }
  };
  const placeAgain = async (entry: WorkbookPlacement) => {
    if (!service) return;
    const placed = await run(`Placing ${entry.report.title}…`, (o) => service.place(entry.report, o));
    if (placed) await disconnect(entry);
  };
  const disconnect = async (entry: WorkbookPlacement, clearCells = false) => {
    if (!service) return;
    setQuestion(null);
    try {
      await service.disconnect(entry.report, entry.placement, clearCells);
      setDetached((d) => {
        const next = new Set(d);
        next.delete(entry.placement.id);
        return next;
      });
      await reload();
    } catch (e) {
      setError(describeError(e));
    }
  };
  const refreshAll = async () => {
    if (!service || !placements?.length) return;
    setError(null);
    setNotice(null);
    const handle = startRefreshAll(service, placements, {
      describe: describeError,
      onUpdate: (items) => setAllRun((current) => (current ? { ...current, items: [...items] } : current)),
    });
    setAllRun({ handle, items: [...handle.items], running: true });
    const items = await handle.done;
    setAllRun({ handle, items: [...items], running: false });
    await reload();
  };
  const placedCounts = new Map<string, number>();
  for (const entry of placements ?? []) placedCounts.set(entry.report.id, (placedCounts.get(entry.report.id) ?? 0) + 1);
  const runStates = new Map((allRun?.items ?? []).map((item) => [item.entry.placement.id, { state: item.state, reason: item.reason }]));
  const busy = operation !== null || question !== null || !service || allRun?.running === true;

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
      {question?.kind === 'disconnect' && (
        <MessageBar intent="info" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Disconnect {question.entry.report.title}?</MessageBarTitle>
            Its cells at {question.entry.placement.resultLocation} will no longer be refreshed. Clear them too?
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void disconnect(question.entry, true)}>Disconnect and clear</Button>
            <Button appearance="primary" onClick={() => void disconnect(question.entry, false)}>Keep the cells</Button>
            <Button onClick={() => setQuestion(null)}>Cancel</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {question?.kind === 'overwrite' && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Cells are not empty</MessageBarTitle>
            {question.target} already holds data in {question.foreignCells.slice(0, 5).join(', ')}
            {question.foreignCells.length > 5 ? ' and more' : ''}. Overwrite it?
          </MessageBarBody>
          <MessageBarActions>
            <Button appearance="primary" onClick={question.proceed}>Overwrite</Button>
            <Button onClick={() => setQuestion(null)}>Cancel</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {question?.kind === 'hand-edits' && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>
            <MessageBarTitle>Edited by hand</MessageBarTitle>
            {question.rows.length === 1 ? `Row ${question.rows[0]} was` : `Rows ${question.rows.slice(0, 8).join(', ')}${question.rows.length > 8 ? '…' : ''} were`} changed
            since the last refresh ({question.cells.slice(0, 6).join(', ')}{question.cells.length > 6 ? '…' : ''}). Refreshing replaces those changes.
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={question.locate}>Locate</Button>
            <Button appearance="primary" onClick={question.proceed}>Refresh anyway</Button>
            <Button onClick={() => setQuestion(null)}>Cancel</Button>
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
        <div className={styles.sectionHeader}>
          <Subtitle2 as="h2" id="placements-heading">In this workbook</Subtitle2>
          <Button size="small" disabled={busy || !placements?.length} onClick={() => void refreshAll()}>Refresh all</Button>
        </div>
        {allRun && (
          <div className={styles.runBar} role="status" aria-live="polite">
            <span>{progressOf(allRun.items).finished} of {progressOf(allRun.items).total} refreshed</span>
            {allRun.running && <Button size="small" onClick={() => allRun.handle.stop()}>Stop</Button>}
          </div>
        )}
        <PlacementsView
          placements={placements}
          detached={detached}
          runStates={runStates}
          busy={busy}
          onRefresh={(entry) => void refresh(entry)}
          onRefreshReport={(entries) => void refreshReport(entries)}
          onPlaceAgain={(entry) => void placeAgain(entry)}
          onDisconnect={(entry) => (detached.has(entry.placement.id) ? void disconnect(entry) : setQuestion({ kind: 'disconnect', entry }))}
          onLocate={(entry) => {
            if (!service) return;
            service.locate(entry.placement).catch((e: unknown) => {
              if (e instanceof PlacementDetachedError) setDetached((d) => new Set(d).add(entry.placement.id));
              setError(describeError(e));
            });
          }}
        />
      </section>
      <section className={styles.section} aria-labelledby="reports-heading">
        <Subtitle2 as="h2" id="reports-heading">Reports</Subtitle2>
        <ReportsView
          connection={connection}
          deploymentId={deployment.id}
          workbookId={placements?.[0]?.placement.workbookId ?? null}
          placedCounts={placedCounts}
          busy={busy}
          onPlace={place}
        />
      </section>
    </div>
  );
}
