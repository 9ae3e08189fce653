import { ANY_CUBE_API, contentSecurityPolicy, cubeOriginsFrom, OFFICE_JS_ORIGIN, platformOriginsFrom } from '../../scripts/content-security-policy';

/** The policy as directive name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(policy.split(';').map((part) => {
    const [name, ...sources] = part.trim().split(/\s+/);
    return [name!, sources];
  }));
}

describe('the task pane’s Content-Security-Policy', () => {
  it('in production allows scripts only from the pane and Office.js’s CDN, and calls to the configured platform', () => {
    const policy = directives(contentSecurityPolicy({ dev: false, platformOrigins: platformOriginsFrom('https://tenant.example.com, https://data.example.com/cube') }));
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'", OFFICE_JS_ORIGIN]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://tenant.example.com', 'https://data.example.com', ...ANY_CUBE_API]);
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:']);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    // A <meta> policy cannot carry it; browsers ignore it there (with a warning).
    expect(policy.has('frame-ancestors')).toBe(false);
  });

  it('never allows inline or evaluated script', () => {
    for (const dev of [true, false]) {
      const scripts = directives(contentSecurityPolicy({ dev, devSocket: 'wss://localhost:3000' })).get('script-src')!;
      expect(scripts.filter((source) => source.startsWith("'unsafe"))).toEqual([]);
    }
  });

  it('lets the user connect to any Cube API over https, or to one on this computer over http (issue 26), unless the build pins them', () => {
    const any = directives(contentSecurityPolicy({ dev: false, platformOrigins: platformOriginsFrom(undefined), cubeOrigins: cubeOriginsFrom(undefined) })).get('connect-src');
    expect(any).toEqual(["'self'", 'https:', 'http://localhost:*', 'http://127.0.0.1:*']);
    // No plain http anywhere but loopback, and nothing else (no ws:, no data:, no *).
    expect(any!.filter((source) => source.startsWith('http:') && !/^http:\/\/(localhost|127\.0\.0\.1):\*$/.test(source))).toEqual([]);
    const pinned = directives(contentSecurityPolicy({ dev: false, cubeOrigins: cubeOriginsFrom('https://cube.example.com/cubejs-api, http://localhost:4100') })).get('connect-src');
    expect(pinned).toEqual(["'self'", 'https://cube.example.com', 'http://localhost:4100']);
  });

  it('takes only https Cube API origins, or http on loopback', () => {
    expect(() => cubeOriginsFrom('http://cube.example.com')).toThrow(/https/);
    expect(cubeOriginsFrom('  ')).toBeNull();
  });

  it('in development loads Office.js from the dev server and allows its live-reload socket', () => {
    const policy = directives(contentSecurityPolicy({ dev: true, devSocket: 'wss://localhost:3000' }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", ...ANY_CUBE_API, 'wss://localhost:3000']);
  });

  it('takes only https platform origins', () => {
    expect(() => platformOriginsFrom('http://tenant.example.com')).toThrow(/https/);
    expect(() => platformOriginsFrom('not a url')).toThrow();
  });
});
