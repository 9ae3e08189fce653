import type { OAuthClient } from '../client/oauth-client';
import type { Deployment } from '../contract';
import type { ChatSettings } from '../chat/chat-settings';
import type { DialogOutcome } from '../ports/dialog';
import type { Connection, ConnectionSettings } from '../session/connection';
import type { TokenSession } from '../session/token-session';
import { Store } from './store';

/** The sign-in modules, loaded when first needed so the sign-in view paints with the small initial script. */
type ConnectionModule = Pick<typeof import('../session/connection'), 'connect' | 'tokenUser' | 'initialDeployment'>;
type TokensModule = Pick<typeof import('../session/token-session'), 'TokenSession' | 'signInWithDialog'>;

export interface SessionStoreDeps {
  loadConnection(): Promise<ConnectionModule>;
  loadTokens(): Promise<TokensModule>;
  /** Resolves once Excel can be asked: connected, the pane reads the workbook at once. */
  hostReady?: Promise<void>;
  openDialog(url: string): Promise<DialogOutcome>;
  /** Where the add-in's pages are (the sign-in dialog's pages are beside the pane's). */
  addinBase(): string;
  /** The add-in's own storage for the connection (never the workbook); null forgets it. */
  saveSettings(settings: ConnectionSettings | null): void;
  loadSettings(): ConnectionSettings | null;
  /** Where the agent chat's address and key are kept, like the other credentials. */
  chat: { load(): ChatSettings | null; save(settings: ChatSettings | null): void };
}

/** What the session's message area says: a failure (in sign-in words), or that signing out could not revoke. */
export type SessionMessage = { kind: 'failed'; error: unknown } | { kind: 'not-revoked' };

export interface SessionState {
  /** Null while signed out. */
  connection: Connection | null;
  /** The deployment the user browses. */
  deployment: Deployment | undefined;
  /** Signing in (the dialog, or checking a token). */
  signingIn: boolean;
  message: SessionMessage | null;
  /** The platform refused the session and renewing failed: the pane asks to sign in again, its work waiting. */
  sessionEnded: boolean;
  chatSettings: ChatSettings | null;
}

/**
 * Sign-in, outside React: signing in (an account through the platform's page in a dialog, or an API key), the
 * session's tokens, the 401 answer (renew, else ask the user to sign in again while the request waits), signing
 * in again as the same user (the work carries on) or another (it starts afresh), the browsed deployment, the
 * agent chat's settings, and signing out.
 */
export class SessionStore extends Store<SessionState> {
  private tokens: TokenSession | null = null;
  private pendingSignIn: { promise: Promise<boolean>; resolve(signedIn: boolean): void } | null = null;

  constructor(private readonly deps: SessionStoreDeps) {
    super({ connection: null, deployment: undefined, signingIn: false, message: null, sessionEnded: false, chatSettings: deps.chat.load() });
  }

  /** Connects with settings an earlier session saved. */
  async resume(settings: ConnectionSettings): Promise<void> {
    this.update({ signingIn: true });
    try {
      await this.open(settings);
    } finally {
      this.update({ signingIn: false });
    }
  }

  /**
   * The clients' answer to a 401: renews the access token with the refresh token, and only when that fails (and the
   * pane is connected) asks the user to sign in again, keeping the request (and so whatever the pane was doing)
   * waiting until they are back, or giving up when they sign out or another user signs in.
   */
  reauthenticate = async (): Promise<boolean> => {
    const session = this.tokens;
    if (!session) return false;
    if (await session.renew()) return true;
    if (this.tokens !== session || !this.getState().connection) return false;
    if (!this.pendingSignIn) {
      let resolve: (signedIn: boolean) => void = () => undefined;
      const promise = new Promise<boolean>((r) => (resolve = r));
      this.pendingSignIn = { promise, resolve };
      this.update({ sessionEnded: true });
    }
    return this.pendingSignIn.promise;
  };

  /** Signs in with an account (`apiKey` absent) or an API key; signing in again keeps the work going. */
  async signIn(baseUrl: string, apiKey?: string): Promise<void> {
    this.update({ signingIn: true, message: null });
    try {
      let settings: ConnectionSettings;
      let oauth: OAuthClient | undefined;
      if (apiKey !== undefined) settings = { kind: 'api-key', baseUrl, accessToken: apiKey };
      else {
        const { signInWithDialog } = await this.deps.loadTokens();
        ({ settings, oauth } = await signInWithDialog(baseUrl, { addinBase: this.deps.addinBase(), openDialog: (url) => this.deps.openDialog(url) }));
      }
      const current = this.getState().connection;
      if (!current) {
        await this.open(settings, oauth);
        return;
      }
      // Signing in again: the same user carries on where they were; another user starts afresh.
      const { tokenUser } = await this.deps.loadConnection();
      const user = await tokenUser(settings);
      if (user.id !== current.user.id) {
        this.endPendingSignIn(false);
        await this.open(settings, oauth);
        return;
      }
      this.tokens?.replace(settings, oauth);
      this.endPendingSignIn(true);
    } catch (error) {
      this.update({ message: { kind: 'failed', error } });
    } finally {
      this.update({ signingIn: false });
    }
  }

  /** The choice is remembered per user on the platform (`defaultDeploymentId`), never in the workbook. */
  async chooseDeployment(deployment: Deployment): Promise<void> {
    this.update({ deployment });
    try {
      await this.getState().connection?.updateSettings({ defaultDeploymentId: deployment.id });
    } catch (error) {
      this.update({ message: { kind: 'failed', error } });
    }
  }

  setChatSettings(chatSettings: ChatSettings | null): void {
    this.deps.chat.save(chatSettings);
    this.update({ chatSettings });
  }

  /**
   * Signs out: the tokens are forgotten first, which is what signing out promises, then revoked on the platform; if
   * it cannot be reached, the pane says so but stays signed out. The agent's address and key stay (the add-in's own
   * storage, never the workbook): they are the agent's, not the session's, and Settings → Agent chat forgets them.
   */
  async signOut(): Promise<void> {
    const session = this.tokens;
    this.tokens = null;
    this.endPendingSignIn(false);
    this.update({ connection: null, deployment: undefined, message: null });
    if (!session) {
      this.deps.saveSettings(null);
      return;
    }
    try {
      await session.signOut();
    } catch {
      // Signed out either way: only the revocation is in doubt, and the pane says so.
      this.update({ message: { kind: 'not-revoked' } });
    }
  }

  private async open(settings: ConnectionSettings, oauth?: OAuthClient): Promise<void> {
    this.update({ message: null });
    try {
      const [{ connect, initialDeployment }, { TokenSession }] = await Promise.all([this.deps.loadConnection(), this.deps.loadTokens(), this.deps.hostReady]);
      const session = new TokenSession(settings, { save: this.deps.saveSettings, load: this.deps.loadSettings, oauth });
      this.tokens = session;
      const connection = await connect(session, { reauthenticate: this.reauthenticate });
      this.deps.saveSettings(session.settings);
      this.update({ connection, deployment: initialDeployment(connection) });
    } catch (error) {
      this.update({ message: { kind: 'failed', error } });
    }
  }

  private endPendingSignIn(signedIn: boolean): void {
    this.pendingSignIn?.resolve(signedIn);
    this.pendingSignIn = null;
    this.update({ sessionEnded: false });
  }
}
