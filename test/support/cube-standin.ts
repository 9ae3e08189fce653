import { SignJWT } from 'jose';
import type { FetchLike } from '../../src/client/http';
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
