/**
 * What the dev server proxies under its own origin: the platform `PLATFORM_URL` names (`npm start` names its own;
 * unset, the default local platform's port for `npm run dev-server`), and nothing when it is set but empty, as
 * `npm run start:cube` sets it unless told a platform.
 */
interface ProxyRule {
  context: string[];
  target: string;
}

async function proxyWith(platformUrl: string | undefined): Promise<ProxyRule[]> {
  const saved = { http: process.env.DEV_SERVER_HTTP, platform: process.env.PLATFORM_URL };
  process.env.DEV_SERVER_HTTP = '1';
  if (platformUrl === undefined) delete process.env.PLATFORM_URL;
  else process.env.PLATFORM_URL = platformUrl;
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- webpack.config.js is CommonJS
    const config = require('../../webpack.config.js') as (env: unknown, argv: { mode: string }) => Promise<{ devServer: { proxy: ProxyRule[] } }>;
    return (await config({}, { mode: 'development' })).devServer.proxy;
  } finally {
    for (const [name, value] of [['DEV_SERVER_HTTP', saved.http], ['PLATFORM_URL', saved.platform]] as const) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe("the dev server's proxy", () => {
  it('proxies the platform PLATFORM_URL names, under the paths the pane calls', async () => {
    expect(await proxyWith('http://127.0.0.1:4321')).toEqual([
      expect.objectContaining({ context: ['/api', '/cubejs-api', '/oauth', '/.well-known'], target: 'http://127.0.0.1:4321' }),
    ]);
  });

  it('proxies the local platform on port 4000 when PLATFORM_URL is unset', async () => {
    expect(await proxyWith(undefined)).toEqual([expect.objectContaining({ target: 'http://127.0.0.1:4000' })]);
  });

  it('proxies nothing when PLATFORM_URL is set but empty (npm run start:cube without a platform)', async () => {
    expect(await proxyWith('')).toEqual([]);
  });
});
