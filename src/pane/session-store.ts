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

  /** Connects with settings an earlier session saved; `ahead`: that connection begun before the store was made. */
  async resume(settings: ConnectionSettings, ahead?: SessionConnecting): Promise<void> {
    this.update({ signingIn: true });
    try {
      await this.open(settings, undefined, ahead);
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

  private async open(settings: ConnectionSettings, oauth?: OAuthClient, ahead?: SessionConnecting): Promise<void> {
    this.update({ message: null });
    try {
      const connecting = ahead ?? startConnecting(settings, this.deps, oauth);
      const { tokens, connection, deployment } = await connecting.connected;
      this.tokens = tokens;
      connecting.answerWith(this.reauthenticate);
      this.deps.saveSettings(tokens.settings);
      this.update({ connection, deployment });
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

/**
 * A connection being made: its token session, and the connection once the platform has said who the user is, which
 * deployments they see and the admin's settings. Begun by the store, or ahead of it while Office starts (create-pane.ts
 * `resumeAhead`); a 401 meanwhile renews the tokens, and once the store holds them its `reauthenticate` answers.
 */
export interface SessionConnecting {
  connected: Promise<{ tokens: TokenSession; connection: Connection; deployment: Deployment | undefined }>;
  /** The store holding the connection answers its 401s from now on. */
  answerWith(reauthenticate: () => Promise<boolean>): void;
}

/** Connects with `settings`, nothing of Office needed (the connected pane waits for Office before it reads the workbook). */
export function startConnecting(
  settings: ConnectionSettings, deps: Pick<SessionStoreDeps, 'loadConnection' | 'loadTokens' | 'saveSettings' | 'loadSettings'>, oauth?: OAuthClient,
): SessionConnecting {
  let answer: (() => Promise<boolean>) | null = null;
  const connected = (async () => {
    const [{ connect, initialDeployment }, { TokenSession }] = await Promise.all([deps.loadConnection(), deps.loadTokens()]);
    const tokens = new TokenSession(settings, { save: deps.saveSettings, load: deps.loadSettings, oauth });
    const connection = await connect(tokens, { reauthenticate: () => (answer ? answer() : tokens.renew()) });
    return { tokens, connection, deployment: initialDeployment(connection) };
  })();
  return { connected, answerWith: (reauthenticate) => void (answer = reauthenticate) };
}
