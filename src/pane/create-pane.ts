import type { ChatSettings, ChatThreadStore } from '../chat/chat-settings';
import type { Deployment } from '../contract';
import type { CellWords } from '../core/cell-words';
import { PLATFORM_ONLY, type PaneConnectedTo } from '../core/connected-to';
import type { NewPlacementSettings } from '../core/new-placement-settings';
import { removeFormulaService } from '../functions/formula-registry';
import type { RibbonRefreshRequests } from '../monitoring/ribbon-requests';
import type { LastValueStore } from '../ports/last-values';
import type { PaneHost } from '../ports/pane-host';
import type { WorkbookStart } from '../ports/workbook-document';
import type { Connection, ConnectionSettings } from '../session/connection';
import type { CubeApiConnection } from '../session/cube-api/cube-api-connection';
import type { ConnectedPane, ConnectedPaneWords } from './compose/connected-pane';
import { CubeSessionStore, type CubeConnectionsStorage } from './cube-session-store';
import { paneConnection, type PaneConnection } from './pane-connection';
import type { PaneWorkspaceOptions } from './compose/connection';
import { paneModules, type PaneModules, type SavedConnection } from './pane-modules';
import { SessionStore, type SessionConnecting } from './session-store';
import { Store } from './store';
import type { ConsentStorage } from './workbook-consent';

/** The add-in's own storage (per user and origin, never the workbook), as the task pane's entry gives it. */
export interface PaneStorage {
  connection: SavedConnection;
  chat: { load(): ChatSettings | null; save(settings: ChatSettings | null): void };
  cubeConnections: CubeConnectionsStorage;
  /** The user's setting for new placements (title and source lines). */
  newPlacements: { load(userId: number): NewPlacementSettings; save(userId: number, settings: NewPlacementSettings): void };
}

/** The connected pane's words (what its stores show as text, what is written into cells) and its own storage. */
export interface ConnectedPaneExtras {
  words: ConnectedPaneWords;
  cellWords(language: string): CellWords;
  consentStorage: ConsentStorage;
  /** Where each formula's last answer is kept. */
  lastValues: LastValueStore;
  /** The user's threads with the agent at an address. */
  chatThreads(streamUrl: string, userEmail: string): ChatThreadStore;
}

export interface PaneOptions {
  host: PaneHost;
  storage: PaneStorage;
  /** Where the add-in's pages are (the sign-in dialogs' pages are beside the pane's). */
  addinBase(): string;
  /** The pane's language: new placements' cells are written in it. */
  language: string;
  /**
   * What only a connected pane needs from the page, loaded with its code (after sign-in, not in the initial script);
   * its words speak for what `connectedTo` says the pane is connected to at each use.
   */
  loadConnectedExtras(connectedTo: () => PaneConnectedTo): Promise<ConnectedPaneExtras>;
  /** Whether the pane is shown now (status re-reads start only then). */
  visible(): boolean;
  /**
   * How long what the first cards do not need waits for the view to say they are on screen (`WorkspaceStore.cardsShown`):
   * a page that renders the pane sets it; without (no view: tests), nothing waits.
   */
  viewPatienceMs?: number;
  /** The saved connection, begun before the pane was made (`resumeAhead`): `start` takes it rather than connect again. */
  resumed?: SessionConnecting | null;
  /** "Refresh all" asked for from the ribbon, run as the pane's own. */
  ribbon?: RibbonRefreshRequests;
  /** The adapters' own options (tests and the benchmarks give their Excel connector and data clients). */
  adapters?: PaneWorkspaceOptions;
  /** The modules loaded after the first paint; tests give stand-ins. */
  modules?: Partial<PaneModules>;
}

export type { PaneModules } from './pane-modules';

export interface PaneRootState {
  /** What the pane works with: the platform, a Cube API, or both (issue 26); null while neither is connected. */
  connection: PaneConnection | null;
  /** The deployment the user browses; undefined when the connection has none. */
  browsed: Deployment | undefined;
  /** The connected pane's stores, once made for `connection` (their code loads after sign-in); null before. */
  connected: ConnectedPane | null;
  /** Why the connected pane could not be made (its code did not load); null otherwise. */
  openFailure: unknown;
}

/**
 * The pane's one composition root: the sign-in and Cube API sessions for the pane's life, and for each connection
 * they make the connected pane's stores (`connected-pane.ts`), built once and disposed when the connection goes. The
 * views read these stores from React context and send them intents; nothing else builds a store or an adapter.
 */
export class PaneRoot extends Store<PaneRootState> {
  readonly session: SessionStore;
  readonly cube: CubeSessionStore;
  /** Office (or the workbench): the display language, the theme, dialogs. */
  readonly host: PaneHost;
  /** "Refresh all" asked for from the ribbon: the pane says when one waits for it. */
  readonly ribbon: RibbonRefreshRequests | undefined;
  /** The connection settings saved by an earlier session, as the pane started: it connects with them. */
  readonly savedAtStart: ConnectionSettings | null;
  /** Browsing the Cube API's deployment (set when one connects) rather than the platform's chosen one. */
  private browseCube = false;
  /** The sessions' connections the pane's connection was made of. */
  private sources: { platform: Connection | null; cube: CubeApiConnection | null } = { platform: null, cube: null };
  /** The last `connectedTo()`: signed out, the platform's sign-in is what the pane speaks for. */
  private spokenFor: PaneConnectedTo = PLATFORM_ONLY;
  /** The connected pane's code, loaded ahead while a saved connection resumes; taken by the first `open`. */
  private connectedCode: Promise<PromiseSettledResult<ConnectedCode>> | null = null;
  /** The workbook's start read, taken ahead while a saved connection resumes; for its pane only. */
  private readAhead: Promise<PromiseSettledResult<WorkbookStart>> | null = null;
  /** Counts connections, so a connected pane whose code loads after its connection went is never shown. */
  private opened = 0;
  private readonly stops: (() => void)[] = [];
  private readonly modules: PaneModules;

  constructor(private readonly options: PaneOptions) {
    super({ connection: null, browsed: undefined, connected: null, openFailure: null });
    const { host, storage } = options;
    this.host = host;
    this.ribbon = options.ribbon;
    this.savedAtStart = storage.connection.load();
    this.modules = { ...paneModules, ...options.modules };
    this.session = new SessionStore({
      loadConnection: this.modules.loadConnection, loadTokens: this.modules.loadTokens, openDialog: (url) => host.openDialog(url), addinBase: options.addinBase,
      saveSettings: (settings) => storage.connection.save(settings), loadSettings: () => storage.connection.load(), chat: storage.chat,
    });
    this.cube = new CubeSessionStore({
      load: this.modules.loadCube, storage: storage.cubeConnections, openDialog: (url) => host.openDialog(url), addinBase: options.addinBase,
    });
    this.stops.push(this.session.subscribe(() => this.follow()), this.cube.subscribe(() => this.follow()));
  }

  /**
   * Connects again with what an earlier session saved: the platform's settings and the active Cube API connection.
   * Neither waits for Office (the platform is asked who the user is while Office starts); the connected pane's code
   * loads meanwhile, and it reads the workbook once Excel can be asked.
   */
  start(): void {
    const resuming = this.savedAtStart !== null || this.options.storage.cubeConnections.load().active !== null;
    if (resuming) {
      // Failures are told once the pane opens with them (`open`).
      const loading = this.loadConnectedCode();
      this.connectedCode = settled(loading);
      // The workbook's start read goes beside the connection's own requests: the first cards need both.
      this.readAhead = settled(loading.then((code) => this.readWorkbook(code)));
    }
    // Fire and forget: connecting shows its own failure in the sign-in view.
    const platform = this.savedAtStart ? this.session.resume(this.savedAtStart, this.options.resumed ?? undefined) : null;
    // Fire and forget: a failure to resume shows in the Cube API's connect form.
    const cube = this.cube.resume();
    // Taken by the pane of the connection resumed; a connection made later reads the workbook afresh.
    void Promise.all([platform, cube]).then(() => (this.readAhead = null));
  }

  /** The user picks a deployment to browse: the Cube API's is not saved on the platform. */
  chooseDeployment(next: Deployment): void {
    const cube = this.sources.cube;
    this.browseCube = cube?.deployments.includes(next) ?? false;
    // Fire and forget: choosing saves the choice on the platform and shows its own failure.
    if (!this.browseCube) void this.session.chooseDeployment(next);
    this.follow();
  }

  /**
   * What the pane is connected to, for words that name it (issue 42): the platform, the Cube deployment (its address,
   * and whether its token was pasted or signed in for), or both; the same object while that stays so.
   */
  connectedTo(): PaneConnectedTo {
    const platform = this.session.getState().connection !== null;
    const { cube, remembered } = this.cube.getState();
    const token = cube && remembered.find((r) => r.apiUrl === cube.apiUrl)?.issuer ? 'sign-in' : 'pasted';
    const was = this.spokenFor;
    if (was.platform === platform && (cube ? was.cube?.apiUrl === cube.apiUrl && was.cube.token === token : was.cube === null)) return was;
    this.spokenFor = { platform, cube: cube ? { kind: 'cube', apiUrl: cube.apiUrl, token } : null };
    return this.spokenFor;
  }

  /** The user's setting for new placements (Settings shows and changes it; each Place reads it). */
  newPlacementSettings(userId: number): NewPlacementSettings {
    return this.options.storage.newPlacements.load(userId);
  }

  saveNewPlacementSettings(userId: number, settings: NewPlacementSettings): void {
    this.options.storage.newPlacements.save(userId, settings);
  }

  /** The pane regained focus or became visible: statuses are read again. */
  focused(): void {
    this.getState().connected?.workspace.focused();
  }

  hidden(): void {
    this.getState().connected?.workspace.hidden();
  }

  async dispose(): Promise<void> {
    for (const stop of this.stops.splice(0)) stop();
    this.opened += 1;
    await this.getState().connected?.dispose();
  }

  /** After either session changed: the pane's connection, the deployment browsed, and the connected pane for them. */
  private follow(): void {
    const { connection: platform, deployment, signingIn, chatSettings } = this.session.getState();
    const { cube } = this.cube.getState();
    const previous = this.getState();
    // Settings saved anew make the chat anew (its controller follows them).
    previous.connected?.chat.setSettings(chatSettings);
    let connection = previous.connection;
    if (platform !== this.sources.platform || cube !== this.sources.cube) {
      // A Cube API connected beside the platform is browsed at once; the platform's deployments stay a choice away.
      if (cube !== this.sources.cube) this.browseCube = cube !== null;
      this.sources = { platform, cube };
      connection = platform || cube ? paneConnection(platform, cube) : null;
    }
    const browsed = cube && (this.browseCube || !platform) ? cube.deployments[0] : deployment;
    // Formulas Excel calculates before the pane knows whether it is signed in wait; signed out, they ask to sign in
    // (and are calculated again once signed in, see formula-wiring.ts).
    if (!connection && !signingIn) removeFormulaService();
    if (connection === previous.connection && browsed === previous.browsed) return;
    const replaced = connection !== previous.connection || (previous.connected === null && browsed !== undefined);
    this.update({ connection, browsed, ...(replaced ? { connected: null, openFailure: null } : {}) });
    if (!replaced) return;
    // Fire and forget: the old pane's handlers go; nothing waits for it.
    void previous.connected?.dispose();
    // Fire and forget: a failure to load is the state's `openFailure`.
    if (connection && browsed) void this.open(connection);
  }

  /** Loads the connected pane's code and makes its stores for `connection`; a connection gone meanwhile gets none. */
  private async open(connection: PaneConnection): Promise<void> {
    const mine = ++this.opened;
    const current = () => mine === this.opened && this.getState().connection === connection;
    // Loaded and read ahead as the pane started (for a connection it resumes), else now; a failure ahead is tried again.
    const ahead = this.connectedCode;
    const readAhead = this.readAhead;
    this.connectedCode = null;
    this.readAhead = null;
    let loaded = ahead ? await ahead : null;
    if (loaded?.status !== 'fulfilled') loaded = await settled(this.loadConnectedCode());
    if (loaded.status === 'rejected') {
      if (current()) this.update({ openFailure: loaded.reason });
      return;
    }
    if (!current()) return;
    const code = loaded.value;
    const [{ openConnectedPane }, extras] = code;
    // The read taken ahead, else (none, or it failed) one taken now; when Excel cannot be asked, the listing says so.
    const opening = (readAhead ?? Promise.resolve(null)).then((read) => (read?.status === 'fulfilled' ? read.value : this.readWorkbook(code)));
    const { options } = this;
    const connected = openConnectedPane(connection, {
      ...extras,
      language: options.language,
      newPlacementSettings: (userId) => options.storage.newPlacements.load(userId),
      browsedDeployment: () => this.getState().browsed?.id ?? null,
      chatSettings: () => this.session.getState().chatSettings,
      ribbon: options.ribbon,
      viewPatienceMs: options.viewPatienceMs,
      adapters: options.adapters,
      excelReady: this.host.ready,
    });
    this.update({ connected });
    connected.start(options.visible(), opening);
  }

  /** The workbook's start read (`WorkbookStart`) with the connected pane's code, once Excel can be asked. */
  private async readWorkbook([module]: ConnectedCode): Promise<WorkbookStart> {
    await this.host.ready;
    return module.readWorkbookStart(this.options.adapters);
  }

  /** The connected pane's code and what it needs from the page (its words, the add-in's storage), loaded together. */
  private loadConnectedCode(): Promise<ConnectedCode> {
    return Promise.all([this.modules.loadConnectedPane(), this.options.loadConnectedExtras(() => this.connectedTo())]);
  }
}

type ConnectedCode = [Awaited<ReturnType<PaneModules['loadConnectedPane']>>, ConnectedPaneExtras];

/** A promise's outcome, so what was loaded or read ahead and never used fails nothing. */
function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then((value) => ({ status: 'fulfilled', value }), (reason: unknown) => ({ status: 'rejected', reason }));
}

/** The pane's stores and adapters, made once for the pane's life. */
export function createPane(options: PaneOptions): PaneRoot {
  return new PaneRoot(options);
}
