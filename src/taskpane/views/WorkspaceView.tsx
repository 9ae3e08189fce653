import {
  Button, Caption1, Dropdown, Field, MessageBar, MessageBarBody, Option, Spinner, Subtitle2, Switch, Tab, TabList, makeStyles, tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { Deployment, Report } from '../../contract';
import { reportTitle } from '../../core/report-definition';
import { isBusy, type PaneNotice } from '../../pane/pane-state';
import { useI18n } from '../i18n';
import { useBuilderWords } from '../i18n/builder-catalog';
import { useChatWords } from '../i18n/chat-catalog';
import { useCubeWords } from '../i18n/cube-words';
import { sendIntent, useConnectedPane, useStoreState } from '../pane-context';
import { operationWords, paneErrorWords, paneNoticeWords } from '../pane-messages';
import { PasteQueryButton, PasteQueryForm } from './PasteQuery';
import { ReportsView } from './ReportsView';
import { ConsentBar } from './ConsentBar';
import { MessageInView } from './MessageInView';
import { WorkbookSection } from './WorkbookSection';
import { WorkspaceQuestion } from './WorkspaceQuestion';
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
  sectionActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', justifyContent: 'flex-end' },
});

export interface WorkspaceViewProps {
  deployment: Deployment;
  /** The admin's localized title for the reports list, else the pane's own words. */
  reportsTitle: string;
  onDeploymentChange(deployment: Deployment): void;
  onOpenSettings(): void;
}

/**
 * The connected pane: this workbook's placements (of every deployment) and the reports of the deployment the
 * user browses, which can be placed. What it shows and does is the connected pane's stores' (`createPane`); this
 * view renders their state and sends them the user's intents.
 */
export function WorkspaceView({ deployment, reportsTitle, onDeploymentChange, onOpenSettings }: WorkspaceViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const cw = useCubeWords();
  const chatWords = useChatWords();
  const builderWords = useBuilderWords();
  const { m } = i18n;
  const { connection, workspace: store, previews, formulaDeployment, reportList, kept: keptStores, exploration, chat, answers, home } = useConnectedPane();
  const state = useStoreState(store);
  const { builder } = useStoreState(exploration);
  const browsingWorkbook = home(deployment.id) === 'workbook';
  const writeDisabled = connection.appConfig.restrictDataDownload;
  const { placements, selection, operation, question, error, notice } = state;
  const kept = browsingWorkbook && keptStores
    // Fire and forget: the opener shows its own failure in the pane's error area.
    ? { actions: keptStores.actions, publishing: keptStores.publishing, onOpenInBuilder: (report: Report) => void exploration.openReport(report) }
    : null;
  const [tab, setTab] = useState<'workbook' | 'chat'>('workbook');
  const busy = isBusy(state);
  const deploymentName = (d: Deployment) => (connection.cube?.deployments.includes(d) ? cw.cube.deploymentName(d.name) : d.name);
  // The first cards (or the listing's failure) are committed: what they do not need starts now, not before them.
  const listed = placements !== null || state.listFailed;
  useEffect(() => {
    if (listed) store.cardsShown();
  }, [store, listed]);

  if (builder) {
    return (
      <Suspense fallback={<Spinner size="tiny" label={m.loading} />}>
        <BuilderView
          controller={builder}
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
    <ConsentBar consent={state.consent} onAllow={sendIntent(async () => store.consent?.allow())} onNotNow={() => store.consent?.notNow()} onReview={() => store.consent?.askAgain()} />
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
            answers={answers}
            appConfig={connection.platform.appConfig}
            deploymentId={deployment.id}
            selection={selection}
            onOpenSettings={onOpenSettings}
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
          onDisconnect={sendIntent(store.disconnect)}
          onConvert={sendIntent(store.convertToFormulas)}
          onOverwrite={sendIntent(store.answerOverwrite)}
          onMakeRoom={sendIntent(store.makeRoom)}
          onMove={sendIntent(store.moveHere)}
          onOverwriteHandEdits={sendIntent(store.answerHandEdits)}
          onLocate={sendIntent(store.locateHandEdits)}
          onCancel={store.cancelQuestion}
          selection={selection}
        />
      )}
      {error && (
        // A refusal or failure of what the user did is brought to them and focused; a background check's is only said.
        <MessageInView
          message={error} intent="error" takeFocus whenInPane quiet={error.source === 'hand-edit-check' || error.source === 'status-read'}
          actions={state.listFailed && <Button onClick={sendIntent(() => store.retryList())}>{m.tryAgain}</Button>}
        >
          {paneErrorWords(error, i18n)}
        </MessageInView>
      )}
      {notice && (
        // Said as it appears; one telling of something refused (a table, rows cut) is brought to the user as well.
        <MessageInView
          message={notice} intent={notice.kind === 'stopped' ? 'info' : 'success'} takeFocus whenInPane quiet={!noticeRefuses(notice)} data-testid="pane-notice"
        >
          {paneNoticeWords(notice, i18n)}
        </MessageInView>
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
        // Fire and forget: the opener shows its own failure in the pane's error area.
        onEdit={(entry) => void exploration.openPlacement(entry, true)}
        formulaDeployment={formulaDeployment}
      />
      <section className={styles.section} aria-labelledby="reports-heading">
        <div className={styles.sectionHeader}>
          <Subtitle2 as="h2" id="reports-heading">{reportsTitle}</Subtitle2>
          <div className={styles.sectionActions}>
            <PasteQueryButton disabled={busy || writeDisabled} />
            <Button
              size="small" disabled={busy || writeDisabled}
              // Fire and forget: the opener shows its own failure in the pane's error area.
              onClick={() => void exploration.openNew(deployment.id)}
            >{builderWords.explore}</Button>
          </div>
        </div>
        <PasteQueryForm deploymentId={deployment.id} disabled={busy || writeDisabled} />
        {browsingWorkbook && <Caption1 data-testid="sharing-unavailable">{cw.cube.sharingUnavailable}</Caption1>}
        <Caption1 role="status" data-testid="place-target">{selection ? m.placesAt(selection) : m.selectionUnknown}</Caption1>
        <Switch checked={state.asTable} onChange={(_, data) => store.setAsTable(data.checked)} label={`${m.placeAsTable} (${m.placeAsTableHint})`} data-testid="place-as-table" />
        <ReportsView
          list={reportList}
          kept={kept}
          deploymentId={deployment.id}
          workbookId={placements?.[0]?.placement.workbookId ?? null}
          placedCounts={placedCounts}
          busy={busy}
          placeDisabled={writeDisabled}
          // Fire and forget: the store shows a failed Place in the pane's error area.
          onPlace={(report) => void store.place(report)}
          previews={previews}
        />
      </section>
    </div>
  );
}

/** A notice that tells of something refused or cut: Excel kept the cells plain, or the result was cut short. */
function noticeRefuses(notice: PaneNotice): boolean {
  return notice.kind === 'table-still-plain' || (notice.kind === 'written' && (notice.table !== null || notice.cutAt !== null));
}
