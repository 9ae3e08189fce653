import { DeploymentTokenManager, tokenExpiry } from '../../src/client';

const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A Cube JWT as the platform issues it, by hand: only its claims matter here (the signature is never checked). */
function jwt(claims: Record<string, unknown>): string {
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.c2lnbmF0dXJl`;
}

/** A platform that issues `token-N` JWTs expiring `expiresIn` seconds from `now()` (or without `exp`). */
function fakePlatform(now: () => number, options: { withExpiry?: boolean } = {}) {
  let issued = 0;
  const calls: (number | undefined)[] = [];
  const names = new Map<string, string>();
  return {
    calls,
    /** Which token a JWT is, by the name it was issued under. */
    name: (token: string) => names.get(token),
    issueDeploymentToken: jest.fn(async (_deploymentId: number, expiresIn?: number) => {
      calls.push(expiresIn);
      issued += 1;
      const iat = Math.floor(now() / 1000);
      const token = jwt({ sub: `token-${issued}`, iat, ...(options.withExpiry === false ? {} : { exp: iat + (expiresIn ?? 86_400) }) });
      names.set(token, `token-${issued}`);
      return { cubeApiToken: token };
    }),
  };
}

describe('tokenExpiry', () => {
  it("reads the JWT's exp claim as milliseconds, and null when there is none or the token is not a JWT", () => {
    expect(tokenExpiry(jwt({ sub: 'u', exp: 1_767_225_600 }))).toBe(Date.parse('2026-01-01T00:00:00Z'));
    expect(tokenExpiry(jwt({ sub: 'u' }))).toBeNull();
    expect(tokenExpiry(jwt({ sub: 'u', exp: 'tomorrow' }))).toBeNull();
    expect(tokenExpiry('not-a-jwt')).toBeNull();
    expect(tokenExpiry(`${base64url({ alg: 'none' })}.bm90IGpzb24.`)).toBeNull();
  });
});

describe('DeploymentTokenManager', () => {
  it('reuses a token until the renewal margin before its exp, then renews it', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const now = () => clock;
    const platform = fakePlatform(now);
    const manager = new DeploymentTokenManager(platform, 3, { expiresIn: 600, renewBeforeMs: 60_000, now });
    expect(platform.name(await manager.getToken())).toBe('token-1');
    clock += 539_000;
    expect(platform.name(await manager.getToken())).toBe('token-1');
    clock += 2_000;
    expect(platform.name(await manager.getToken())).toBe('token-2');
    expect(platform.calls).toEqual([600, 600]);
    expect(platform.issueDeploymentToken).toHaveBeenCalledWith(3, 600, undefined);
  });

  it("goes by the token's own exp, not the lifetime it asked for", async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const now = () => clock;
    // A token that expires sooner than the hour asked for (a platform may cap lifetimes): two minutes.
    const short = { issueDeploymentToken: jest.fn(async () => ({ cubeApiToken: jwt({ sub: 'capped', exp: Math.floor(clock / 1000) + 120 }) })) };
    const manager = new DeploymentTokenManager(short, 3, { expiresIn: 3600, renewBeforeMs: 60_000, now });
    await manager.getToken();
    clock += 59_000;
    await manager.getToken();
    expect(short.issueDeploymentToken).toHaveBeenCalledTimes(1);
    clock += 2_000;
    await manager.getToken();
    expect(short.issueDeploymentToken).toHaveBeenCalledTimes(2);
  });

  it('uses a token without a readable exp once and asks for a new one next time', async () => {
    const platform = fakePlatform(Date.now, { withExpiry: false });
    const manager = new DeploymentTokenManager(platform, 3);
    expect(platform.name(await manager.getToken())).toBe('token-1');
    expect(platform.name(await manager.getToken())).toBe('token-2');
  });

  it('shares one request among concurrent callers', async () => {
    const platform = fakePlatform(Date.now);
    const manager = new DeploymentTokenManager(platform, 3);
    const tokens = await Promise.all([manager.getToken(), manager.getToken(), manager.getToken()]);
    expect(tokens.map(platform.name)).toEqual(['token-1', 'token-1', 'token-1']);
    expect(platform.issueDeploymentToken).toHaveBeenCalledTimes(1);
  });

  it('fetches a fresh token after the current one is invalidated, and ignores stale invalidations', async () => {
    const platform = fakePlatform(Date.now);
    const manager = new DeploymentTokenManager(platform, 3);
    const first = await manager.getToken();
    manager.invalidate(jwt({ sub: 'some-older-token' }));
    expect(await manager.getToken()).toBe(first);
    manager.invalidate(first);
    expect(platform.name(await manager.getToken())).toBe('token-2');
  });

  it('does not keep a failed request', async () => {
    const platform = fakePlatform(Date.now);
    platform.issueDeploymentToken.mockRejectedValueOnce(new Error('offline'));
    const manager = new DeploymentTokenManager(platform, 3);
    await expect(manager.getToken()).rejects.toThrow('offline');
    expect(platform.name(await manager.getToken())).toBe('token-1');
  });
});
