import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { TEAM_CONFIG_EXAMPLE } from '../../server/team/config';
import { descendants, freePort, isRunning, launch, type LaunchedCommand } from '../support/launched-command';
import { shellCommands } from '../support/markdown-commands';
import { raw } from '../support/raw-http';

/**
 * Every command the README tells a reader to run is run: here, as written, through a shell (a long one as a dry
 * run that checks what it would do), or by the CI step named in `RUN_ELSEWHERE`, whose file is checked to run it.
 * Servers get free ports, a fresh data folder and plain http (`DEV_SERVER_HTTP=1`: no certificate to install).
 */

const root = join(__dirname, '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');

/** Commands a test elsewhere runs, by the file that runs it (a line of it starts with the command). */
const RUN_ELSEWHERE: Record<string, string> = {
  'npm test': '.ci/run',
  'npm ci': '.ci/run',
};

const scratch: string[] = [];
const running: LaunchedCommand[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((command) => command.stop()));
});
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

function scratchDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'readme-commands-'));
  scratch.push(dir);
  return dir;
}

function start(command: string, env: NodeJS.ProcessEnv): LaunchedCommand {
  const launched = launch(command, env);
  running.push(launched);
  return launched;
}

/** Polls `url` until it answers (the dev server answers once webpack has built). */
async function answered(url: string, headers: Record<string, string> = {}, timeoutMs = 150_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await raw(url, { headers, timeoutMs: 120_000 });
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Settings a reader's shell might hold that would change what the commands do here. */
const UNSET = Object.fromEntries(
  Object.keys(process.env).filter((name) => /^(CUBEJS_|CUBE_|PLATFORM_|DEV_SERVER_)/.test(name)).map((name) => [name, undefined]),
);

const RUN_HERE: Record<string, (command: string) => Promise<void>> = {
  // A fresh clone's install is CI's `npm ci`; here, that `npm install` would take the committed lock as it is.
  'npm install': async (command) => {
    const lock = statSync(join(root, 'package-lock.json')).mtimeMs;
    const install = start(`${command} --dry-run --offline --no-audit --no-fund`, {});
    const { code } = await install.exited;
    expect({ code, out: install.stdout() }).toEqual({ code: 0, out: expect.stringMatching(/up to date/) });
    expect(statSync(join(root, 'package-lock.json')).mtimeMs).toBe(lock);
  },

  'npm start': async (command) => {
    const [platformPort, devPort] = [await freePort(), await freePort()];
    const dataDir = scratchDir();
    const app = start(command, { ...UNSET, PLATFORM_PORT: String(platformPort), DEV_SERVER_PORT: String(devPort), PLATFORM_DATA_DIR: dataDir, DEV_SERVER_HTTP: '1' });
    const [, analyst] = await app.waitFor(/takes the analyst token:\s+(\S+)/);
    const tokens = JSON.parse(readFileSync(join(dataDir, 'dev-tokens.json'), 'utf8')) as { analyst: string };
    expect(analyst).toBe(tokens.analyst);
    expect(app.stdout()).toContain(`Workbench:       http://localhost:${devPort}/#token=${tokens.analyst}`);
    const home = await answered(`http://localhost:${devPort}/`);
    expect({ status: home.status, location: home.headers.location }).toEqual({ status: 302, location: '/workbench.html' });
    expect((await answered(`http://localhost:${devPort}/workbench.html`)).status).toBe(200);
    // The platform, through the dev server's proxy, knows the printed token's user.
    const me = await raw(`http://localhost:${devPort}/api/v1/users/me`, { headers: { Authorization: `Bearer ${analyst}` } });
    expect({ status: me.status, username: (JSON.parse(me.body) as { username?: string }).username }).toEqual({ status: 200, username: 'analyst@example.com' });
  },

  'npm run platform': async (command) => {
    const dataDir = scratchDir();
    const platform = start(command, { ...UNSET, PLATFORM_PORT: '0', PLATFORM_DATA_DIR: dataDir });
    const [, url] = await platform.waitFor(/listening on (http:\/\/127\.0\.0\.1:\d+)/);
    const tokens = JSON.parse(readFileSync(join(dataDir, 'dev-tokens.json'), 'utf8')) as { analyst: string };
    const me = await raw(`${url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${tokens.analyst}` } });
    expect(me.status).toBe(200);
  },

  'npm run start:cube': async (command) => {
    const [cubePort, devPort] = [await freePort(), await freePort()];
    const devOrigin = `http://localhost:${devPort}`;
    const app = start(command, { ...UNSET, CUBE_PORT: String(cubePort), DEV_SERVER_PORT: String(devPort), CUBE_DATA_DIR: scratchDir(), DEV_SERVER_HTTP: '1' });
    const [, apiUrl] = await app.waitFor(/REST API URL:\s+(\S+)/);
    const [, token] = await app.waitFor(/Token:\s+(\S+)/);
    expect(apiUrl).toBe(`http://127.0.0.1:${cubePort}/cubejs-api/v1`);
    const meta = await raw(`${apiUrl}/meta`, { headers: { Authorization: token! } });
    const names = (JSON.parse(meta.body) as { cubes: { name: string }[] }).cubes.map((cube) => cube.name);
    expect(names).toEqual(expect.arrayContaining(['orders', 'sales']));
    // CORS answers the dev server's origin, wherever DEV_SERVER_PORT puts it.
    const preflight = await raw(`${apiUrl}/load`, { method: 'OPTIONS', headers: { Origin: devOrigin, 'Access-Control-Request-Method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBe(devOrigin);
    expect((await answered(`${devOrigin}/workbench.html`)).status).toBe(200);
    // No platform is proxied: /api is the dev server's own 404, not someone's platform on port 4000.
    expect((await raw(`${devOrigin}/api/v1/users/me`)).status).toBe(404);
    expect(app.stdout()).toContain('proxies no platform');
  },

  // Serving needs PostgreSQL, a Cube and a company provider: test/postgres/team-server.test.ts runs it so. Here, the
  // docs' example file read as written: without its secrets in the environment, each is named with its line.
  'npm run server -- --config team.yaml': async (command) => {
    const file = join(scratchDir(), 'team.yaml');
    writeFileSync(file, TEAM_CONFIG_EXAMPLE);
    const server = start(command.replace('team.yaml', file), { ...UNSET, DATABASE_URL: undefined, SCIM_TOKEN: undefined, OIDC_CLIENT_SECRET: undefined });
    const { code } = await server.exited;
    expect(code).toBe(2);
    expect(server.stderr()).toMatch(/team\.yaml:\d+:\d+: scim\.token: environment variable SCIM_TOKEN is not set/);
  },

  // A full run takes minutes and `npm test` runs it too: here, that it runs the unit tests, all of them and only them.
  'npm run test:unit': async (command) => {
    const list = start(`${command} -- --listTests`, {});
    const { code } = await list.exited;
    expect(code).toBe(0);
    const listed = list.stdout().split('\n').filter((line) => line.startsWith('/')).map((path) => relative(root, path)).sort();
    const unitFiles = (dir: string): string[] => readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory() ? unitFiles(join(dir, entry.name)) : /\.test\.tsx?$/.test(entry.name) ? [join(dir, entry.name)] : []);
    expect(listed).toEqual(unitFiles('test/unit').sort());
  },

  // Installing asks for the system's trust (sudo): here, that the command is there and is the install the README means.
  'npx office-addin-dev-certs install': async (command) => {
    const help = start(`${command} --help`, {});
    const { code } = await help.exited;
    expect(code).toBe(0);
    expect(help.stdout()).toMatch(/Usage: office-addin-dev-certs install[\s\S]*installed/);
  },
};

describe('the README', () => {
  it('tells only commands that are run here or by a named CI step', () => {
    const commands = shellCommands(readme);
    expect(commands).toEqual(expect.arrayContaining(['npm install', 'npm start', 'npm test']));
    expect(commands.filter((command) => !(command in RUN_HERE) && !(command in RUN_ELSEWHERE))).toEqual([]);
  });

  it.each(Object.entries(RUN_ELSEWHERE))('%s is run by %s', (command, file) => {
    expect(existsSync(join(root, file))).toBe(true);
    const lines = readFileSync(join(root, file), 'utf8').split('\n').map((line) => line.trim());
    expect(lines.some((line) => line === command || line.startsWith(`${command} `))).toBe(true);
  });

  for (const [command, run] of Object.entries(RUN_HERE)) it(`runs ${command}`, () => run(command), 240_000);
});

describe('npm run start:cube when the stand-in stops', () => {
  it('says which process stopped and how, stops the dev server and exits non-zero', async () => {
    const app = start('npm run start:cube', { ...UNSET, CUBE_PORT: String(await freePort()), DEV_SERVER_PORT: String(await freePort()), CUBE_DATA_DIR: ':memory:', DEV_SERVER_HTTP: '1' });
    await app.waitFor(/Dev server:/);
    const processes = descendants(app.child.pid!);
    const standIn = processes.find((p) => p.commandLine.includes('server/cube-core/main.ts'));
    const devServer = processes.find((p) => /webpack/.test(p.commandLine));
    expect(standIn && devServer).toBeTruthy();
    process.kill(standIn!.pid, 'SIGKILL');
    const { code } = await app.exited;
    expect(code).not.toBe(0);
    expect(app.stderr()).toContain('[cube] The Cube Core stand-in stopped (killed by SIGKILL); stopping the rest and exiting with code 1.');
    const until = Date.now() + 10_000;
    while (isRunning(devServer!.pid) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(isRunning(devServer!.pid)).toBe(false);
  }, 60_000);
});
