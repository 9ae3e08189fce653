import { SignJWT } from 'jose';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import type { FetchLike } from '../../src/client/fetch-like';
import { PastedCubeTokens } from '../../src/session/cube-api/cube-api-tokens';
import { readCubeToken } from '../../src/session/cube-api/cube-token';

/** A token a customer's backend would sign for the Cube Core stand-in (HS256 with its secret, an hour), as the pane holds one. */
export async function pastedCubeTokens(secret: string): Promise<PastedCubeTokens> {
  const signed = await new SignJWT({ user_id: 'analyst@example.com' }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));
  const { token, expiresAt } = readCubeToken(signed, Date.now());
  return new PastedCubeTokens({ token, expiresAt }, { askForToken: async () => null });
}

/** Every request sent through the global `fetch` while a test runs, into `into` (installed per test). */
export function recordGlobalFetch(into: string[]): void {
  let spy: jest.SpyInstance;
  beforeEach(() => {
    const original = globalThis.fetch.bind(globalThis);
    spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      into.push(input instanceof Request ? input.url : String(input));
      return original(input, init);
    });
  });
  afterEach(() => spy.mockRestore());
}

/** A fetch that notes each URL into `into`, then sends it. */
export const recordingFetch = (into: string[]): FetchLike => (url, init) => {
  into.push(url);
  return globalThis.fetch(url, init);
};

/**
 * The Cube Core stand-in for one test file (started before its tests, closed after them), checking tokens signed with
 * `secret`, beside a database of its own holding the same deterministic sample data: the expected values' SQL runs
 * there, never through the data API. Read the properties inside tests.
 */
export function useCubeCoreWithReference(secret: string): { readonly cube: RunningCubeCore; readonly reference: Database } {
  let started: { cube: RunningCubeCore; reference: Database } | undefined;
  beforeAll(async () => {
    const cube = await startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: secret }, corsOrigins: [], log: () => {} });
    const reference = await Database.open(':memory:');
    started = { cube, reference };
    await reference.transaction((tx) => createSampleData(tx));
  });
  afterAll(async () => {
    await started?.reference.close();
    await started?.cube.close();
  });
  const current = () => {
    if (!started) throw new Error('the Cube Core stand-in has not started');
    return started;
  };
  return {
    get cube() {
      return current().cube;
    },
    get reference() {
      return current().reference;
    },
  };
}
