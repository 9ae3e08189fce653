import type { Report, ReportPlacement, ResultChecksum } from '../../src/contract';
import { Database, DuckDbStateConnection, type SqlParam, type StateConnection } from '../../server/store/database';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';

/**
 * A pane's Refresh all records its refreshes (`PUT …/refresh`) several at once; the platform applies those that
 * wait for the state connection together (server/routes/refresh-batch.ts). Each record still gets the answer and
 * the error it would get alone, applied in the order they arrived, and a batch costs a handful of statements.
 */

jest.setTimeout(60_000);

/** Every statement on the state connection, with the transaction it ran in (0: outside one). */
interface Statement { sql: string; params: SqlParam[]; transaction: number }
const statements: Statement[] = [];
const transactionOf = new WeakMap<StateConnection, number>();
let transactions = 0;
/** While set, the next statement waits for this: the state connection is held and requests queue behind it. */
let holdNext: { until: Promise<void>; held: () => void } | null = null;
/** While set, statements it matches fail (a statement of a batch that breaks). */
let failing: ((statement: Statement) => boolean) | null = null;

const originalTransaction = Database.prototype.transaction;
const originals = { all: DuckDbStateConnection.prototype.all, run: DuckDbStateConnection.prototype.run };
beforeAll(() => {
  Database.prototype.transaction = function <T>(this: Database, work: (tx: StateConnection) => Promise<T>): Promise<T> {
    return originalTransaction.call(this, (tx) => {
      transactionOf.set(tx, ++transactions);
      return work(tx);
    }) as Promise<T>;
  };
  for (const name of ['all', 'run'] as const) {
    const original = originals[name] as (this: DuckDbStateConnection, sql: string, params?: SqlParam[]) => Promise<unknown>;
    (DuckDbStateConnection.prototype[name] as unknown) = async function (this: DuckDbStateConnection, sql: string, params: SqlParam[] = []) {
      const statement = { sql: sql.replace(/\s+/g, ' ').trim(), params, transaction: transactionOf.get(this) ?? 0 };
      statements.push(statement);
      if (failing?.(statement)) throw new Error('Injected statement failure');
      const hold = holdNext;
      if (hold) {
        holdNext = null;
        hold.held();
        await hold.until;
      }
      return original.call(this, sql, params);
    };
  }
});
afterAll(() => {
  Database.prototype.transaction = originalTransaction;
  Object.assign(DuckDbStateConnection.prototype, originals);
});

let t: TestPlatform;
let analystId: number;
beforeAll(async () => {
  t = await startTestPlatform();
  analystId = (await t.analyst.getCurrentUser()).id;
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Holds the state connection with a read of its own until the answer's `release`: work queued meanwhile waits.
 * `reading` is that read's request (answered once released).
 */
async function holdStateConnection() {
  let release!: () => void;
  const until = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (holdNext = { until, held: resolve }));
  const reading = t.admin.listReports(t.salesDeploymentId);
  await held;
  return { release, reading };
}

interface Answer { status: number; body: Record<string, unknown> }

/** `PUT …/refresh` as the analyst; `signal` hangs up. */
async function refresh(reportId: number, body: unknown, signal?: AbortSignal): Promise<Answer> {
  const response = await fetch(`${t.platform.url}/api/v1/deployments/${t.salesDeploymentId}/reports/${reportId}/refresh`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${t.platform.tokens.analyst}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Sends `requests` one after another while the state connection is held, a little apart so they arrive in that
 * order and all wait; then lets them run. Answers their answers, in that order.
 */
async function whileHeld(requests: (() => Promise<Answer>)[]): Promise<Answer[]> {
  const { release, reading } = await holdStateConnection();
  const answers: Promise<Answer>[] = [];
  for (const request of requests) {
    answers.push(request());
    await sleep(100);
  }
  // Time for the last one to reach the server and join the others.
  await sleep(300);
  release();
  await reading;
  return Promise.all(answers);
}

/** A sheet name that needs quoting in a range and escaping in text. */
const MOVED_TO = "Zürich 'Q1'";
const checksum = (hash: string): ResultChecksum => ({ v: 1, chunks: [{ from: 0, hash }] });
const folderId = async (name: string) => (await t.admin.allFolders(t.salesDeploymentId)).find((f) => f.name === name)!.id;

/** A report in the Sales folder (the analyst may read it) with placements `ids` in workbook `wb-batch`, in that order. */
async function placedReport(name: string, places: { id: string; at: string }[]): Promise<Report> {
  const report = await t.admin.createReport(t.salesDeploymentId, { name, folderId: await folderId('Sales'), jsonQuery: JSON.stringify({ measures: ['orders.count'] }) });
  for (const { id, at } of places) {
    await t.admin.connectWorkbook(t.salesDeploymentId, report.id, { externalWorkbookId: 'wb-batch', placementId: id, sheetName: 'Sheet1', resultLocation: at, resultChecksum: checksum('placed') });
  }
  return t.admin.getReport(t.salesDeploymentId, report.id);
}

/** What a test compares of a placement. */
const shape = (p: ReportPlacement) => ({
  id: p.id, sheetName: p.sheetName, anchorCell: p.anchorCell, resultLocation: p.resultLocation, endResultCell: p.endResultCell,
  resultChecksum: p.resultChecksum, queryChecksum: p.queryChecksum, refreshedByUserId: p.refreshedByUserId, refreshed: p.refreshedAt !== null,
});
const placementsOf = (body: unknown) => (body as Report).externalWorkbookPlacements!.map(shape);

/** A placement as placed by `placedReport` and not refreshed. */
const placed = (report: Report, id: string, location: string, anchor: string, end: string) => ({
  id, sheetName: 'Sheet1', anchorCell: anchor, resultLocation: location, endResultCell: end,
  resultChecksum: checksum('placed'), queryChecksum: report.currentQueryChecksum, refreshedByUserId: null, refreshed: false,
});
/** The same placement after the analyst's refresh record: where it is now and what was written. */
const refreshedAs = (base: ReturnType<typeof placed>, change: Partial<ReturnType<typeof placed>>) => ({ ...base, refreshedByUserId: analystId, refreshed: true, ...change });

describe('refresh records that arrive together', () => {
  it('answers each as if they ran one after another, its errors its own, in arrival order', async () => {
    const two = await placedReport('Batch two placements', [{ id: 'rb-2a', at: 'Sheet1!A1:C5' }, { id: 'rb-2b', at: 'Sheet1!A10:B12' }]);
    const twice = await placedReport('Batch same placement twice', [{ id: 'rb-tw', at: 'Sheet1!A1:B3' }]);
    const missing = await placedReport('Batch missing placement', [{ id: 'rb-ms', at: 'Sheet1!A1:B3' }]);
    const board = (await t.admin.listReports(t.salesDeploymentId, { first: 100 })).items.find((r) => r.publicId === 'BoardPackKpi')!;

    const before = { two: placed(two, 'rb-2a', 'Sheet1!A1:C5', 'A1', 'C5'), twoB: placed(two, 'rb-2b', 'Sheet1!A10:B12', 'A10', 'B12') };
    const tw = placed(twice, 'rb-tw', 'Sheet1!A1:B3', 'A1', 'B3');
    const since = transactions;
    const answers = await whileHeld([
      () => refresh(two.id, { placementId: 'rb-2a', resultChecksum: checksum('2a') }),
      () => refresh(twice.id, { placementId: 'rb-tw', resultLocation: 'Sheet1!A1:B9', resultChecksum: checksum('first') }),
      () => refresh(missing.id, { placementId: 'rb-nowhere', resultChecksum: checksum('x') }),
      () => refresh(board.id, { placementId: 'rb-any' }),
      () => refresh(two.id, { placementId: 'rb-2b', sheetName: MOVED_TO, resultLocation: `'Zürich ''Q1'''!B2:D9`, resultChecksum: checksum('2b') }),
      () => refresh(999_999, { placementId: 'rb-2a' }),
      () => refresh(twice.id, { placementId: 'rb-tw', resultChecksum: checksum('second') }),
      () => refresh(missing.id, { externalWorkbookId: 'wb-batch' }),
      () => refresh(missing.id, {}),
      // By place: where the record before it in this batch moved the placement.
      () => refresh(two.id, { externalWorkbookId: 'wb-batch', sheetName: MOVED_TO, anchorCell: 'B2', resultChecksum: checksum('2b again') }),
    ]);

    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 403, 200, 404, 200, 400, 400, 200]);
    // They went together: one read of all their reports.
    expect(statements.filter((s) => s.transaction > since && s.sql.startsWith('SELECT * FROM reports WHERE id IN'))).toHaveLength(1);
    expect(answers[2]!.body.error).toBe(`No such placement on report ${missing.id}`);
    expect(answers[3]!.body.error).toBe(`You lack the ReportRead permission on report ${board.id}`);
    expect(answers[5]!.body.error).toBe('Report 999999 not found');

    // Each answer is its report as that record left it: the records before it applied, those after it not.
    const twoA = refreshedAs(before.two, { resultChecksum: checksum('2a') });
    const twoB = refreshedAs(before.twoB, { sheetName: MOVED_TO, anchorCell: 'B2', resultLocation: `'Zürich ''Q1'''!B2:D9`, endResultCell: 'D9', resultChecksum: checksum('2b') });
    expect(placementsOf(answers[0]!.body)).toEqual([twoA, before.twoB]);
    expect(placementsOf(answers[4]!.body)).toEqual([twoA, twoB]);
    expect(placementsOf(answers[9]!.body)).toEqual([twoA, { ...twoB, resultChecksum: checksum('2b again') }]);
    const first = refreshedAs(tw, { resultLocation: 'Sheet1!A1:B9', endResultCell: 'B9', resultChecksum: checksum('first') });
    expect(placementsOf(answers[1]!.body)).toEqual([first]);
    // The second record of the same placement keeps the range the first one recorded: the last one wins.
    expect(placementsOf(answers[6]!.body)).toEqual([{ ...first, resultChecksum: checksum('second') }]);

    // What is stored is what the last answer of each report said; the report whose records all failed is untouched.
    expect((await t.admin.getReport(t.salesDeploymentId, two.id)).externalWorkbookPlacements!.map(shape)).toEqual(placementsOf(answers[9]!.body));
    expect((await t.admin.getReport(t.salesDeploymentId, twice.id)).externalWorkbookPlacements!.map(shape)).toEqual(placementsOf(answers[6]!.body));
    expect((await t.admin.getReport(t.salesDeploymentId, missing.id)).externalWorkbookPlacements!.map(shape)).toEqual([placed(missing, 'rb-ms', 'Sheet1!A1:B3', 'A1', 'B3')]);
  });

  it('skips a record whose caller hung up while it waited; the others land', async () => {
    const report = await placedReport('Batch hung up', [{ id: 'rb-gone', at: 'Sheet1!A1:B3' }, { id: 'rb-kept', at: 'Sheet1!D1:E3' }]);
    const hangUp = new AbortController();
    const { release, reading } = await holdStateConnection();
    const gone = refresh(report.id, { placementId: 'rb-gone', resultChecksum: checksum('gone') }, hangUp.signal).catch((error: unknown) => error);
    const kept = refresh(report.id, { placementId: 'rb-kept', resultChecksum: checksum('kept') });
    await sleep(300);
    hangUp.abort();
    await sleep(100);
    release();
    await reading;
    expect(await gone).toMatchObject({ name: 'AbortError' });
    const answer = await kept;
    expect(answer.status).toBe(200);
    const expected = [placed(report, 'rb-gone', 'Sheet1!A1:B3', 'A1', 'B3'), refreshedAs(placed(report, 'rb-kept', 'Sheet1!D1:E3', 'D1', 'E3'), { resultChecksum: checksum('kept') })];
    expect(placementsOf(answer.body)).toEqual(expected);
    expect((await t.admin.getReport(t.salesDeploymentId, report.id)).externalWorkbookPlacements!.map(shape)).toEqual(expected);
  });

  it('applies six records of six reports in one transaction of four statements, not four each', async () => {
    const reports = [];
    for (let i = 0; i < 6; i++) reports.push(await placedReport(`Batch count ${i}`, [{ id: `rb-count-${i}`, at: 'Sheet1!A1:B2' }]));
    // One record first, so the reads every request repeats (its caller, the deployment, the folders) are kept.
    expect((await refresh(reports[0]!.id, { placementId: 'rb-count-0' })).status).toBe(200);

    const { release, reading } = await holdStateConnection();
    const since = transactions;
    const answers = reports.map((report, i) => refresh(report.id, { placementId: `rb-count-${i}`, resultChecksum: checksum(`count ${i}`) }));
    await sleep(300);
    release();
    await reading;
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);

    const ran = statements.filter((s) => s.transaction > since);
    expect(new Set(ran.map((s) => s.transaction)).size).toBe(1);
    expect(ran.map((s) => s.sql.split(' ').slice(0, 3).join(' '))).toEqual([
      'SELECT * FROM', 'SELECT * FROM', 'UPDATE placements SET', 'UPDATE reports SET',
    ]);
    const firstRead = `${ran[0]!.sql} ${JSON.stringify(ran[0]!.params)}`;
    for (const report of reports) expect(firstRead).toMatch(new RegExp(`\\b${report.id}\\b`));
    for (const [i, report] of reports.entries()) {
      expect((await t.admin.getReport(t.salesDeploymentId, report.id)).externalWorkbookPlacements!.map((p) => p.resultChecksum)).toEqual([checksum(`count ${i}`)]);
    }
  });

  it('gathers a burst of records sent at once (a Refresh all wave) into fewer transactions than six at a time would take', async () => {
    const reports = [];
    for (let i = 0; i < 40; i++) reports.push(await placedReport(`Batch burst ${i}`, [{ id: `rb-burst-${i}`, at: 'Sheet1!A1:B2' }]));
    expect((await refresh(reports[0]!.id, { placementId: 'rb-burst-0' })).status).toBe(200);

    // Nothing holds the state connection: the first record to arrive starts a batch, which waits while more arrive.
    const since = transactions;
    const answers = await Promise.all(reports.map((report, i) => refresh(report.id, { placementId: `rb-burst-${i}`, resultChecksum: checksum(`burst ${i}`) })));
    expect(answers.map((a) => a.status)).toEqual(reports.map(() => 200));
    const batches = new Set(statements.filter((s) => s.transaction > since).map((s) => s.transaction)).size;
    // Sent six at a time, 40 records take 7 turns, each a transaction; arriving together, they share one or a few.
    expect(batches).toBeLessThan(7);
    // One list parameter per column: the statement's size does not grow with the records.
    const update = statements.find((s) => s.transaction > since && s.sql.startsWith('UPDATE placements'))!;
    expect(update.params).toHaveLength(10);
    for (const [i, report] of reports.entries()) {
      expect((await t.admin.getReport(t.salesDeploymentId, report.id)).externalWorkbookPlacements!.map((p) => p.resultChecksum)).toEqual([checksum(`burst ${i}`)]);
    }
  });

  it('runs each record of a batch whose statement failed alone: one that fails alone too gets a 500, the others land', async () => {
    const reports = [];
    for (let i = 0; i < 3; i++) reports.push(await placedReport(`Batch fallback ${i}`, [{ id: `rb-fb-${i}`, at: 'Sheet1!A1:B2' }]));
    // Any placement update of the records together fails, and so does the one of the second record alone.
    failing = (s) => {
      const written: string[] = JSON.stringify(s.params).match(/fallback \d/g) ?? [];
      return s.sql.startsWith('UPDATE placements') && (written.length > 1 || written.includes('fallback 1'));
    };
    try {
      const answers = await whileHeld(reports.map((report, i) => () => refresh(report.id, { placementId: `rb-fb-${i}`, resultChecksum: checksum(`fallback ${i}`) })));
      expect(answers.map((a) => a.status)).toEqual([200, 500, 200]);
    } finally {
      failing = null;
    }
    const stored = await Promise.all(reports.map(async (r) => (await t.admin.getReport(t.salesDeploymentId, r.id)).externalWorkbookPlacements!.map((p) => p.resultChecksum)));
    expect(stored).toEqual([[checksum('fallback 0')], [checksum('placed')], [checksum('fallback 2')]]);
  });
});
