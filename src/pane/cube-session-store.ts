import type { UserSettings } from '../contract';
import type { CubeConnectedTo } from '../core/connected-to';
import type { DialogOutcome } from '../ports/dialog';
import type { CubeApiConnection } from '../session/cube-api/cube-api-connection';
import type { CubeTokenRequestReason } from '../session/cube-api/cube-api-tokens';
import type { CubeOidcConnectionSettings } from '../session/cube-api/cube-oidc';
import type { CubeSignInReason } from '../session/cube-api/cube-oidc-tokens';
import type { OAuthClient } from '../client/oauth-client';
import { cubeConnectionTokens, type CubeConnectionSettings, type CubeModules, type CubeSignInConfig } from './cube-connection-tokens';
import { Store } from './store';

export type { CubeConnectionSettings, CubeModules, CubeSignInConfig } from './cube-connection-tokens';

/** What the add-in keeps of Cube API connections, in its own storage per user (never the workbook). */
export interface CubeConnectionsStorage {
  /** The remembered connections, most recently used first, and which one is active (by API address). */
  load(): { active: string | null; connections: CubeConnectionSettings[] };
  save(saved: { active: string | null; connections: CubeConnectionSettings[] }): void;
  /** The user's own settings for a connection (auto-run, suppressed duplicates…): there is no platform to keep them. */
  loadUserSettings(apiUrl: string): UserSettings | null;
  saveUserSettings(apiUrl: string, settings: UserSettings): void;
}

export interface CubeSessionStoreDeps {
  load(): Promise<CubeModules>;
  storage: CubeConnectionsStorage;
  /** The sign-in dialog (the platform's), for a Cube deployment that verifies tokens through a JWKS. */
  openDialog(url: string): Promise<DialogOutcome>;
  /** Where the add-in's pages are (the dialog's pages are beside the pane's). */
  addinBase(): string;
}

/**
 * When a connection's token ends, as the pane tells it: at its `exp` (`at`, ms since the epoch); `renewed` (a sign-in
 * with a refresh token renews it); `undated` (it has no `exp`: when it ends cannot be told, the deployment's refusal
 * is what asks for the next one).
 */
export type CubeTokenEnd = { at: number } | 'renewed' | 'undated';

/** A remembered connection, as the pane lists it: never its token. */
export interface RememberedCubeConnection {
  apiUrl: string;
  tokenEnd: CubeTokenEnd;
  /** The provider it signs in with; null for a pasted token. */
  issuer: string | null;
}

/** A new token asked of the user: why, and why the last one pasted was not taken (words from the pane). */
export interface CubeTokenRequest {
  reason: CubeTokenRequestReason;
  refusal: unknown;
}

export interface CubeSessionState {
  cube: CubeApiConnection | null;
  connecting: boolean;
  /** Why connecting failed (the pane puts it into words); null after a success or a new attempt. */
  failure: unknown;
  /** The Cube deployment the failure is about, as typed: its words name it, and say "sign in" only for a sign-in. */
  failedFor: CubeConnectedTo | null;
  remembered: RememberedCubeConnection[];
  tokenRequest: CubeTokenRequest | null;
  /** A sign-in ended (no refresh token, or renewal refused): the user is asked to sign in again; why the last try failed. */
  signInRequest: { reason: CubeSignInReason; failure: unknown } | null;
}

/** At most this many connections are remembered; the least recently used goes. */
const REMEMBERED_MAX = 10;

/**
 * The pane's Cube API connection, outside React (issue 26): connecting with an address and a pasted token (checked
 * with one `GET /v1/meta`), the remembered connections and the active one, switching, forgetting, and the question
 * for a new token when the one in use expires or is refused (every waiting request carries on once it is given).
 */
export class CubeSessionStore extends Store<CubeSessionState> {
  private answer: ((token: string | null) => void) | null = null;
  private signedInAgain: { config: CubeSignInConfig; resolve(settings: CubeOidcConnectionSettings | null): void } | null = null;

  constructor(private readonly deps: CubeSessionStoreDeps) {
    super({ cube: null, connecting: false, failure: null, failedFor: null, remembered: remembered(deps.storage.load().connections), tokenRequest: null, signInRequest: null });
  }

  /** Connects again to the connection active when the pane last closed, if any; its token is checked at first use. */
  async resume(): Promise<void> {
    const { active, connections } = this.deps.storage.load();
    const settings = connections.find((c) => c.apiUrl === active);
    if (settings) await this.attempt(cubeAt(settings.apiUrl, settings.kind === 'cube-oidc'), () => this.open(settings));
  }

  /** Checks the address and the token with the deployment, then connects and remembers it. */
  async connect(address: string, token: string): Promise<void> {
    await this.attempt(cubeAt(address, false), async () => {
      const { connectCubeApi } = await this.deps.load();
      const { cubes: _count, ...settings } = await connectCubeApi({ address, token });
      await this.open(settings);
    });
  }

  /** Signs in with the deployment's OpenID Connect provider (its dialog), checks the token with the deployment, connects. */
  async signIn(config: CubeSignInConfig): Promise<void> {
    await this.attempt(cubeAt(config.apiUrl, true), async () => {
      const { settings, oauth } = await this.signInWith(config);
      await this.open(settings, oauth);
    });
  }

  /** The answer to "sign in again": the dialog once more; the requests that waited carry on with the new sign-in. */
  async signInAgain(): Promise<void> {
    const waiting = this.signedInAgain;
    const request = this.getState().signInRequest;
    if (!waiting || !request) return;
    try {
      const { settings } = await this.signInWith(waiting.config);
      this.signedInAgain = null;
      this.update({ signInRequest: null });
      waiting.resolve(settings);
    } catch (failure) {
      this.update({ signInRequest: { ...request, failure } });
    }
  }

  /** No new sign-in: the requests that waited fail with `CubeSignInNeededError`, in words. */
  cancelSignIn(): void {
    const waiting = this.signedInAgain;
    this.signedInAgain = null;
    if (this.getState().signInRequest) this.update({ signInRequest: null });
    waiting?.resolve(null);
  }

  private async signInWith(config: CubeSignInConfig): Promise<{ settings: CubeOidcConnectionSettings; oauth: OAuthClient }> {
    const { signInToCube } = await this.deps.load();
    return signInToCube(config, { addinBase: this.deps.addinBase(), openDialog: (url) => this.deps.openDialog(url) });
  }

  /** Makes a remembered connection the active one. */
  async switchTo(apiUrl: string): Promise<void> {
    const settings = this.deps.storage.load().connections.find((c) => c.apiUrl === apiUrl);
    if (settings) await this.attempt(cubeAt(settings.apiUrl, settings.kind === 'cube-oidc'), () => this.open(settings));
  }

  /** Leaves the active connection; it stays remembered, to switch back to. */
  disconnect(): void {
    this.cancelTokenRequest();
    this.cancelSignIn();
    const saved = this.deps.storage.load();
    this.deps.storage.save({ ...saved, active: null });
    this.update({ cube: null, failure: null });
  }

  /** Forgets a remembered connection and its token; the active one is left first. */
  forget(apiUrl: string): void {
    if (this.getState().cube?.apiUrl === apiUrl) this.disconnect();
    const saved = this.deps.storage.load();
    const connections = saved.connections.filter((c) => c.apiUrl !== apiUrl);
    this.deps.storage.save({ active: saved.active === apiUrl ? null : saved.active, connections });
    this.update({ remembered: remembered(connections) });
  }

  /**
   * The token the user pasted when asked: read first, and asked again (saying why) when it cannot be taken, so a
   * request never fails for a typing slip.
   */
  async giveToken(pasted: string): Promise<void> {
    const request = this.getState().tokenRequest;
    if (!request || !this.answer) return;
    const { readCubeToken } = await this.deps.load();
    try {
      readCubeToken(pasted);
    } catch (refusal) {
      this.update({ tokenRequest: { ...request, refusal } });
      return;
    }
    this.settle(pasted);
  }

  /** No new token: the requests that waited for it fail with `CubeTokenNeededError`, in words. */
  cancelTokenRequest(): void {
    this.settle(null);
  }

  private settle(token: string | null): void {
    const answer = this.answer;
    this.answer = null;
    if (this.getState().tokenRequest) this.update({ tokenRequest: null });
    answer?.(token);
  }

  private async attempt(target: CubeConnectedTo, work: () => Promise<void>): Promise<void> {
    this.update({ connecting: true, failure: null, failedFor: null });
    try {
      await work();
    } catch (failure) {
      this.update({ failure, failedFor: target });
    } finally {
      this.update({ connecting: false });
    }
  }

  private async open(settings: CubeConnectionSettings, oauth?: OAuthClient): Promise<void> {
    const modules = await this.deps.load();
    this.cancelTokenRequest();
    this.cancelSignIn();
    const { storage } = this.deps;
    const { tokens, token } = cubeConnectionTokens(settings, modules, {
      askForToken: (reason) => new Promise<string | null>((resolve) => {
        this.answer = resolve;
        this.update({ tokenRequest: { reason, refusal: null } });
      }),
      signInAgain: (reason, config) => new Promise<CubeOidcConnectionSettings | null>((resolve) => {
        this.signedInAgain = { config, resolve };
        this.update({ signInRequest: { reason, failure: null } });
      }),
      changed: (next) => this.remember(next),
    }, oauth);
    const cube = new modules.CubeApiConnection(
      { apiUrl: settings.apiUrl, tokens, userName: modules.cubeUserName(modules.cubeTokenClaims(token), settings.apiUrl), settings: storage.loadUserSettings(settings.apiUrl) },
      { saveUserSettings: (userSettings) => storage.saveUserSettings(settings.apiUrl, userSettings) },
    );
    this.remember(settings);
    this.update({ cube });
  }

  /** Keeps the connection first in the remembered list and active. */
  private remember(settings: CubeConnectionSettings): void {
    const saved = this.deps.storage.load();
    const connections = [settings, ...saved.connections.filter((c) => c.apiUrl !== settings.apiUrl)].slice(0, REMEMBERED_MAX);
    this.deps.storage.save({ active: settings.apiUrl, connections });
    this.update({ remembered: remembered(connections) });
  }
}

function remembered(connections: CubeConnectionSettings[]): RememberedCubeConnection[] {
  return connections.map((c) => ({
    apiUrl: c.apiUrl,
    tokenEnd: c.kind === 'cube-oidc' && c.refreshToken ? 'renewed' : c.expiresAt === null ? 'undated' : { at: c.expiresAt },
    issuer: c.kind === 'cube-oidc' ? c.issuer : null,
  }));
}

/** A Cube deployment as a connection attempt names it: the address as typed (or remembered), and how its token comes. */
function cubeAt(apiUrl: string, signedIn: boolean): CubeConnectedTo {
  return { kind: 'cube', apiUrl, token: signedIn ? 'sign-in' : 'pasted' };
}
