import type { AppConfigResponse, Deployment, User } from '../../src/contract';
import { SessionStore, startConnecting, type SessionStoreDeps } from '../../src/pane/session-store';
import { Connection, initialDeployment, type ConnectionSettings, type Credentials } from '../../src/session/connection';

/**
 * Sign-in outside React, in Node: the platform and the token session are stand-ins that answer as the test says
 * (which user a token belongs to, whether renewing works), so each flow is what a user goes through.
 */

const analyst = { id: 7, email: 'analyst@example.com' } as User;
const admin = { id: 1, email: 'admin@example.com' } as User;
const deployments = [{ id: 3, name: 'Sales' }] as Deployment[];
const usersByToken: Record<string, User> = { 'analyst-key': analyst, 'analyst-key-2': analyst, 'admin-key': admin };

/** A token session whose renewal succeeds or not as `renews` says at the time. */
class FakeTokenSession implements Credentials {
  static renews = true;
  static replaced: ConnectionSettings[] = [];
  constructor(public settings: ConnectionSettings) {}
  accessToken = async () => this.settings.accessToken;
  renew = async () => FakeTokenSession.renews;
  replace(settings: ConnectionSettings) {
    FakeTokenSession.replaced.push(settings);
    this.settings = settings;
  }
  signOut = async () => undefined;
}

function deps(saved: (ConnectionSettings | null)[]): SessionStoreDeps {
  return {
    loadConnection: async () => ({
      connect: async (credentials: Credentials) => new Connection({
        credentials, platform: {} as never, user: usersByToken[credentials.settings.accessToken]!, deployments, appConfig: {} as AppConfigResponse,
      }),
      tokenUser: async (settings: ConnectionSettings) => usersByToken[settings.accessToken]!,
      initialDeployment,
    }),
    loadTokens: async () => ({ TokenSession: FakeTokenSession as never, signInWithDialog: async () => { throw new Error('no dialog here'); } }),
    openDialog: async () => ({ kind: 'closed' }),
    addinBase: () => 'https://addin.example/',
    saveSettings: (settings) => saved.push(settings),
    loadSettings: () => null,
    chat: { load: () => null, save: () => undefined },
  };
}

beforeEach(() => {
  FakeTokenSession.renews = true;
  FakeTokenSession.replaced = [];
});

describe('the session store: re-sign-in', () => {
  it('a 401 whose renewal works goes on without asking', async () => {
    const store = new SessionStore(deps([]));
    await store.signIn('https://platform.example', 'analyst-key');
    expect(await store.reauthenticate()).toBe(true);
    expect(store.getState().sessionEnded).toBe(false);
  });

  it('the same user signing in again: the waiting request goes on, the connection and its work stay', async () => {
    const store = new SessionStore(deps([]));
    await store.signIn('https://platform.example', 'analyst-key');
    const connection = store.getState().connection;
    FakeTokenSession.renews = false;
    // Two requests refused at once: one question, both wait for the same answer.
    const waiting = [store.reauthenticate(), store.reauthenticate()];
    await Promise.resolve();
    expect(store.getState().sessionEnded).toBe(true);

    await store.signIn('https://platform.example', 'analyst-key-2');
    expect(await Promise.all(waiting)).toEqual([true, true]);
    expect(store.getState().sessionEnded).toBe(false);
    expect(store.getState().connection).toBe(connection);
    expect(FakeTokenSession.replaced.map((s) => s.accessToken)).toEqual(['analyst-key-2']);
  });

  it('another user signing in: the waiting request gives up, and a new connection starts afresh', async () => {
    const store = new SessionStore(deps([]));
    await store.signIn('https://platform.example', 'analyst-key');
    const before = store.getState().connection;
    FakeTokenSession.renews = false;
    const waiting = store.reauthenticate();
    await Promise.resolve();
    await store.signIn('https://platform.example', 'admin-key');
    expect(await waiting).toBe(false);
    expect(store.getState().connection).not.toBe(before);
    expect(store.getState().connection?.user).toBe(admin);
    expect(store.getState().deployment).toEqual(deployments[0]);
  });

  it('signing out while a request waits: it gives up, and a later refusal asks no one', async () => {
    const saved: (ConnectionSettings | null)[] = [];
    const store = new SessionStore(deps(saved));
    await store.signIn('https://platform.example', 'analyst-key');
    FakeTokenSession.renews = false;
    const waiting = store.reauthenticate();
    await store.signOut();
    expect(await waiting).toBe(false);
    expect(store.getState()).toMatchObject({ connection: null, sessionEnded: false, chatSettings: null });
    // A request refused after signing out does not ask anyone.
    expect(await store.reauthenticate()).toBe(false);
  });

  it('a failed sign-in is kept as the failure itself, for the view to word', async () => {
    const store = new SessionStore(deps([]));
    await store.signIn('https://platform.example');
    expect(store.getState().message).toMatchObject({ kind: 'failed', error: new Error('no dialog here') });
    expect(store.getState().signingIn).toBe(false);
  });
});

describe('the session store: a saved connection begun ahead (while Office starts)', () => {
  const saved: ConnectionSettings = { kind: 'api-key', baseUrl: 'https://platform.example', accessToken: 'analyst-key' };

  /** The store's deps, with what the platform client was given to answer a 401 with, and how often it connected. */
  function counted() {
    const given = deps([]);
    const seen = { connects: 0, reauthenticate: null as (() => Promise<boolean>) | null };
    const loadConnection = given.loadConnection;
    given.loadConnection = async () => {
      const module = await loadConnection();
      return {
        ...module,
        connect: async (credentials: Credentials, options?: { reauthenticate?: () => Promise<boolean> }) => {
          seen.connects += 1;
          seen.reauthenticate = options?.reauthenticate ?? null;
          return module.connect(credentials);
        },
      } as typeof module;
    };
    return { given, seen };
  }

  it('the store takes the connection begun before it, connecting no second time; a 401 meanwhile renews the tokens', async () => {
    const { given, seen } = counted();
    const ahead = startConnecting(saved, given);
    await ahead.connected;
    FakeTokenSession.renews = true;
    expect(await seen.reauthenticate!()).toBe(true);

    const store = new SessionStore(given);
    await store.resume(saved, ahead);
    expect(seen.connects).toBe(1);
    expect(store.getState()).toMatchObject({ connection: { user: analyst }, deployment: deployments[0], signingIn: false, message: null });
  });

  it('once taken, a 401 whose renewal fails asks the user to sign in again, as for a connection the store made', async () => {
    const { given, seen } = counted();
    const ahead = startConnecting(saved, given);
    const store = new SessionStore(given);
    await store.resume(saved, ahead);
    FakeTokenSession.renews = false;
    const waiting = seen.reauthenticate!();
    await until(() => store.getState().sessionEnded);
    await store.signIn('https://platform.example', 'analyst-key-2');
    expect(await waiting).toBe(true);
  });

  it('a connection begun ahead that fails is the store\'s failure to tell', async () => {
    const { given } = counted();
    const failure = new Error('platform unreachable');
    given.loadConnection = async () => { throw failure; };
    const ahead = startConnecting(saved, given);
    const store = new SessionStore(given);
    await store.resume(saved, ahead);
    expect(store.getState()).toMatchObject({ connection: null, signingIn: false, message: { kind: 'failed', error: failure } });
  });
});

async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 1));
  if (!condition()) throw new Error('timed out');
}
