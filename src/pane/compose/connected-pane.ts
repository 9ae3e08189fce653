import { DeploymentTokenManager } from '../../client/token-manager';
import type { CellOptions } from '../../core/cell-options';
import type { CellWords } from '../../core/cell-words';
import type { NewPlacementSettings } from '../../core/new-placement-settings';
import { ExcelCalculation } from '../../excel/calculation';
import { ExcelConnector } from '../../excel/excel-connector';
import { formulaCalls, formulaService } from '../../functions/formula-registry';
import type { RibbonRefreshRequests } from '../../monitoring/ribbon-requests';
import type { ConversionPorts } from '../../placements/convert-to-formulas';
import type { LastValueStore } from '../../ports/last-values';
import type { WorkbookStart } from '../../ports/workbook-document';
import { readDraft } from '../../builder/exploration-draft';
import { explorationPreferences } from '../../builder/exploration-open';
import type { ChatSettings, ChatThreadStore } from '../../chat/chat-settings';
import { AnswerPlacing } from '../answer-placing';
import { ChatPane, createChatClient, type DeploymentTokens } from '../chat-pane';
import { ExplorationOpener, explorationBuilders } from '../exploration-opener';
import { KeptPublishing } from '../kept-publish';
import { KeptReportActions } from '../kept-reports';
import { PasteQueryStore } from '../paste-query-store';
import { ReportListStore } from '../report-list-store';
import { formulaPorts, storePorts, type WorkspaceParts } from './parts';
import { FormulaDeploymentChoice } from '../formula-deployment';
import { formulasAfterConsent, recalculateFormulas, refreshFormulas, startFormulas } from '../formula-wiring';
import type { PlacementHome } from './both';
import { connectionUser, type PaneConnection } from '../pane-connection';
import { openPaneWorkspace, type PaneWorkspaceOptions } from './connection';
import type { PaneWords } from '../pane-words';
import { openReportPreviews, type ReportPreviewStore } from '../report-preview-store';
import type { ConsentStorage } from '../workbook-consent';
import { WorkspaceStore } from '../workspace-store';

/** The words the connected pane's stores show as text: the workspace store's, the chat's failures, a copy's name. */
export interface ConnectedPaneWords extends PaneWords {
  describeChat(error: unknown): string;
  /** The name a duplicated report gets (Browse's Duplicate of a report kept in the workbook). */
  copyName(name: string): string;
}

/** What a connected pane is made with besides its connection: the pane's words and language, the add-in's storage. */
export interface ConnectedPaneOptions {
  /** The pane's language: new placements' cells are written in it (each placement keeps its own after). */
  language: string;
  words: ConnectedPaneWords;
  /** The words written into cells in a language. */
  cellWords(language: string): CellWords;
  /** The user's setting for new placements (title and source lines), from the add-in's own storage, read at each place. */
  newPlacementSettings(userId: number): NewPlacementSettings;
  consentStorage: ConsentStorage;
  /** Where each formula's last answer is kept (the add-in's own storage). */
  lastValues: LastValueStore;
  /** The deployment the pane shows: formulas' deployment when the workbook names none. */
  browsedDeployment(): number | null;
  /** Where the agent chat reaches its agent, as set now (null until set in Settings); `chat.setSettings` follows changes. */
  chatSettings(): ChatSettings | null;
  /** The user's threads with the agent at an address, as the add-in keeps them. */
  chatThreads(streamUrl: string, userEmail: string): ChatThreadStore;
  ribbon?: RibbonRefreshRequests;
  /** How long what the first cards do not need waits for the view to show them (`WorkspaceStore.cardsShown`); no wait without. */
  viewPatienceMs?: number;
  /** The adapters' own options (tests give their Excel connector and data clients). */
  adapters?: PaneWorkspaceOptions;
  /** Resolves once Excel can be asked (`PaneHost.ready`); already resolved in Office. */
  excelReady?: Promise<void>;
}

/** Browse's actions on the reports kept in the workbook (a Cube API connected), and publishing them (signed in too). */
export interface KeptReports {
  actions: KeptReportActions;
  publishing: KeptPublishing | null;
}

/**
 * Everything the pane shows and does while connected, built once per connection: the workspace store (placements,
 * writes, Refresh all, consent), the report previews, the workbook's deployment for formulas, and the RS formulas
 * answered over this connection while it lasts. Views read these; they build nothing.
 */
export interface ConnectedPane {
  readonly connection: PaneConnection;
  readonly workspace: WorkspaceStore;
  readonly previews: ReportPreviewStore;
  readonly formulaDeployment: FormulaDeploymentChoice;
  /** Browse's list of the browsed deployment's reports, wherever they are kept (the platform, or the workbook). */
  readonly reportList: ReportListStore;
  /** Null unless a Cube API is connected. */
  readonly kept: KeptReports | null;
  /** Which exploration the builder shows, and opening one (from Browse, a card, a selected cell, the chat, the draft). */
  readonly exploration: ExplorationOpener;
  /** "Paste a query": a Cube query checked against the browsed deployment's model, then opened in the builder. */
  readonly pasteQuery: PasteQueryStore;
  readonly chat: ChatPane;
  /** "Place in sheet" of an agent's answer. */
  readonly answers: AnswerPlacing;
  /** Where a deployment's reports live; null with only one kind connected. */
  home(deploymentId: number): PlacementHome | null;
  /**
   * Lists the workbook's placements from its start read (`opening`, taken once Excel can be asked; read now without),
   * then starts what the first cards do not need (the RS formulas, the formulas' deployment, a saved draft); failures
   * show in the workspace store's error area.
   */
  start(visible: boolean, opening?: Promise<WorkbookStart>): void;
  dispose(): Promise<void>;
}

/** Excel's calculation: the RS functions calculated again after sign-in, by Refresh all and after the user's Allow. */
const calculation = new ExcelCalculation();

/**
 * The workbook's start read (`WorkbookStart`) through the pane's Excel adapter, as the pane root takes it before the
 * connection is made, so the first listing waits for both at once rather than one after the other.
 */
export function readWorkbookStart(adapters: PaneWorkspaceOptions = {}): Promise<WorkbookStart> {
  return (adapters.excel ?? new ExcelConnector()).readStart();
}

/** The composition of a connected pane: its ports' adapters (`openPaneWorkspace`), then each store over the parts it uses. */
export function openConnectedPane(connection: PaneConnection, options: ConnectedPaneOptions): ConnectedPane {
  const { parts, home, workbookReports, publish } = openPaneWorkspace(connection, {
    ...options.adapters,
    words: options.cellWords,
    newPlacement: (): CellOptions => ({ language: options.language, titleAndSource: options.newPlacementSettings(connection.user.id).titleAndSource }),
  });
  const workspace = new WorkspaceStore({
    ports: storePorts(parts),
    writeDisabled: () => connection.appConfig.restrictDataDownload,
    words: options.words,
    ribbon: options.ribbon,
    viewPatienceMs: options.viewPatienceMs,
    refreshFormulas: () => refreshFormulas(calculation),
    consent: {
      storage: options.consentStorage,
      user: connectionUser(connection),
      keptInFile: (deploymentId) => home(deploymentId) === 'workbook',
      formulaCalls,
      afterAllow: () => formulasAfterConsent(calculation),
    },
    conversion: conversionPorts(parts, connection, options.cellWords),
  });
  const formulaDeployment = new FormulaDeploymentChoice(parts.workbook, () => recalculateFormulas(calculation));
  const { words } = options;
  const showError = (error: unknown) => workspace.showError(error);
  const exploration = new ExplorationOpener({
    createBuilder: explorationBuilders({ ports: parts, connection, describe: words.describe }),
    getReport: (deploymentId, reportId, signal) => parts.reports.getReport(deploymentId, reportId, signal),
    locate: (entry) => parts.placements.locate(entry),
    readDraft: () => readDraft(parts.workbook),
    preferences: () => explorationPreferences(connection.user, connection.appConfig),
    onError: showError,
  });
  const pasteQuery = new PasteQueryStore({
    meta: async (deploymentId, signal) => {
      const client = await parts.data.forDeployment(deploymentId, signal);
      return client.meta ? client.meta(signal) : null;
    },
    open: (target, query) => exploration.openQuery(target, query),
  });
  const reportList = new ReportListStore({ reports: parts.reports, kept: workbookReports, excelReady: options.excelReady });
  // A rename, duplicate, delete or publish changes the placements' titles or removes them: the list and the listing
  // are read again.
  const keptChanged = () => {
    reportList.reload();
    // Fire and forget: the listing reports its own failure in the error area.
    void workspace.reload();
  };
  const kept = workbookReports && {
    actions: new KeptReportActions({ reports: () => workbookReports, describe: words.describe, copyName: words.copyName, onChanged: keptChanged }),
    publishing: publish && new KeptPublishing({ publish: () => publish, describe: words.describe, onChanged: keptChanged }),
  };
  const chatTokens = deploymentTokens(connection);
  const chat = new ChatPane({ createClient: (settings, user) => createChatClient(settings, user, chatTokens), threads: options.chatThreads, user: connection.user, settings: options.chatSettings(), describe: words.describeChat });
  const answers = new AnswerPlacing({
    data: parts.data,
    deploymentIds: connection.platform?.deployments.map((d) => d.id) ?? [],
    // Fire and forget: the opener shows its own failure in the pane's error area.
    onPlace: (target, query) => void exploration.openQuery(target, query),
  });
  const stops: (() => void)[] = [];
  return {
    connection,
    workspace,
    previews: openReportPreviews(parts, connection),
    formulaDeployment,
    reportList,
    kept,
    exploration,
    pasteQuery,
    chat,
    answers,
    home,
    start(visible, opening) {
      stops.push(followEachOther(workspace, exploration));
      let stopped = false;
      stops.push(() => void (stopped = true));
      // Fire and forget: the store shows its own failures (a listing that fails offers Try again). The rest waits for
      // the first cards: formulas wait for the workbook's consent anyway, which is decided with the listing.
      void workspace.start({ visible, opening }).then(() => {
        if (!stopped) stops.push(startAfterCards());
      });
    },
    async dispose() {
      for (const stop of stops.splice(0)) stop();
      chat.dispose();
      await workspace.dispose();
    },
  };

  /** What follows the first cards: a saved draft opened again, the RS formulas answered, the formulas' deployment read. */
  function startAfterCards(): () => void {
    // Fire and forget: the opener shows its own failure in the pane's error area.
    void exploration.resumeDraft();
    const formulas = startFormulas({
      ports: formulaPorts(parts),
      deployments: () => connection.deployments,
      appConfig: () => connection.appConfig,
      user: () => connection.user,
      browsedDeployment: options.browsedDeployment,
      calculation,
      formulasAnswered: () => workspace.formulasAnswered(),
      formulasSettled: workspace.formulasSettled,
      consent: workspace.consent,
      lastValues: options.lastValues,
      lastValuesUser: () => connectionUser(connection),
    });
    formulas.calculated.catch(showError);
    formulaDeployment.start().catch(showError);
    return formulas.stop;
  }
}

/**
 * The workspace store and the builder's opener follow each other: a selected cell inside a placement may open its
 * report (`openExplorationFromSheet`), and the store's background checks wait while an exploration is open.
 */
function followEachOther(workspace: WorkspaceStore, exploration: ExplorationOpener): () => void {
  let seen: { placements: unknown; selection: string | null } | null = null;
  const fromWorkspace = () => {
    const { placements, selection } = workspace.getState();
    if (seen?.placements === placements && seen.selection === selection) return;
    seen = { placements, selection };
    exploration.selectionChanged(placements, selection);
  };
  const fromExploration = () => workspace.setBuilderOpen(exploration.getState().builder !== null);
  const stops = [workspace.subscribe(fromWorkspace), exploration.subscribe(fromExploration)];
  fromWorkspace();
  return () => stops.forEach((stop) => stop());
}

/**
 * "Convert to formulas" answers each new formula through the formula service, as the workbook's RS.VALUE cells are. A
 * formula names its deployment whenever the connection has several, so it keeps its numbers whatever the workbook's
 * default for formulas becomes.
 */
function conversionPorts(parts: Pick<WorkspaceParts, 'data'>, connection: PaneConnection, words: (language: string) => CellWords): ConversionPorts {
  return {
    values: formulaService,
    deploymentArgument: (id) => (connection.deployments.length > 1 ? connection.deployments.find((d) => d.id === id)?.name ?? String(id) : null),
    meta: async (id) => {
      const client = await parts.data.forDeployment(id);
      return client.meta ? client.meta() : null;
    },
    words,
  };
}

/**
 * The signed-in user's Cube tokens, one kept fresh per deployment, for a deployment's agent (the chat's `X-Cube-Auth-Token`):
 * the platform's token endpoint, as the data API's. None on a Cube API connection alone.
 */
function deploymentTokens(connection: PaneConnection): DeploymentTokens {
  const managers = new Map<number, DeploymentTokenManager>();
  return (deploymentId) => {
    const platform = connection.platform?.platform;
    if (!platform) return null;
    let manager = managers.get(deploymentId);
    if (!manager) managers.set(deploymentId, manager = new DeploymentTokenManager(platform, deploymentId));
    return () => manager.getToken();
  };
}
