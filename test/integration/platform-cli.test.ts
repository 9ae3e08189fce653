import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

describe('npm run platform (server/main.ts)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('listens on loopback, prints its address and tokens, writes dev-tokens.json and serves the sample data', async () => {
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'server/main.ts'], {
      cwd: root,
      env: { ...process.env, PLATFORM_PORT: '0', PLATFORM_DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const output = await new Promise<string>((resolve, reject) => {
        let text = '';
        child.stdout.on('data', (chunk: Buffer) => {
          text += chunk.toString();
          if (text.includes('scim ')) resolve(text);
        });
        child.on('exit', (code) => reject(new Error(`exited with ${code}: ${text}`)));
      });
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!;
      const tokens = JSON.parse(readFileSync(join(dataDir, 'dev-tokens.json'), 'utf8')) as Record<string, string>;
      expect(Object.keys(tokens).sort()).toEqual(['admin', 'analyst', 'scim']);
      for (const token of Object.values(tokens)) expect(output).toContain(token);

      const me = await fetch(`${url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${tokens.analyst}` } });
      expect(await me.json()).toMatchObject({ username: 'analyst@example.com' });
      const deployments = (await (await fetch(`${url}/api/v1/deployments/`, { headers: { Authorization: `Bearer ${tokens.analyst}` } })).json()) as { items: { id: string }[] };
      const issued = (await (await fetch(`${url}/api/v1/deployments/${deployments.items[0]!.id}/token`, {
        method: 'POST', headers: { Authorization: `Bearer ${tokens.analyst}` },
      })).json()) as { token: string };
      const load = await fetch(`${url}/cubejs-api/v1/load`, {
        method: 'POST', headers: { Authorization: issued.token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: { measures: ['orders.count'] } }),
      });
      expect((await load.json()) as unknown).toMatchObject({ data: [{ 'orders.count': '120000' }] });
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
