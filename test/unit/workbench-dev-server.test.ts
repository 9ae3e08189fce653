import type { IncomingMessage, ServerResponse } from 'node:http';

interface Middleware {
  name: string;
  middleware: (req: Pick<IncomingMessage, 'url' | 'method'>, res: ServerResponse, next: () => void) => void;
}

// The dev server's configuration, without a certificate (plain http): what `/` answers.
async function homeMiddleware(mode: string) {
  const previous = process.env.DEV_SERVER_HTTP;
  process.env.DEV_SERVER_HTTP = '1';
  // A production build warns that it has no public URL: not what is tested here.
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const config = require('../../webpack.config.js') as (env: unknown, argv: { mode: string }) => Promise<{ devServer?: { setupMiddlewares(m: Middleware[]): Middleware[] } }>;
  try {
    return (await config({}, { mode })).devServer;
  } finally {
    warn.mockRestore();
    if (previous === undefined) delete process.env.DEV_SERVER_HTTP;
    else process.env.DEV_SERVER_HTTP = previous;
  }
}

function request(middleware: Middleware, url: string, method = 'GET') {
  const response = { statusCode: 200, headers: {} as Record<string, string>, ended: false, next: false };
  middleware.middleware(
    { url, method },
    {
      set statusCode(code: number) {
        response.statusCode = code;
      },
      setHeader: (name: string, value: string) => (response.headers[name] = value),
      end: () => (response.ended = true),
    } as unknown as ServerResponse,
    () => (response.next = true),
  );
  return response;
}

describe('dev server', () => {
  it('opens the workbench at /, keeping the query', async () => {
    const devServer = await homeMiddleware('development');
    const [home, ...rest] = devServer!.setupMiddlewares([{ name: 'other', middleware: () => undefined }]);
    expect(rest.map((m) => m.name)).toEqual(['other']);
    expect(request(home!, '/')).toMatchObject({ statusCode: 302, headers: { Location: '/workbench.html' }, ended: true });
    expect(request(home!, '/?delayMs=50')).toMatchObject({ statusCode: 302, headers: { Location: '/workbench.html?delayMs=50' } });
    expect(request(home!, '/taskpane.html')).toMatchObject({ next: true, ended: false });
    expect(request(home!, '/', 'POST')).toMatchObject({ next: true });
  });

  it('has no dev server (and no workbench) in production', async () => {
    await expect(homeMiddleware('production')).resolves.toBeUndefined();
  });
});
