import { DeploymentTokenManager } from '../../src/client';

function fakePlatform(now: () => number) {
  let issued = 0;
  const calls: (number | undefined)[] = [];
  return {
    calls,
    issueDeploymentToken: jest.fn(async (_deploymentId: string, expiresIn?: number) => {
      calls.push(expiresIn);
      issued += 1;
      return { token: `token-${issued}`, expiresAt: new Date(now() + (expiresIn ?? 86_400) * 1000).toISOString() };
    }),
  };
}

describe('DeploymentTokenManager', () => {
  it('reuses a token until the renewal margin, then renews it', async () => {
    let clock = Date.parse('2026-01-01T00:00:00Z');
    const now = () => clock;
    const platform = fakePlatform(now);
    const manager = new DeploymentTokenManager(platform, 'dep', { expiresIn: 600, renewBeforeMs: 60_000, now });
    expect(await manager.getToken()).toBe('token-1');
    clock += 539_000;
    expect(await manager.getToken()).toBe('token-1');
    clock += 2_000;
    expect(await manager.getToken()).toBe('token-2');
    expect(platform.calls).toEqual([600, 600]);
  });

  it('shares one request among concurrent callers', async () => {
    const platform = fakePlatform(Date.now);
    const manager = new DeploymentTokenManager(platform, 'dep');
    const tokens = await Promise.all([manager.getToken(), manager.getToken(), manager.getToken()]);
    expect(tokens).toEqual(['token-1', 'token-1', 'token-1']);
    expect(platform.issueDeploymentToken).toHaveBeenCalledTimes(1);
  });

  it('fetches a fresh token after the current one is invalidated, and ignores stale invalidations', async () => {
    const platform = fakePlatform(Date.now);
    const manager = new DeploymentTokenManager(platform, 'dep');
    await manager.getToken();
    manager.invalidate('some-older-token');
    expect(await manager.getToken()).toBe('token-1');
    manager.invalidate('token-1');
    expect(await manager.getToken()).toBe('token-2');
  });

  it('does not keep a failed request', async () => {
    const platform = fakePlatform(Date.now);
    platform.issueDeploymentToken.mockRejectedValueOnce(new Error('offline'));
    const manager = new DeploymentTokenManager(platform, 'dep');
    await expect(manager.getToken()).rejects.toThrow('offline');
    await expect(manager.getToken()).resolves.toBe('token-1');
  });
});
