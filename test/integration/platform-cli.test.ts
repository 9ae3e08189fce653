import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dataApiBase } from '../../src/client/data-api-base';
import type { Deployment, DeploymentEnvironment } from '../../src/contract';

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
      expect(Object.keys(tokens).sort()).toEqual(['admin', 'analyst', 'chatApiKey', 'chatApiUrl', 'scim']);
      for (const token of Object.values(tokens)) expect(output).toContain(token);
      // The agent's address as Cube's admin UI shows a "Chat API URL", under the URL the platform listens on.
      expect(tokens.chatApiUrl).toBe(`${url}/api/v1/public/local/agents/1/chat/stream-chat-state`);

      const me = await fetch(`${url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${tokens.analyst}` } });
      expect(await me.json()).toMatchObject({ username: 'analyst@example.com' });
      const analyst = { Authorization: `Bearer ${tokens.analyst}` };
      const deployments = (await (await fetch(`${url}/api/v1/deployments/`, { headers: analyst })).json()) as { items: Deployment[] };
      const deployment = deployments.items[0]!;
      expect(deployment.id).toEqual(expect.any(Number));
      // The data API's address is the deployment's REST credential, as a client of the real platform finds it.
      const environments = (await (await fetch(`${url}/api/v1/deployments/${deployment.id}/environments`, { headers: analyst })).json()) as { items: DeploymentEnvironment[] };
      const issued = (await (await fetch(`${url}/api/v1/deployments/${deployment.id}/token`, {
        method: 'POST', headers: { ...analyst, 'Content-Type': 'application/json' }, body: '{}',
      })).json()) as { cubeApiToken: string };
      const load = await fetch(`${dataApiBase(deployment, environments.items)}/v1/load`, {
        method: 'POST', headers: { Authorization: issued.cubeApiToken, 'Content-Type': 'application/json' },
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
