import { SignJWT } from 'jose';
import type { UserSettings } from '../../src/contract';
import { CubeSessionStore, type CubeConnectionSettings, type CubeConnectionsStorage, type CubeModules } from '../../src/pane/cube-session-store';
import { paneConnection } from '../../src/pane/pane-connection';
import { CubeApiConnectError } from '../../src/session/cube-api/connect-cube-api';
import { cubeTokenOf, signInToCube } from '../../src/session/cube-api/cube-oidc';
import { OidcCubeTokens } from '../../src/session/cube-api/cube-oidc-tokens';
import { CubeApiConnection, cubeUserName } from '../../src/session/cube-api/cube-api-connection';
import { CubeTokenNeededError, PastedCubeTokens } from '../../src/session/cube-api/cube-api-tokens';
import { CubeTokenError, cubeTokenClaims, readCubeToken } from '../../src/session/cube-api/cube-token';

/**
 * The pane's Cube API session (issue 26) in Node: connecting, remembering, switching, forgetting, and the question for
 * a new token while requests wait. Tokens are real HS256 JWTs (jose); the deployment's check (`connectCubeApi`, tested
 * against the stand-in in `connect-cube-api.test.ts`) is replaced by one that records what it was asked.
 */

const API = 'https://cube.example.com/cubejs-api';
const OTHER = 'https://other.example.com/cubejs-api';
const key = new TextEncoder().encode('session-store-test-secret');

/** A token whose `exp` is `expiresInSeconds` from now; none when null (as `cubejs token -e 0` mints one). */
async function token(claims: Record<string, unknown>, expiresInSeconds: number | null): Promise<string> {
  const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' });
  if (expiresInSeconds !== null) jwt.setExpirationTime(Math.floor(Date.now() / 1000) + expiresInSeconds);
  return jwt.sign(key);
}

function memoryStorage(): CubeConnectionsStorage & { saved: ReturnType<CubeConnectionsStorage['load']>; userSettings: Map<string, UserSettings> } {
  const storage = {
    saved: { active: null as string | null, connections: [] as CubeConnectionSettings[] },
    userSettings: new Map<string, UserSettings>(),
    load: () => structuredClone(storage.saved),
    save: (saved: ReturnType<CubeConnectionsStorage['load']>) => {
      storage.saved = structuredClone(saved);
    },
    loadUserSettings: (apiUrl: string) => storage.userSettings.get(apiUrl) ?? null,
    saveUserSettings: (apiUrl: string, settings: UserSettings) => void storage.userSettings.set(apiUrl, settings),
  };
  return storage;
}

function sessionStore(storage: CubeConnectionsStorage, probes: string[] = []) {
  const modules: CubeModules = {
    connectCubeApi: async ({ address, token: pasted }) => {
      probes.push(address);
      if (address.includes('unreachable')) throw new CubeApiConnectError('unreachable', 'Nothing answered', address);
      const { token: bare, expiresAt } = readCubeToken(pasted);
      return { kind: 'cube-api', apiUrl: address, token: bare, expiresAt, cubes: 3 };
    },
    PastedCubeTokens, readCubeToken, cubeTokenClaims, CubeApiConnection, cubeUserName, signInToCube, cubeTokenOf, OidcCubeTokens,
  };
  return new CubeSessionStore({ load: async () => modules, storage, openDialog: async () => ({ kind: 'closed' as const }), addinBase: () => 'https://addin.example.com/' });
}

test('connecting remembers the connection as active, names the user from the token, and lists one deployment by its host', async () => {
  const storage = memoryStorage();
  const store = sessionStore(storage);
  await store.connect(API, await token({ name: 'Anna Analyst' }, 3600));
  const { cube, failure, remembered } = store.getState();
  expect(failure).toBeNull();
  expect(cube?.user.username).toBe('Anna Analyst');
  expect(cube?.deployments.map((d) => [d.id, d.name])).toEqual([[0, 'cube.example.com']]);
  expect(storage.saved.active).toBe(API);
  expect(remembered.map((r) => r.apiUrl)).toEqual([API]);
  // The user may save reports: whoever has the file may (no platform policies to ask).
  expect(cube?.user.userPolicies).toEqual([{ resourceType: 'Deployment', actions: ['All'], resources: ['0'] }]);
});

test('a failed connection is kept as the failure to tell, and nothing is remembered', async () => {
  const storage = memoryStorage();
  const store = sessionStore(storage);
  await store.connect('https://unreachable.example.com/cubejs-api', await token({}, 3600));
  expect(store.getState().failure).toBeInstanceOf(CubeApiConnectError);
  // Its words name the deployment typed, whose token was pasted (no "sign in"), even beside the platform.
  expect(store.getState().failedFor).toEqual({ kind: 'cube', apiUrl: 'https://unreachable.example.com/cubejs-api', token: 'pasted' });
  expect(store.getState().cube).toBeNull();
  expect(storage.saved.connections).toEqual([]);
});

test('resuming opens the active connection without asking the deployment; its settings come back from storage', async () => {
  const storage = memoryStorage();
  const probes: string[] = [];
  await sessionStore(storage, probes).connect(API, await token({ email: 'anna@example.com' }, 3600));
  storage.userSettings.set(API, { sheets: { autoRunQueryOnChange: false } });
  const resumed = sessionStore(storage, probes);
  await resumed.resume();
  expect(probes).toEqual([API]);
  expect(resumed.getState().cube?.user.username).toBe('anna@example.com');
  expect(resumed.getState().cube?.user.settings).toEqual({ sheets: { autoRunQueryOnChange: false } });
});

test('a settings change is merged field by field and kept per connection, never sent anywhere', async () => {
  const storage = memoryStorage();
  const store = sessionStore(storage);
  await store.connect(API, await token({}, 3600));
  const cube = store.getState().cube!;
  const heard: number[] = [];
  cube.subscribe(() => heard.push(1));
  await cube.updateSettings({ sheets: { suppressDuplicateValues: true } });
  await cube.updateSettings({ sheets: { autoRunQueryOnChange: false }, timezone: 'Europe/Berlin' });
  expect(cube.user.settings).toEqual({ sheets: { suppressDuplicateValues: true, autoRunQueryOnChange: false }, timezone: 'Europe/Berlin' });
  expect(storage.userSettings.get(API)).toEqual(cube.user.settings);
  expect(heard).toHaveLength(2);
});

test('an expired token is asked for again; a pasted token that cannot be read is refused in place and asked again; a good one lets the waiting request go on', async () => {
  const storage = memoryStorage();
  const store = sessionStore(storage);
  // Expires within the 30 s the tokens ask ahead: the first request needs a new one.
  await store.connect(API, await token({}, 10));
  const tokens = store.getState().cube!.tokens;
  const waiting = tokens.getToken();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(store.getState().tokenRequest).toEqual({ reason: 'expired', refusal: null });

  await store.giveToken('not a token');
  expect(store.getState().tokenRequest?.refusal).toBeInstanceOf(CubeTokenError);

  const fresh = await token({}, 3600);
  await store.giveToken(fresh);
  await expect(waiting).resolves.toBe(fresh);
  expect(store.getState().tokenRequest).toBeNull();
  expect(storage.saved.connections[0]).toMatchObject({ kind: 'cube-api', token: fresh });
});

test('a refused token is asked for again with that reason; cancelling fails the waiting requests in words', async () => {
  const store = sessionStore(memoryStorage());
  const first = await token({}, 3600);
  await store.connect(API, first);
  const tokens = store.getState().cube!.tokens;
  tokens.invalidate(first);
  const waiting = tokens.getToken();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(store.getState().tokenRequest?.reason).toBe('refused');
  store.cancelTokenRequest();
  await expect(waiting).rejects.toBeInstanceOf(CubeTokenNeededError);
  expect(store.getState().tokenRequest).toBeNull();
});

test('a token without exp connects and is remembered as undated (no made-up date); used until refused, then asked for', async () => {
  const storage = memoryStorage();
  const store = sessionStore(storage);
  const undated = await token({ name: 'Anna Analyst' }, null);
  await store.connect(API, undated);
  expect(store.getState().failure).toBeNull();
  expect(storage.saved.connections).toEqual([{ kind: 'cube-api', apiUrl: API, token: undated, expiresAt: null }]);
  expect(store.getState().remembered).toEqual([{ apiUrl: API, tokenEnd: 'undated', issuer: null }]);
  const tokens = store.getState().cube!.tokens;
  // No end to ask ahead of: the token goes out as it is, however late.
  await expect(tokens.getToken()).resolves.toBe(undated);
  expect(store.getState().tokenRequest).toBeNull();

  // The deployment refuses it (its 403): asked for as a refused one, and the next token's end is remembered.
  tokens.invalidate(undated);
  const waiting = tokens.getToken();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(store.getState().tokenRequest).toEqual({ reason: 'refused', refusal: null });
  const dated = await token({}, 3600);
  await store.giveToken(dated);
  await expect(waiting).resolves.toBe(dated);
  expect(store.getState().remembered).toEqual([{ apiUrl: API, tokenEnd: { at: readCubeToken(dated).expiresAt }, issuer: null }]);
});

test('switching, disconnecting and forgetting: the remembered list is most recent first and never holds a forgotten token', async () => {
  const storage = memoryStorage();
  const store = sessionStore(storage);
  await store.connect(API, await token({}, 3600));
  await store.connect(OTHER, await token({}, 3600));
  expect(store.getState().remembered.map((r) => r.apiUrl)).toEqual([OTHER, API]);
  await store.switchTo(API);
  expect(store.getState().cube?.apiUrl).toBe(API);
  expect(storage.saved.active).toBe(API);

  store.disconnect();
  expect(store.getState().cube).toBeNull();
  expect(storage.saved).toMatchObject({ active: null });
  expect(store.getState().remembered).toHaveLength(2);

  store.forget(OTHER);
  expect(storage.saved.connections.map((c) => c.apiUrl)).toEqual([API]);
  expect(JSON.stringify(storage.saved)).not.toContain('other.example.com');
});

test('the pane connection over both: the platform user and settings, the deployments of both', async () => {
  const store = sessionStore(memoryStorage());
  await store.connect(API, await token({ name: 'Cube user' }, 3600));
  const cube = store.getState().cube!;
  const platformUser = { id: 7, email: 'anna@example.com', username: 'anna', isAdmin: false, notifications: {} };
  const platformDeployment = { id: 1, name: 'Production', deploymentUrl: 'https://p.example.com', creationStep: null };
  const platform = {
    kind: 'platform', user: platformUser, deployments: [platformDeployment], appConfig: { applyThemeGlobally: false, restrictDataDownload: true, sheetsAgentChatEnabled: true },
    state: {}, subscribe: () => () => undefined, updateSettings: jest.fn(async () => platformUser),
  } as unknown as Parameters<typeof paneConnection>[0];
  const both = paneConnection(platform, cube);
  expect(both.user.id).toBe(7);
  // The platform user may save into the workbook (the Cube API's deployment), and the user stays the same object.
  expect(both.user.userPolicies).toEqual([{ resourceType: 'Deployment', actions: ['All'], resources: ['0'] }]);
  expect(both.user).toBe(both.user);
  expect(both.appConfig.restrictDataDownload).toBe(true);
  expect(both.deployments.map((d) => d.id)).toEqual([1, 0]);
  const cubeOnly = paneConnection(null, cube);
  expect(cubeOnly.user.username).toBe('Cube user');
  expect(cubeOnly.appConfig.sheetsAgentChatEnabled).toBe(false);
  // The snapshot changes only when a connection's state does.
  const before = cubeOnly.state;
  expect(cubeOnly.state).toBe(before);
  await cubeOnly.updateSettings({ timezone: 'UTC' });
  expect(cubeOnly.state).not.toBe(before);
});

describe('signing in with the deployment’s OpenID Connect provider', () => {
  const config = { apiUrl: API, issuer: 'https://login.example.com', clientId: 'cube-excel', tokenKind: 'id' as const, resource: null };

  async function oidcSettings(expiresInSeconds: number, refreshToken: string | null) {
    const idToken = await token({ name: 'Oda OIDC' }, expiresInSeconds);
    return {
      kind: 'cube-oidc' as const, apiUrl: API, issuer: config.issuer, clientId: config.clientId, tokenKind: 'id' as const, resource: null,
      accessToken: 'opaque', idToken, refreshToken, expiresAt: Date.now() + expiresInSeconds * 1000,
    };
  }

  function oidcStore(storage: CubeConnectionsStorage, signIns: (typeof config)[], answers: Awaited<ReturnType<typeof oidcSettings>>[]) {
    const modules: CubeModules = {
      connectCubeApi: async () => { throw new Error('a sign-in is checked by signInToCube'); },
      PastedCubeTokens, readCubeToken, cubeTokenClaims, CubeApiConnection, cubeUserName, cubeTokenOf, OidcCubeTokens,
      signInToCube: async (input) => {
        signIns.push(input as typeof config);
        const settings = answers.shift();
        if (!settings) throw new Error('no more sign-ins');
        return { settings, oauth: {} as never };
      },
    };
    return new CubeSessionStore({ load: async () => modules, storage, openDialog: async () => ({ kind: 'closed' as const }), addinBase: () => 'https://addin.example.com/' });
  }

  test('connects with the chosen token, names the user from its claims, remembers how it signs in but lists no expiry it renews', async () => {
    const storage = memoryStorage();
    const signIns: (typeof config)[] = [];
    const store = oidcStore(storage, signIns, [await oidcSettings(3600, 'refresh-1')]);
    await store.signIn(config);
    expect(signIns).toEqual([config]);
    expect(store.getState().cube?.user.username).toBe('Oda OIDC');
    expect(store.getState().remembered).toEqual([{ apiUrl: API, tokenEnd: 'renewed', issuer: 'https://login.example.com' }]);
    expect(storage.saved.connections[0]).toMatchObject({ kind: 'cube-oidc', refreshToken: 'refresh-1' });
  });

  test('a sign-in that fails is told for the Cube deployment signed in to, as a sign-in', async () => {
    const store = oidcStore(memoryStorage(), [], []);
    await store.signIn(config);
    expect(store.getState().failure).toBeInstanceOf(Error);
    expect(store.getState().failedFor).toEqual({ kind: 'cube', apiUrl: config.apiUrl, token: 'sign-in' });
  });

  test('a sign-in without a refresh token that ends asks to sign in again; the waiting request carries on with the new sign-in', async () => {
    const storage = memoryStorage();
    const signIns: (typeof config)[] = [];
    const renewed = await oidcSettings(3600, null);
    // Within the minute the tokens renew ahead: the first request needs a new sign-in.
    const store = oidcStore(storage, signIns, [await oidcSettings(30, null), renewed]);
    await store.signIn(config);
    const waiting = store.getState().cube!.tokens.getToken();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().signInRequest).toEqual({ reason: 'no-refresh-token', failure: null });
    await store.signInAgain();
    await expect(waiting).resolves.toBe(renewed.idToken);
    expect(store.getState().signInRequest).toBeNull();
    expect(signIns).toHaveLength(2);
    expect(storage.saved.connections[0]).toMatchObject({ idToken: renewed.idToken });
  });

  test('declining to sign in again fails the waiting request in words', async () => {
    const store = oidcStore(memoryStorage(), [], [await oidcSettings(30, null)]);
    await store.signIn(config);
    const waiting = store.getState().cube!.tokens.getToken();
    await new Promise((resolve) => setTimeout(resolve, 0));
    store.cancelSignIn();
    await expect(waiting).rejects.toMatchObject({ name: 'CubeSignInNeededError' });
  });
});
