import type { ChatSettings, ChatThreadStore } from '../chat/chat-settings';
import type { Deployment } from '../contract';
import type { CellWords } from '../core/cell-words';
import { PLATFORM_ONLY, type PaneConnectedTo } from '../core/connected-to';
import type { NewPlacementSettings } from '../core/new-placement-settings';
import { removeFormulaService } from '../functions/formula-registry';
import type { RibbonRefreshRequests } from '../monitoring/ribbon-requests';
import type { LastValueStore } from '../ports/last-values';
import type { PaneHost } from '../ports/pane-host';
import type { Connection, ConnectionSettings } from '../session/connection';
import type { CubeApiConnection } from '../session/cube-api/cube-api-connection';
import type { ConnectedPane, ConnectedPaneWords } from './compose/connected-pane';
import { CubeSessionStore, type CubeConnectionsStorage, type CubeModules, type CubeSessionStoreDeps } from './cube-session-store';
import { paneConnection, type PaneConnection } from './pane-connection';
import type { PaneWorkspaceOptions } from './compose/connection';
import { SessionStore, type SessionStoreDeps } from './session-store';
import { Store } from './store';
import type { ConsentStorage } from './workbook-consent';

/** The add-in's own storage (per user and origin, never the workbook), as the task pane's entry gives it. */
export interface PaneStorage {
  connection: { load(): ConnectionSettings | null; save(settings: ConnectionSettings | null): void };
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
  /** "Refresh all" asked for from the ribbon, run as the pane's own. */
  ribbon?: RibbonRefreshRequests;
  /** The adapters' own options (tests and the benchmarks give their Excel connector and data clients). */
  adapters?: PaneWorkspaceOptions;
  /** The modules loaded after the first paint; tests give stand-ins. */
  modules?: Partial<PaneModules>;
}

/** What the root loads when first needed, kept out of the initial script. */
export interface PaneModules {
  loadConnection: SessionStoreDeps['loadConnection'];
  loadTokens: SessionStoreDeps['loadTokens'];
  loadCube: CubeSessionStoreDeps['load'];
  loadConnectedPane(): Promise<Pick<typeof import('./compose/connected-pane'), 'openConnectedPane'>>;
}

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

// Loaded once signed in or connected, so the first paint (the sign-in view) needs only the small initial script.
const loadConnection = () => import('../session/connection');
// The OAuth client (oauth4webapi) too: loaded on "Sign in", or to renew saved tokens.
const loadTokens = () => import('../session/token-session');
const loadConnectedPane = () => import('./compose/connected-pane');
// Loaded on connecting to a Cube API (or resuming a saved connection): they read tokens with jose and sign in with
// oauth4webapi, kept out of the initial script.
const loadCube = async (): Promise<CubeModules> => {
  const [connect, tokens, token, connection, oidc, oidcTokens] = await Promise.all([
    import('../session/cube-api/connect-cube-api'),
    import('../session/cube-api/cube-api-tokens'),
    import('../session/cube-api/cube-token'),
    import('../session/cube-api/cube-api-connection'),
    import('../session/cube-api/cube-oidc'),
    import('../session/cube-api/cube-oidc-tokens'),
  ]);
  return {
    connectCubeApi: connect.connectCubeApi, PastedCubeTokens: tokens.PastedCubeTokens, readCubeToken: token.readCubeToken, cubeTokenClaims: token.cubeTokenClaims,
    CubeApiConnection: connection.CubeApiConnection, cubeUserName: connection.cubeUserName,
    signInToCube: oidc.signInToCube, cubeTokenOf: oidc.cubeTokenOf, OidcCubeTokens: oidcTokens.OidcCubeTokens,
  };
};

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
    this.modules = { loadConnection, loadTokens, loadCube, loadConnectedPane, ...options.modules };
    this.session = new SessionStore({
      loadConnection: this.modules.loadConnection, loadTokens: this.modules.loadTokens, hostReady: host.ready, openDialog: (url) => host.openDialog(url), addinBase: options.addinBase,
      saveSettings: (settings) => storage.connection.save(settings), loadSettings: () => storage.connection.load(), chat: storage.chat,
    });
    this.cube = new CubeSessionStore({
      load: this.modules.loadCube, storage: storage.cubeConnections, hostReady: host.ready, openDialog: (url) => host.openDialog(url), addinBase: options.addinBase,
    });
    this.stops.push(this.session.subscribe(() => this.follow()), this.cube.subscribe(() => this.follow()));
  }

  /** Connects again with what an earlier session saved: the platform's settings and the active Cube API connection. */
  start(): void {
    // Fire and forget: connecting shows its own failure in the sign-in view.
    if (this.savedAtStart) void this.session.resume(this.savedAtStart);
    // Fire and forget: a failure to resume shows in the Cube API's connect form.
    void this.cube.resume();
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
    let openConnectedPane: Awaited<ReturnType<PaneModules['loadConnectedPane']>>['openConnectedPane'];
    let extras: ConnectedPaneExtras;
    try {
      [{ openConnectedPane }, extras] = await Promise.all([this.modules.loadConnectedPane(), this.options.loadConnectedExtras(() => this.connectedTo())]);
    } catch (openFailure) {
      if (current()) this.update({ openFailure });
      return;
    }
    if (!current()) return;
    const { options } = this;
    const connected = openConnectedPane(connection, {
      ...extras,
      language: options.language,
      newPlacementSettings: (userId) => options.storage.newPlacements.load(userId),
      browsedDeployment: () => this.getState().browsed?.id ?? null,
      chatSettings: () => this.session.getState().chatSettings,
      ribbon: options.ribbon,
      adapters: options.adapters,
    });
    this.update({ connected });
    connected.start(options.visible());
  }
}

/** The pane's stores and adapters, made once for the pane's life. */
export function createPane(options: PaneOptions): PaneRoot {
  return new PaneRoot(options);
}
