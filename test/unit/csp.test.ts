import { contentSecurityPolicy, OFFICE_JS_ORIGIN, platformOriginsFrom } from '../../scripts/content-security-policy';

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
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://tenant.example.com', 'https://data.example.com']);
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

  it('calls nothing but its own origin in production when no platform origin is configured', () => {
    expect(directives(contentSecurityPolicy({ dev: false, platformOrigins: platformOriginsFrom(undefined), devSocket: 'wss://localhost:3000' })).get('connect-src')).toEqual(["'self'"]);
  });

  it('in development loads Office.js from the dev server and allows its live-reload socket', () => {
    const policy = directives(contentSecurityPolicy({ dev: true, devSocket: 'wss://localhost:3000' }));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'wss://localhost:3000']);
  });

  it('takes only https platform origins', () => {
    expect(() => platformOriginsFrom('http://tenant.example.com')).toThrow(/https/);
    expect(() => platformOriginsFrom('not a url')).toThrow();
  });
});
