import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startPlatform, type RunningPlatform } from '../../server/app';
import { Database } from '../../server/store/database';
import { nextId, STATE_SCHEMA_VERSION } from '../../server/store/schema';
import { prepareDatabase } from '../../server/store/seed';
import { rewindToSchema5 } from '../support/schema-5';

/**
 * Chat threads belong to the platform user's immutable id, resolved from `sessionSettings.internalId` (an email) at
 * each request (issue 25): SCIM renames a user and hands the old name to someone else, and the threads stay with
 * the person, not the name. Everything over HTTP: the Chat API with the agent's key, SCIM with the SCIM token.
 */
jest.setTimeout(60_000);

type Frame = Record<string, unknown> & { id?: string; content?: string; role?: string; state?: Record<string, unknown> };

const QUESTION = 'Revenue by region last year';
const OTHER_QUESTION = 'Orders by status';
const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function start(dataDir = ':memory:'): Promise<RunningPlatform> {
  return startPlatform({ dataDir, port: 0, agent: { wordDelayMs: 0 }, queryClock: () => new Date('2026-03-15T12:00:00Z') });
}

let messageCounter = 0;
const newMessageId = () => `${Date.now()}${String(messageCounter++).padStart(3, '0')}-message`;

/** A Chat API call as `internalId` names the user (the pane sends the user's email), with the account's key. */
function chat(p: RunningPlatform, internalId: string, body: Record<string, unknown>, path: 'stream-chat-state' | 'abort' = 'stream-chat-state') {
  return fetch(p.tokens.chatApiUrl.replace(/stream-chat-state$/, path), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Api-Key ${p.tokens.chatApiKey}` },
    body: JSON.stringify({ ...body, sessionSettings: { internalId, email: internalId } }),
  });
}

async function frames(response: Response): Promise<Frame[]> {
  expect(response.status).toBe(200);
  return (await response.text()).split('\n').filter(Boolean).map((line) => JSON.parse(line) as Frame);
}

const chatIdOf = (all: Frame[]) => String(all.find((f) => f.id === '__cutoff__')!.state!.chatId);
const questionsOf = (all: Frame[]) =>
  ((all.find((f) => f.id === '__state__')!.state!.messages as Frame[]) ?? []).filter((m) => m.role === 'user').map((m) => m.content);

/** The user's thread read back by `chatId`: its questions, or the status it was refused with. */
async function readBack(p: RunningPlatform, internalId: string, chatId: string): Promise<string[] | number> {
  const response = await chat(p, internalId, { chatId });
  return response.status === 200 ? questionsOf(await frames(response)) as string[] : response.status;
}

async function scim(p: RunningPlatform, method: string, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const response = await fetch(`${p.url}/api/scim/v2/${path}`, {
    method,
    headers: { Authorization: `Bearer ${p.tokens.scim}`, 'Content-Type': 'application/scim+json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

async function scimUserId(p: RunningPlatform, userName: string): Promise<string> {
  const list = await scim(p, 'GET', `Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
  return String((list.Resources as { id: string }[])[0]!.id);
}

/** SCIM replace (`PUT /Users/{id}`): the user's name and their one email become `email`. */
async function rename(p: RunningPlatform, id: string, email: string, userName = email): Promise<void> {
  await scim(p, 'PUT', `Users/${id}`, { schemas: [SCIM_USER], userName, emails: [{ value: email, primary: true, type: 'work' }], active: true });
}

/** The analyst renamed, and `analyst@example.com` given to the admin: the SCIM steps of the audit's case. */
async function renameAndReuse(p: RunningPlatform, newEmail: string): Promise<void> {
  const analyst = await scimUserId(p, 'analyst@example.com');
  const admin = await scimUserId(p, 'admin@example.com');
  await rename(p, analyst, newEmail);
  await rename(p, admin, 'analyst@example.com');
}

describe('chat threads after SCIM renames their owner and gives the name to someone else', () => {
  let p: RunningPlatform;
  beforeAll(async () => {
    p = await start();
  });
  afterAll(() => p.close());

  it('the new holder of the name reaches none of them; the owner, by her new email, still has them', async () => {
    const messageId = newMessageId();
    const chatId = chatIdOf(await frames(await chat(p, 'analyst@example.com', { input: QUESTION, messageId })));
    expect(await readBack(p, 'analyst@example.com', chatId)).toEqual([QUESTION]);

    await renameAndReuse(p, 'anna.renamed@example.com');

    // The admin now holds the name: the analyst's thread is another user's (403), to read and to abort.
    expect(await readBack(p, 'analyst@example.com', chatId)).toBe(403);
    expect((await chat(p, 'analyst@example.com', { chatId }, 'abort')).status).toBe(403);
    expect((await chat(p, 'analyst@example.com', { chatId, input: OTHER_QUESTION })).status).toBe(403);
    // Her question's messageId, sent again without a chatId, would read her thread back if it were found: it is a new
    // question in a new thread of the admin's instead.
    const reused = await frames(await chat(p, 'analyst@example.com', { input: OTHER_QUESTION, messageId }));
    expect(chatIdOf(reused)).not.toBe(chatId);
    expect(questionsOf(reused)).toEqual([OTHER_QUESTION]);

    // The analyst, named by her new email, keeps her thread: to read, by her messageId, and to abort.
    expect(await readBack(p, 'anna.renamed@example.com', chatId)).toEqual([QUESTION]);
    expect(chatIdOf(await frames(await chat(p, 'anna.renamed@example.com', { input: QUESTION, messageId })))).toBe(chatId);
    expect((await chat(p, 'anna.renamed@example.com', { chatId }, 'abort')).status).toBe(204);
    // And the thread the admin started under the name is not hers.
    expect(await readBack(p, 'anna.renamed@example.com', chatIdOf(reused))).toBe(403);
  });

  it('names a user by their primary email when their user name is not an email, as the pane sends it', async () => {
    const id = await scimUserId(p, 'anna.renamed@example.com');
    await rename(p, id, 'anna@example.com', 'anna');
    const chatId = chatIdOf(await frames(await chat(p, 'anna@example.com', { input: QUESTION })));
    expect(await readBack(p, 'anna', chatId)).toEqual([QUESTION]);
    expect(await readBack(p, 'analyst@example.com', chatId)).toBe(403);
  });
});

describe('a data dir of schema 4, whose threads were owned by user name', () => {
  it('is migrated at start: each thread goes to the id of the user holding its name, none is lost or reseeded', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chat-owners-'));
    dirs.push(dir);
    let p = await start(dir);
    const analystThread = chatIdOf(await frames(await chat(p, 'analyst@example.com', { input: QUESTION })));
    const adminThread = chatIdOf(await frames(await chat(p, 'admin@example.com', { input: OTHER_QUESTION })));
    await p.close();

    // The rows as schema 4 wrote them (its tables are schema 5's): owners by name, one of a name no user holds now.
    const file = join(dir, 'platform.duckdb');
    let db = await Database.open(file);
    await db.transaction(async (tx) => {
      await rewindToSchema5(tx);
      await tx.run(`UPDATE meta SET value = '4' WHERE key = 'schema'`);
      await tx.run(`UPDATE chat_threads SET owner = 'internal:analyst@example.com' WHERE id = ?`, [analystThread]);
      await tx.run(`UPDATE chat_threads SET owner = 'internal:admin@example.com' WHERE id = ?`, [adminThread]);
      await tx.run(`INSERT INTO chat_threads VALUES ('gone-thread', 1, 'internal:gone@example.com', 'Q', '2026-01-01', '2026-01-01', NULL)`);
      await tx.run(`INSERT INTO chat_threads VALUES ('external-thread', 1, 'external:ann', 'Q', '2026-01-01', '2026-01-01', NULL)`);
    });
    await db.close();

    p = await start(dir);
    try {
      expect(await readBack(p, 'analyst@example.com', analystThread)).toEqual([QUESTION]);
      await renameAndReuse(p, 'anna.renamed@example.com');
      expect(await readBack(p, 'anna.renamed@example.com', analystThread)).toEqual([QUESTION]);
      expect(await readBack(p, 'analyst@example.com', analystThread)).toBe(403);
      // The admin's thread followed the admin (now named analyst@example.com), not the name admin@example.com.
      expect(await readBack(p, 'analyst@example.com', adminThread)).toEqual([OTHER_QUESTION]);
      // Whoever takes a name that held threads before the migration and no user held at it does not get them.
      await rename(p, await scimUserId(p, 'anna.renamed@example.com'), 'gone@example.com');
      expect(await readBack(p, 'gone@example.com', 'gone-thread')).toBe(403);
    } finally {
      await p.close();
    }

    db = await Database.open(file);
    const rows = await db.read((tx) => tx.all(`SELECT id, owner FROM chat_threads ORDER BY id`));
    const schema = await db.read((tx) => tx.one(`SELECT value FROM meta WHERE key = 'schema'`));
    const users = await db.read((tx) => tx.all(`SELECT id, user_name FROM users ORDER BY id`));
    await db.close();
    const idOf = (name: string) => users.find((u) => u.user_name === name)!.id;
    expect(schema!.value).toBe(STATE_SCHEMA_VERSION);
    expect(Object.fromEntries(rows.map((r) => [r.id, r.owner]))).toEqual({
      [analystThread]: `user:${idOf('gone@example.com')}`,
      [adminThread]: `user:${idOf('analyst@example.com')}`,
      'gone-thread': 'internal:gone@example.com',
      'external-thread': 'external:ann',
    });
  });
});

describe("the seeded users' dev tokens", () => {
  it('are issued anew to the seeded user by id, not to whoever holds the name now', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chat-owners-tokens-'));
    dirs.push(dir);
    let p = await start(dir);
    const me = async (token: string) => (await (await fetch(`${p.url}/api/v1/users/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { id: number };
    const analystId = (await me(p.tokens.analyst)).id;
    await renameAndReuse(p, 'anna.renamed@example.com');
    await p.close();
    // A dev-tokens.json without the analyst's token: the next start issues her one.
    const file = join(dir, 'dev-tokens.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), analyst: undefined }));
    p = await start(dir);
    try {
      expect((await me(p.tokens.analyst)).id).toBe(analystId);
    } finally {
      await p.close();
    }
  });
});

describe('a user id', () => {
  it('is never handed out again after its user is deleted, across restarts, so a new user inherits nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'chat-owners-ids-'));
    dirs.push(dir);
    const file = join(dir, 'platform.duckdb');
    let db = await Database.open(file);
    await prepareDatabase(db);
    const analyst = await db.read((tx) => tx.one(`SELECT max(id) AS id FROM users`));
    // As a SCIM delete would: the user with the highest id goes.
    await db.transaction((tx) => tx.run(`DELETE FROM users WHERE id = ?`, [Number(analyst!.id)]));
    expect(await db.transaction((tx) => nextId(tx, 'users'))).toBe(Number(analyst!.id) + 1);
    await db.close();
    db = await Database.open(file);
    await prepareDatabase(db);
    expect(await db.transaction((tx) => nextId(tx, 'users'))).toBe(Number(analyst!.id) + 2);
    await db.close();
  });
});
