import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DevTokens } from '../../server/store/seed';
import { OAuthClient } from '../../src/client/oauth-client';
import { freePort, launch, type LaunchedCommand } from '../support/launched-command';
import { callbackParams, CLIENT_ID, openLoginPage, postLogin } from '../support/oauth-login';
import { freshDatabase } from '../support/postgres-cluster';
import { roundRobinFront, type ProcessFront } from '../support/process-front';

/**
 * Two server processes (`npm run platform` with one DATABASE_URL) behind one port, as a team runs the server: what must
 * hold across processes is held by PostgreSQL (constraints, SERIALIZABLE transactions), not by either process's memory.
 */
jest.setTimeout(180_000);

interface Answer { status: number; body: Record<string, unknown> }

let database: { url: string; drop(): Promise<void> };
let dataDir: string;
let front: ProcessFront;
let processes: { command: LaunchedCommand; port: number }[];
let tokens: DevTokens;
let frontUrl: string;

/** One request, with the Host the team's address gives (the processes answer to it behind the front). */
function send(url: string, method: string, token: string | null, body?: unknown, form?: Record<string, string>): Promise<Answer> {
  const text = form ? new URLSearchParams(form).toString() : body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = { host: new URL(frontUrl).host };
  if (token) headers.authorization = `Bearer ${token}`;
  if (text !== undefined) headers['content-type'] = form ? 'application/x-www-form-urlencoded' : 'application/json';
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let answer = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (answer += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body: answer ? JSON.parse(answer) as Record<string, unknown> : {} }));
    });
    req.on('error', reject);
    req.end(text);
  });
}

async function startProcess(port: number): Promise<LaunchedCommand> {
  const command = launch('npm run platform', {
    DATABASE_URL: database.url, PLATFORM_DATA_DIR: dataDir, PLATFORM_PORT: String(port), PLATFORM_PUBLIC_URL: frontUrl,
  });
  await command.waitFor(/listening on/);
  return command;
}

beforeAll(async () => {
  database = await freshDatabase(process.env.TEST_POSTGRES_URL!);
  dataDir = mkdtempSync(join(tmpdir(), 'two-processes-'));
  const ports = [await freePort(), await freePort()];
  front = await roundRobinFront(ports);
  frontUrl = front.url;
  // One after the other: the second reads the dev tokens the first issued (dev-tokens.json) instead of replacing them.
  processes = [];
  for (const port of ports) processes.push({ command: await startProcess(port), port });
  tokens = JSON.parse(readFileSync(join(dataDir, 'dev-tokens.json'), 'utf8')) as DevTokens;
});
afterAll(async () => {
  await Promise.all((processes ?? []).map(({ command }) => command.stop()));
  await front?.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** How many requests the front has sent each process, in the order they were started. */
const sentTo = () => processes.map(({ port }) => front.requests.get(port) ?? 0);

const SALES = 1;
const reportsPath = `/api/v1/deployments/${SALES}/reports`;

it('both processes answer through the one port, on the one database', async () => {
  const before = sentTo();
  const answers = await Promise.all([1, 2, 3, 4].map(() => send(`${frontUrl}/api/v1/users/me`, 'GET', tokens.analyst)));
  expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  expect(sentTo().map((count, index) => count - before[index]!)).toEqual([2, 2]);
});

it('6 concurrent saves with one expectedVersion across both processes: exactly one wins, the rest get 409', async () => {
  const created = await send(`${frontUrl}${reportsPath}`, 'POST', tokens.admin, { name: 'Contended' });
  expect(created.status).toBe(200);
  const { id, version } = created.body as { id: number; version: number };
  const before = sentTo();
  const saves = await Promise.all(Array.from({ length: 6 }, (_, index) =>
    send(`${frontUrl}${reportsPath}/${id}`, 'PUT', tokens.admin, { name: `Saved by writer ${index}`, expectedVersion: version })));
  // Each save went to the next process in turn: three to each.
  expect(sentTo().map((count, index) => count - before[index]!)).toEqual([3, 3]);
  const won = saves.filter((save) => save.status === 200);
  expect(won).toHaveLength(1);
  expect(saves.filter((save) => save.status === 409)).toHaveLength(5);
  const stored = await send(`${frontUrl}${reportsPath}/${id}`, 'GET', tokens.admin);
  expect(stored.body).toMatchObject({ name: won[0]!.body.name, version: version + 1 });
});

it('one authorization code redeemed on both processes at once gives one token', async () => {
  const [first, second] = processes.map(({ port }) => `http://127.0.0.1:${port}`) as [string, string];
  const client = await OAuthClient.discover(frontUrl, { clientId: CLIENT_ID });
  const page = await openLoginPage(client, frontUrl);
  const code = (await callbackParams(frontUrl, page, await postLogin(frontUrl, page, { userId: 2 }))).get('code')!;
  const form = { grant_type: 'authorization_code', client_id: CLIENT_ID, code, redirect_uri: page.request.redirectUri, code_verifier: page.request.codeVerifier };
  const answers = await Promise.all([first, second].map((base) => send(`${base}/oauth/token`, 'POST', null, undefined, form)));
  expect(answers.filter((a) => a.status === 200 && typeof a.body.access_token === 'string')).toHaveLength(1);
  expect(answers.filter((a) => a.status === 400).map((a) => a.body.error)).toEqual(['invalid_grant']);
});

it('one refresh token redeemed on both processes at once gives one token', async () => {
  const client = await OAuthClient.discover(frontUrl, { clientId: CLIENT_ID });
  const page = await openLoginPage(client, frontUrl);
  const tokens = await client.exchangeCode(await callbackParams(frontUrl, page, await postLogin(frontUrl, page, { userId: 2 })), page.request);
  const [first, second] = processes.map(({ port }) => `http://127.0.0.1:${port}`) as [string, string];
  const form = { grant_type: 'refresh_token', client_id: CLIENT_ID, refresh_token: tokens.refreshToken! };
  const answers = await Promise.all([first, second].map((base) => send(`${base}/oauth/token`, 'POST', null, undefined, form)));
  expect(answers.filter((a) => a.status === 200 && typeof a.body.access_token === 'string')).toHaveLength(1);
  expect(answers.filter((a) => a.status === 400).map((a) => a.body.error)).toEqual(['invalid_grant']);
});

it('one SCIM userName created on both processes at once: one user, the other told 409 (a constraint, not memory)', async () => {
  const [first, second] = processes.map(({ port }) => `http://127.0.0.1:${port}`) as [string, string];
  const body = { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: 'twice@corp.example', active: true };
  const answers = await Promise.all([first, second, first, second].map((base) => send(`${base}/api/scim/v2/Users`, 'POST', tokens.scim, body)));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409]);
  const listed = await send(`${frontUrl}/api/scim/v2/Users?filter=${encodeURIComponent('userName eq "twice@corp.example"')}`, 'GET', tokens.scim);
  expect(listed.body.totalResults).toBe(1);
});

it('refresh records sent to both processes at once are each applied: all answered, the placements as the last left them', async () => {
  const reportId = Number((await send(`${frontUrl}${reportsPath}`, 'POST', tokens.admin, { name: 'Refreshed from two processes' })).body.id);
  const placements = ['left', 'right'];
  for (const [index, placementId] of placements.entries()) {
    const placed = await send(`${frontUrl}${reportsPath}/${reportId}/connect-workbook`, 'PUT', tokens.admin, {
      externalWorkbookId: 'wb-both', placementId, sheetName: 'Sheet1', resultLocation: `Sheet1!A${index * 10 + 1}:B3`,
    });
    expect(placed.status).toBe(200);
  }
  const checksum = (hash: string) => ({ v: 1, chunks: [{ from: 0, hash }] });
  const before = sentTo();
  // Six records of each placement, twelve at once: the front sends them to the two processes in turn.
  const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => send(`${frontUrl}${reportsPath}/${reportId}/refresh`, 'PUT', tokens.admin, {
    placementId: placements[index % 2], resultChecksum: checksum(`refresh-${index}`),
  })));
  expect(sentTo().map((count, index) => count - before[index]!)).toEqual([6, 6]);
  expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
  // Each placement holds one of its own records' checksums: none lost to the other process's writes, none mixed.
  const stored = await send(`${frontUrl}${reportsPath}/${reportId}`, 'GET', tokens.admin);
  const byId = new Map((stored.body.externalWorkbookPlacements as { id: string; resultChecksum: { chunks: { hash: string }[] } }[]).map((p) => [p.id, p.resultChecksum.chunks[0]!.hash]));
  expect(byId.get('left')).toMatch(/^refresh-(0|2|4|6|8|10)$/);
  expect(byId.get('right')).toMatch(/^refresh-(1|3|5|7|9|11)$/);
});

it('kill -9 of one process during a burst of connect-workbook calls: every acknowledged placement is there', async () => {
  const reportId = Number((await send(`${frontUrl}${reportsPath}`, 'POST', tokens.admin, { name: 'Placed in a burst' })).body.id);
  const acknowledged: string[] = [];
  const connect = async (index: number) => {
    const placementId = `burst-${index}`;
    const answer = await send(`${frontUrl}${reportsPath}/${reportId}/connect-workbook`, 'PUT', tokens.admin, {
      externalWorkbookId: `workbook-${index % 5}`, resultLocation: `Sheet1!A${index + 1}`, placementId, sheetName: 'Sheet1', anchorCell: `A${index + 1}`,
      // eslint-disable-next-line no-restricted-syntax -- a call cut off by the kill was never acknowledged: nothing to check.
    }).catch(() => null);
    if (answer?.status === 200) acknowledged.push(placementId);
  };
  const victim = processes[0]!.command;
  let sent = 0;
  // Six at a time; the first process dies (SIGKILL to its whole group) once a third of the calls are out.
  const workers = Array.from({ length: 6 }, async () => {
    while (sent < 90) {
      const index = sent++;
      if (index === 30) process.kill(-victim.child.pid!, 'SIGKILL');
      await connect(index);
    }
  });
  await Promise.all(workers);
  expect((await victim.exited).signal).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThan(30);

  const survivor = `http://127.0.0.1:${processes[1]!.port}`;
  const report = await send(`${survivor}${reportsPath}/${reportId}`, 'GET', tokens.admin);
  const stored = new Set((report.body.externalWorkbookPlacements as { id: string }[]).map((placement) => placement.id));
  expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
});
