import {
  Button, Caption1, Dropdown, Field, MessageBar, MessageBarActions, MessageBarBody, Option, Spinner, Subtitle2, Switch, Tab, TabList,
  makeStyles, tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import type { CubeQuery, Deployment } from '../../contract';
import { reportTitle } from '../../core/report-definition';
import type { AnswerTarget } from '../../chat/chat-placement';
import type { ChatSettings } from '../../chat/chat-settings';
import type { RibbonRefreshRequests } from '../../monitoring/ribbon-requests';
import { isBusy } from '../../pane/pane-state';
import { openReportPreviews } from '../../pane/report-preview-store';
import type { PaneConnection } from '../../pane/pane-connection';
import { openPaneWorkspace } from '../../pane/pane-workspace';
import { describeError } from '../errors';
import { useI18n } from '../i18n';
import { useChatWords } from '../i18n/chat-catalog';
import { useCubeWords } from '../i18n/cube-words';
import { cellWorkspaceOptions } from '../placement-defaults';
import { operationWords, paneErrorWords, paneNoticeWords } from '../pane-messages';
import { ReportsView } from './ReportsView';
import { ConsentBar } from './ConsentBar';
import { WorkbookSection } from './WorkbookSection';
import { WorkspaceQuestion } from './WorkspaceQuestion';
import { useExplorationBuilder } from './useExplorationBuilder';
import { useWorkspaceStore } from './useWorkspaceStore';
import { useFormulas } from './useFormulas';
import { describeChatError } from './chat/chat-words';
import { useChatController } from './chat/useChatController';
import { installCubeErrorWords } from '../cube-error-words';

// This view can meet the Cube API's and the workbook reports' failures: their words join `describeError`.
installCubeErrorWords();

const BuilderView = lazy(() => import('./builder/BuilderView').then((module) => ({ default: module.BuilderView })));
const ChatTab = lazy(() => import('./chat/ChatTab').then((module) => ({ default: module.ChatTab })));
// With the first write, not in the initial script (its Stop words and their German come with it).
const WriteProgressView = lazy(() => import('./WriteProgressView').then((module) => ({ default: module.WriteProgressView })));

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  sectionHeader: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
});

export interface WorkspaceViewProps {
  connection: PaneConnection;
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
 * user browses, which can be placed. What it shows and does is the pane store's (`WorkspaceStore`); this view
 * renders its state and sends it the user's intents.
 */
export function WorkspaceView({ connection, deployment, reportsTitle, onDeploymentChange, chatSettings, onOpenSettings, ribbon }: WorkspaceViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const cw = useCubeWords();
  const chatWords = useChatWords();
  const { m } = i18n;
  const describe = useCallback((e: unknown) => describeError(e, i18n), [i18n]);
  // One workspace per connection: switching the browsed deployment keeps the workbook's placements in view.
  // New placements' cells are in the pane's language; each placement keeps its own (core/cell-options.ts).
  const { workspace, home, workbookReports, publish } = useMemo(
    () => openPaneWorkspace(connection, cellWorkspaceOptions(i18n.language, () => connection.user.id)), [connection, i18n.language],
  );
  const browsingWorkbook = home(deployment.id) === 'workbook';
  const previews = useMemo(() => openReportPreviews(workspace, connection), [workspace, connection]);
  const writeDisabled = connection.appConfig.restrictDataDownload;
  const keptInFile = useCallback((deploymentId: number) => home(deploymentId) === 'workbook', [home]);
  const [store, state] = useWorkspaceStore(workspace, connection, keptInFile, writeDisabled, i18n, ribbon);
  const formulaDeployment = useFormulas(workspace, connection, deployment.id, store);
  const { placements, selection, operation, question, error, notice } = state;
  const showError = useCallback((e: unknown) => store.showError(e), [store]);
  const exploration = useExplorationBuilder(connection, workspace, placements, selection, describe, showError);
  const builderOpen = exploration.builder !== null;
  const { openReport } = exploration;
  // A rename, duplicate or delete changes the placements' titles or removes them: the listing is read again (fire and
  // forget: it reports its own failure).
  const kept = useMemo(
    () => (browsingWorkbook && workbookReports
      ? { reports: workbookReports, onOpenInBuilder: openReport, onReportsChanged: () => void store.reload(), publish: publish ?? undefined }
      : null),
    [browsingWorkbook, workbookReports, openReport, store, publish],
  );
  useEffect(() => store.setBuilderOpen(builderOpen), [store, builderOpen]);
  const [tab, setTab] = useState<'workbook' | 'chat'>('workbook');
  const describeChat = useCallback((e: unknown) => describeChatError(e, i18n), [i18n]);
  const chat = useChatController(connection, chatSettings, describeChat);
  const busy = isBusy(state);
  const deploymentName = (d: Deployment) => (connection.cube?.deployments.includes(d) ? cw.cube.deploymentName(d.name) : d.name);

  if (exploration.builder) {
    return (
      <Suspense fallback={<Spinner size="tiny" label={m.loading} />}>
        <BuilderView
          controller={exploration.builder}
          onClose={() => {
            exploration.closed();
            // Fire and forget: the listing reports its own failure in the error area.
            void store.reload();
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
      aria-label={chatWords.tabsLabel}
    >
      <Tab value="workbook">{chatWords.workbookTab}</Tab>
      <Tab value="chat">{chatWords.chatTab}</Tab>
    </TabList>
  );
  // First, above the tabs of either: what the workbook would query is the first thing to decide.
  const consentBar = store.consent && (
    <ConsentBar consent={state.consent} onAllow={() => void store.consent?.allow()} onNotNow={() => store.consent?.notNow()} onReview={() => store.consent?.askAgain()} />
  );
  if (tab === 'chat') {
    return (
      <div className={styles.column}>
        {consentBar}
        {tabs}
        {!connection.platform && <Caption1 data-testid="chat-unavailable">{cw.cube.chatUnavailable}</Caption1>}
        {connection.platform && <Suspense fallback={<Spinner size="tiny" label={m.loading} />}>
          <ChatTab
            chat={chat}
            connection={connection.platform}
            workspace={workspace}
            deploymentId={deployment.id}
            selection={selection}
            onOpenSettings={onOpenSettings}
            onPlace={(target: AnswerTarget, query: CubeQuery) => exploration.openAnswer(target, query)}
          />
        </Suspense>}
      </div>
    );
  }

  const placedCounts = new Map<number, number>();
  for (const entry of placements ?? []) {
    if (entry.deploymentId === deployment.id) placedCounts.set(entry.reportId, (placedCounts.get(entry.reportId) ?? 0) + 1);
  }
  return (
    <div className={styles.column}>
      {consentBar}
      {tabs}
      <Field label={m.deployment}>
        <Dropdown
          value={deploymentName(deployment)}
          selectedOptions={[String(deployment.id)]}
          onOptionSelect={(_, data) => {
            const next = connection.deployments.find((d) => String(d.id) === data.optionValue);
            if (next) onDeploymentChange(next);
          }}
        >
          {connection.deployments.map((d) => (
            <Option key={d.id} value={String(d.id)}>{deploymentName(d)}</Option>
          ))}
        </Dropdown>
      </Field>
      {writeDisabled && (
        <MessageBar intent="warning" layout="multiline" data-testid="download-restricted">
          <MessageBarBody>{m.downloadRestricted}</MessageBarBody>
        </MessageBar>
      )}

      {operation && (
        <Suspense fallback={<Spinner size="tiny" label={operationWords(operation, i18n)} />}>
          <WriteProgressView operation={operation} onStop={() => void store.stopWrite()} />
        </Suspense>
      )}
      {question && (
        <WorkspaceQuestion
          question={question}
          title={'entry' in question ? (question.entry.report ? reportTitle(question.entry.report) : m.noAccessTitle) : ''}
          onDisconnect={(entry, clearCells) => void store.disconnect(entry, clearCells)}
          onConvert={(entry) => void store.convertToFormulas(entry)}
          onOverwrite={() => void store.answerOverwrite()}
          onMakeRoom={(how) => void store.makeRoom(how)}
          onMove={() => void store.moveHere()}
          onOverwriteHandEdits={() => void store.answerHandEdits()}
          onLocate={() => void store.locateHandEdits()}
          onCancel={store.cancelQuestion}
          selection={selection}
        />
      )}
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{paneErrorWords(error, i18n)}</MessageBarBody>
          {state.listFailed && (
            <MessageBarActions>
              <Button onClick={() => void store.retryList()}>{m.tryAgain}</Button>
            </MessageBarActions>
          )}
        </MessageBar>
      )}
      {notice && (
        <MessageBar intent={notice.kind === 'stopped' ? 'info' : 'success'} data-testid="pane-notice">
          <MessageBarBody>{paneNoticeWords(notice, i18n)}</MessageBarBody>
        </MessageBar>
      )}

      <WorkbookSection
        store={store}
        state={state}
        home={home}
        currentUserId={connection.user.id}
        currentUserName={connection.cube ? connection.cube.user.firstName ?? connection.cube.user.username : undefined}
        deployments={connection.deployments}
        browsedDeploymentId={deployment.id}
        writeDisabled={writeDisabled}
        onEdit={(entry) => exploration.openPlacement(entry, true)}
        formulaDeployment={formulaDeployment}
      />
      <section className={styles.section} aria-labelledby="reports-heading">
        <div className={styles.sectionHeader}>
          <Subtitle2 as="h2" id="reports-heading">{reportsTitle}</Subtitle2>
          <Button size="small" disabled={busy || writeDisabled} onClick={() => exploration.openNew(deployment.id)}>{m.builder.explore}</Button>
        </div>
        {browsingWorkbook && <Caption1 data-testid="sharing-unavailable">{cw.cube.sharingUnavailable}</Caption1>}
        <Caption1 role="status" data-testid="place-target">{selection ? m.placesAt(selection) : m.selectionUnknown}</Caption1>
        <Switch checked={state.asTable} onChange={(_, data) => store.setAsTable(data.checked)} label={`${m.placeAsTable} (${m.placeAsTableHint})`} data-testid="place-as-table" />
        <ReportsView
          store={workspace.reports}
          kept={kept}
          deploymentId={deployment.id}
          workbookId={placements?.[0]?.placement.workbookId ?? null}
          placedCounts={placedCounts}
          busy={busy}
          placeDisabled={writeDisabled}
          onPlace={(report) => void store.place(report)}
          previews={previews}
        />
      </section>
    </div>
  );
}
