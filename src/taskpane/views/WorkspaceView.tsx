import {
  Button, Caption1, Dropdown, Field, MessageBar, MessageBarActions, MessageBarBody, Option, ProgressBar, Spinner, Subtitle2, Switch, Tab, TabList,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { CubeQuery, Deployment, Report } from '../../contract';
import { reportTitle } from '../../core/report-definition';
import type { AnswerTarget } from '../../chat/chat-placement';
import type { ChatSettings } from '../../chat/chat-settings';
import type { Connection } from '../../session/connection';
import { PlacementDetachedError } from '../../placements/errors';
import { afterMakingRoom, moveWrite, type WorkbookPlacement, type WriteOutcome, type WriteOptions } from '../../placements/placement-service';
import { isDamaged } from '../../monitoring/live-edits';
import { openWorkspace } from '../../pane/workspace';
import { isRefreshable } from '../../monitoring/refresh-on-open';
import type { RibbonRefreshRequests } from '../../monitoring/ribbon-requests';
import { placementKey } from '../../placements/workbook-placements';
import { describeError, tableRefusalReason } from '../errors';
import { useI18n } from '../i18n';
import { PlacementsView, type PlacementOutcome } from './PlacementsView';
import { WorkspaceQuestion, type Question } from './WorkspaceQuestion';
import { ReportsView } from './ReportsView';
import { useExplorationBuilder } from './useExplorationBuilder';
import { useLiveEdits } from './useLiveEdits';
import { useRefreshAll } from './useRefreshAll';
import { useRefreshOnOpen } from './useRefreshOnOpen';
import { useRibbonRefreshAll } from './useRibbonRefreshAll';
import { useStatusRefresh } from './useStatusRefresh';
import { describeChatError } from './chat/chat-words';
import { useChatController } from './chat/useChatController';

const BuilderView = lazy(() => import('./builder/BuilderView').then((module) => ({ default: module.BuilderView })));
const ChatTab = lazy(() => import('./chat/ChatTab').then((module) => ({ default: module.ChatTab })));

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

export interface WorkspaceViewProps {
  connection: Connection;
  deployment: Deployment;
  /** The admin's localized title for the reports list, else the pane's own words. */
  reportsTitle: string;
  onDeploymentChange(deployment: Deployment): void;
  /** Where the agent chat reaches its agent; null until set in Settings. */
  chatSettings: ChatSettings | null;
  onOpenSettings(): void;
  /** "Refresh all" asked for from the ribbon: run here as the pane's own. */
  ribbon?: RibbonRefreshRequests;
}

/**
 * The connected pane: this workbook's placements (of every deployment) and the reports of the deployment the
 * user browses, which can be placed.
 */
export function WorkspaceView({ connection, deployment, reportsTitle, onDeploymentChange, chatSettings, onOpenSettings, ribbon }: WorkspaceViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m, number } = i18n;
  const describe = useCallback((e: unknown) => describeError(e, i18n), [i18n]);
  // One workspace per connection: switching the browsed deployment keeps the workbook's placements in view.
  // The words written into cells are the pane's language's (a refresh writes the refresher's language).
  const workspace = useMemo(() => openWorkspace(connection, { words: () => m.cells }), [connection, m.cells]);
  const service = workspace.placements;
  /** Bumped by "Try again" when the placements could not be listed. */
  const [retry, setRetry] = useState(0);
  const [listFailed, setListFailed] = useState(false);
  const writeDisabled = connection.appConfig.restrictDataDownload;
  const [selection, setSelection] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<Map<string, PlacementOutcome>>(new Map());
  const [placements, setPlacements] = useState<WorkbookPlacement[] | null>(null);
  const [operation, setOperation] = useState<Operation | null>(null);
  const [question, setQuestion] = useState<Question | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // Place's option: a flat report as an Excel table (on by default; kept with each placement in the workbook).
  const [asTable, setAsTable] = useState(true);
  const exploration = useExplorationBuilder(connection, workspace, placements, selection, describe, setError);
  const [tab, setTab] = useState<'workbook' | 'chat'>('workbook');
  const describeChat = useCallback((e: unknown) => describeChatError(e, i18n), [i18n]);
  const chat = useChatController(connection, chatSettings, describeChat);

  // "Place" writes at the selection: its address is shown live (WorkbookSelectionChanged).
  useEffect(() => {
    let stop: (() => Promise<void>) | null = null;
    let unmounted = false;
    service.watchSelection(setSelection).then(
      (remove) => (unmounted ? void remove() : (stop = remove)),
      () => setSelection(null),
    );
    return () => {
      unmounted = true;
      void stop?.();
    };
  }, [service]);

  const reload = useCallback(async () => {
    try {
      setPlacements(await service.workbookPlacements());
      setListFailed(false);
    } catch (e) {
      setListFailed(true);
      setError(describe(e));
    }
  }, [service, describe]);

  /** Records placements' outcomes (null: a clean write, back to the platform's status). */
  const recordOutcomes = (changes: [key: string | undefined, outcome: PlacementOutcome | null][]) => {
    setOutcomes((current) => {
      const next = new Map(current);
      for (const [placementId, outcome] of changes) {
        if (!placementId) continue;
        if (outcome) next.set(placementId, outcome);
        else next.delete(placementId);
      }
      return next;
    });
  };
  const setOutcome = (...changes: [key: string | undefined, outcome: PlacementOutcome | null][]) => recordOutcomes(changes);

  useEffect(() => {
    setPlacements(null);
    void reload();
  }, [reload, retry]);
  const refreshing = useRefreshAll(service, describe, m, recordOutcomes, reload);

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
    refreshing.dismiss();
    setOperation({ label });
    try {
      const outcome = await write({
        ...permissions,
        onProgress: (p) => setOperation({ label, rowsWritten: p.rowsWritten, totalRows: p.totalRows }),
      });
      if (outcome.kind === 'needs-confirmation') {
        const room = outcome.room;
        setQuestion({
          kind: 'overwrite', target: outcome.target, foreignCells: outcome.foreignCells,
          proceed: () => void run(label, write, { ...permissions, overwrite: true }, placementId),
          // Room to grow: insert rows (then write), or move the placement to the selection.
          insert: room && { ways: room.insert, proceed: (how) => void run(label, afterMakingRoom(service, room, how, write), permissions, placementId) },
          move: room && (() => void run(label, moveWrite(service, room, write), permissions, placementId)),
        });
        return false;
      }
      if (outcome.kind === 'hand-edits') {
        setOutcome([placementId, { state: 'EDITED' }]);
        setQuestion({
          kind: 'hand-edits', rows: outcome.rows, cells: outcome.cells,
          proceed: () => void run(label, write, { ...permissions, overwriteHandEdits: true }, placementId),
          locate: () => void service.selectCells(outcome.location, outcome.cells).catch((e: unknown) => setError(describe(e))),
        });
        return false;
      }
      // The list is brought up to date first, so the notice never describes a state the list does not show.
      setOutcome([placementId, null]);
      await reload();
      setOperation(null);
      const cut = outcome.cutAt ? ` ${m.cutNotice(number(outcome.cutAt))}` : '';
      // A refresh says what changed: "12 rows, was 10".
      const rows = placementId && outcome.rows && outcome.rows.was !== null
        ? ` ${m.rowsNowWas(number(outcome.rows.now), outcome.rows.now, number(outcome.rows.was))}` : '';
      // Excel refused the table: the placement is plain cells, and the notice says why.
      const table = outcome.table ? ` ${m.tablePlainCells(tableRefusalReason(outcome.table, m))}` : '';
      setNotice(`${m.placedNotice(reportTitle(outcome.report), outcome.placement.resultLocation)}${rows}${cut}${table}`);
      return true;
    } catch (e) {
      const reason = describe(e);
      setOutcome([placementId, e instanceof PlacementDetachedError ? { state: 'DETACHED' } : { state: 'FAILED', reason }]);
      setError(reason);
      return false;
    } finally {
      setOperation(null);
    }
  };

  const titleOf = (entry: WorkbookPlacement) => (entry.report ? reportTitle(entry.report) : m.noAccessTitle);
  const place = (report: Report) => void run(m.placing(reportTitle(report)), (o) => service.place(report, { ...o, asTable }));
  const refresh = (entry: WorkbookPlacement) => run(m.refreshing(titleOf(entry)), (o) => service.refresh(entry, o), {}, placementKey(entry));
  const refreshReport = async (entries: WorkbookPlacement[]) => {
    for (const entry of entries) {
      // One at a time: a question or a failure stops the rest so nothing is written behind the user's back.
      if (!(await refresh(entry))) return;
    }
  };
  const placeAgain = async (entry: WorkbookPlacement) => {
    if (!entry.report) return;
    // Damaged (rows or columns inside it deleted): its whole result is written again where it is; hand edits in
    // what is left go with the rest, anything foreign where it grows back is asked about first.
    if (isDamaged(entry)) {
      await run(m.placing(titleOf(entry)), (o) => service.refresh(entry, o), {}, placementKey(entry));
      return;
    }
    const placed = await run(m.placing(titleOf(entry)), (o) => service.place(entry.report!, o));
    if (placed) await disconnect(entry);
  };
  /** "As an Excel table" from a placement's card: converted in place; a table Excel refuses is said in words. */
  const setTable = async (entry: WorkbookPlacement, on: boolean) => {
    setError(null);
    setNotice(null);
    refreshing.dismiss();
    setOperation({ label: m.placing(titleOf(entry)) });
    try {
      const refusal = await service.setTable(entry, on);
      await reload();
      if (refusal) setNotice(m.tableStillPlain(tableRefusalReason(refusal, m)));
    } catch (e) {
      setError(describe(e));
    } finally {
      setOperation(null);
    }
  };
  const relink = async (entry: WorkbookPlacement) => {
    setError(null);
    refreshing.dismiss();
    try {
      await service.relink(entry);
      await reload();
    } catch (e) {
      setError(describe(e));
    }
  };
  const disconnect = async (entry: WorkbookPlacement, clearCells = false) => {
    // A message about this placement (or the run that touched it) would outlive it.
    setError(null);
    setNotice(null);
    setQuestion(null);
    refreshing.dismiss();
    try {
      await service.disconnect(entry, clearCells);
      setOutcome([placementKey(entry), null]);
      await reload();
    } catch (e) {
      setError(describe(e));
    }
  };
  /** What Refresh all can refresh: readable placements with ids and cells. */
  const refreshable = (placements ?? []).filter(isRefreshable);
  const refreshAll = () => {
    setError(null);
    setNotice(null);
    return refreshing.refreshAll(refreshable);
  };
  const placedCounts = new Map<number, number>();
  for (const entry of placements ?? []) {
    if (entry.deploymentId === deployment.id) placedCounts.set(entry.reportId, (placedCounts.get(entry.reportId) ?? 0) + 1);
  }
  const { allRun, runStates, summary: runSummary } = refreshing;
  const busy = operation !== null || question !== null || allRun?.running === true;
  // "Refresh when this workbook opens": on, the tracked Refresh all runs once when the pane opens; off, the pane says what is stale.
  const onOpen = useRefreshOnOpen(workspace.workbook, placements, !writeDisabled && !busy, refreshAll, (e) => setError(describe(e)));
  // The ribbon's "Refresh all" runs this same tracked run; asked for during one, it waits for that one to end.
  useRibbonRefreshAll(ribbon, {
    runUnderWay: allRun?.running ? allRun.handle.done : null,
    canStart: placements !== null && !busy && exploration.builder === null,
    refusal: writeDisabled ? m.downloadRestricted : null,
    start: () => {
      if (refreshable.length) return refreshAll();
      setNotice(m.ribbonNothingToRefresh);
      return Promise.resolve();
    },
    onRefused: (reason) => setError(m.ribbonRefreshRefused(reason)),
  });
  // Hand edits show as they are made (the sheets' onChanged); checks wait while the pane or the builder writes.
  // A typed-back value clears "Edited by hand" everywhere, the finished Refresh all's finding included.
  useLiveEdits(workspace, placements, busy || exploration.builder !== null, setOutcomes, setError, setPlacements, refreshing.handEditsUndone);
  // The platform's statuses are read again on focus and every few minutes (an admin's edit shows without a reload).
  useStatusRefresh(workspace, placements, busy || exploration.builder !== null, setPlacements, reload, setError);

  if (exploration.builder) {
    return (
      <Suspense fallback={<Spinner size="tiny" label={m.loading} />}>
        <BuilderView
          controller={exploration.builder}
          onClose={() => {
            exploration.closed();
            void reload();
          }}
        />
      </Suspense>
    );
  }

  const tabs = (
    <TabList
      selectedValue={tab}
      onTabSelect={(_, data) => {
        setTab(data.value as 'workbook' | 'chat');
        if (data.value === 'chat') chat.show();
      }}
      aria-label={m.chat.tabsLabel}
    >
      <Tab value="workbook">{m.chat.workbookTab}</Tab>
      <Tab value="chat">{m.chat.chatTab}</Tab>
    </TabList>
  );
  if (tab === 'chat') {
    return (
      <div className={styles.column}>
        {tabs}
        <Suspense fallback={<Spinner size="tiny" label={m.loading} />}>
          <ChatTab
            chat={chat}
            connection={connection}
            workspace={workspace}
            deploymentId={deployment.id}
            selection={selection}
            onOpenSettings={onOpenSettings}
            onPlace={(target: AnswerTarget, query: CubeQuery) => exploration.openAnswer(target, query)}
          />
        </Suspense>
      </div>
    );
  }

  return (
    <div className={styles.column}>
      {tabs}
      <Field label={m.deployment}>
        <Dropdown
          value={deployment.name}
          selectedOptions={[String(deployment.id)]}
          onOptionSelect={(_, data) => {
            const next = connection.deployments.find((d) => String(d.id) === data.optionValue);
            if (next) onDeploymentChange(next);
          }}
        >
          {connection.deployments.map((d) => (
            <Option key={d.id} value={String(d.id)}>{d.name}</Option>
          ))}
        </Dropdown>
      </Field>
      {writeDisabled && (
        <MessageBar intent="warning" layout="multiline" data-testid="download-restricted">
          <MessageBarBody>{m.downloadRestricted}</MessageBarBody>
        </MessageBar>
      )}

      {operation && (
        <Field
          label={operation.label}
          validationState="none"
          hint={operation.totalRows ? m.rowsWritten(number(operation.rowsWritten ?? 0), number(operation.totalRows)) : undefined}
        >
          <ProgressBar value={operation.totalRows ? (operation.rowsWritten ?? 0) / operation.totalRows : undefined} />
        </Field>
      )}
      {question && (
        <WorkspaceQuestion
          question={question}
          title={question.kind === 'disconnect' ? titleOf(question.entry) : ''}
          onDisconnect={(entry, clearCells) => void disconnect(entry, clearCells)}
          onCancel={() => setQuestion(null)}
          selection={selection}
        />
      )}
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
          {listFailed && (
            <MessageBarActions>
              <Button onClick={() => setRetry((n) => n + 1)}>{m.tryAgain}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {notice && (
        <MessageBar intent="success">
          <MessageBarBody>{notice}</MessageBarBody>
        </MessageBar>
      )}

      <section className={styles.section} aria-labelledby="placements-heading">
        <div className={styles.sectionHeader}>
          <Subtitle2 as="h2" id="placements-heading">{m.inThisWorkbook}</Subtitle2>
          <Button size="small" disabled={busy || writeDisabled || !refreshable.length} onClick={() => void refreshAll()}>{m.refreshAll}</Button>
        </div>
        <Switch
          checked={onOpen.choice?.on ?? false}
          disabled={!onOpen.choice?.supported || busy}
          onChange={(_, data) => void onOpen.toggle(data.checked)}
          label={m.refreshOnOpen}
          aria-describedby="refresh-on-open-hint"
          data-testid="refresh-on-open"
        />
        {/* Its name stays the choice alone; where it is kept, or why it cannot be chosen, is its description. */}
        <Caption1 id="refresh-on-open-hint">{onOpen.choice && !onOpen.choice.supported ? m.refreshOnOpenUnsupported : m.refreshOnOpenHint}</Caption1>
        {!allRun && onOpen.choice && !onOpen.choice.on && onOpen.stale > 0 && (
          <MessageBar intent="info" data-testid="out-of-date">
            {/* The section's own Refresh all button, just above, refreshes them. */}
            <MessageBarBody>{m.outOfDate[new Intl.PluralRules(i18n.locale).select(onOpen.stale) === 'one' ? 'one' : 'other'](number(onOpen.stale))}</MessageBarBody>
          </MessageBar>
        )}
        {allRun && (
          <div className={styles.runBar} role="status" aria-live="polite">
            <span>{runSummary}</span>
            {allRun.running && <Button size="small" onClick={() => allRun.handle.stop()}>{m.stop}</Button>}
          </div>
        )}
        <PlacementsView
          placements={placements}
          currentUserId={connection.user.id}
          deployments={connection.deployments}
          browsedDeploymentId={deployment.id}
          outcomes={outcomes}
          runStates={runStates}
          busy={busy}
          writeDisabled={writeDisabled}
          onRefresh={(entry) => void refresh(entry)}
          onRefreshReport={(entries) => void refreshReport(entries)}
          onPlaceAgain={(entry) => void placeAgain(entry)}
          onRelink={(entry) => void relink(entry)}
          onEdit={(entry) => exploration.openPlacement(entry, true)}
          onTableChange={(entry, on) => void setTable(entry, on)}
          onDisconnect={(entry) => (outcomes.get(placementKey(entry))?.state === 'DETACHED' || entry.location === null ? void disconnect(entry) : setQuestion({ kind: 'disconnect', entry }))}
          onLocate={(entry) => {
            service.locate(entry).catch((e: unknown) => {
              if (e instanceof PlacementDetachedError) setOutcome([placementKey(entry), { state: 'DETACHED' }]);
              setError(describe(e));
            });
          }}
        />
      </section>
      <section className={styles.section} aria-labelledby="reports-heading">
        <div className={styles.sectionHeader}>
          <Subtitle2 as="h2" id="reports-heading">{reportsTitle}</Subtitle2>
          <Button size="small" disabled={busy || writeDisabled} onClick={() => exploration.openNew(deployment.id)}>{m.builder.explore}</Button>
        </div>
        <Caption1 role="status" data-testid="place-target">{selection ? m.placesAt(selection) : m.selectionUnknown}</Caption1>
        <Switch checked={asTable} onChange={(_, data) => setAsTable(data.checked)} label={`${m.placeAsTable} (${m.placeAsTableHint})`} data-testid="place-as-table" />
        <ReportsView
          store={workspace.reports}
          deploymentId={deployment.id}
          workbookId={placements?.[0]?.placement.workbookId ?? null}
          placedCounts={placedCounts}
          busy={busy}
          placeDisabled={writeDisabled}
          onPlace={place}
        />
      </section>
    </div>
  );
}
