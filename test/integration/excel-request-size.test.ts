/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { CellValue } from '../../src/core/cell-values';
import type { CellGrid } from '../../src/core/cell-grid';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { planRestore } from '../../src/excel/restore';
import type { RequestBody } from '../../workbench/excel-host/host/protocol';
import { installWorkbook } from '../support/excel';

jest.setTimeout(120_000);

const encoder = new TextEncoder();
const bytesOf = (body: RequestBody) => encoder.encode(JSON.stringify(body)).length;

/** Every request Office.js sends while `run` runs, in bytes as the host measures them. */
async function requestsDuring(host: ReturnType<typeof installWorkbook>, run: () => Promise<unknown>): Promise<{ bytes: number[]; bodies: RequestBody[] }> {
  const bytes: number[] = [];
  const bodies: RequestBody[] = [];
  host.options.failRequest = ({ body }) => {
    bytes.push(bytesOf(body));
    bodies.push(body);
    return undefined;
  };
  try {
    await run();
  } finally {
    host.options.failRequest = undefined;
  }
  return { bytes, bodies };
}

/** A grid like a report's: a header row, text with quotes, accents, emoji and formula-looking text, numbers, a total row. */
function reportGrid(rows: number, columns: number, seed = 0): CellGrid {
  const values: CellValue[][] = [];
  const numberFormats: string[][] = [];
  values.push(Array.from({ length: columns }, (_, c) => `Column "${c}"`));
  numberFormats.push(Array<string>(columns).fill('General'));
  for (let r = 1; r < rows; r += 1) {
    values.push(Array.from({ length: columns }, (_, c) => {
      if (c === 0) return `Kunde ${r + seed} Müller ✓ ${r % 7 === 0 ? '😀' : ''}`;
      if (c === 1) return r % 5 === 0 ? `=cmd|' /C calc'!A${r}` : r % 3 ? 'Europe' : '0042';
      if (c % 2 === 0) return (r * 13.37 + c + seed) % 9_999;
      return r + c + seed;
    }));
    numberFormats.push(Array.from({ length: columns }, (_, c) => (c < 2 ? 'General' : c % 2 ? '#,##0' : '$#,##0.00')));
  }
  values.push(Array.from({ length: columns }, (_, c) => (c === 0 ? 'Total' : c === 1 ? '' : 1234.5 + c)));
  numberFormats.push(numberFormats.at(-1)!.slice());
  return { values, numberFormats, headerRows: 1, boldRows: [rows], boldColumns: [columns - 1] };
}

/** Two columns of long texts (`length` characters and the row's number): cells far heavier than a read guesses. */
function longTexts(rows: number, length: number): CellGrid {
  return {
    values: Array.from({ length: rows }, (_, r) => [`${r} ${'x'.repeat(length)}`, `${r} ${'y'.repeat(length)}`]),
    numberFormats: Array.from({ length: rows }, () => ['General', 'General']),
    headerRows: 0,
    boldRows: [],
  };
}

/** Requests that only let go of references Office.js kept (sent when an `Excel.run` ends): no data in them. */
const isCleanup = (body: RequestBody) => body.Actions.every((action) => action.ActionType === 1 || action.Name === '_RemoveReference');

function expectEstimatesCover(plan: { batches: { bytes: number }[] }, requests: { bytes: number[]; bodies: RequestBody[] }) {
  const real = requests.bytes.filter((_, i) => !isCleanup(requests.bodies[i]!));
  expect(real).toHaveLength(plan.batches.length);
  const pairs = plan.batches.map((batch, i) => ({ estimate: batch.bytes, real: real[i]! }));
  for (const pair of pairs) expect(pair.estimate).toBeGreaterThanOrEqual(pair.real);
  return real;
}

describe('request sizes through Office.js', () => {
  it.each([
    ['a 20,000 × 8 report', 20_000, 8],
    ['a 2,000 × 60 report', 2_000, 60],
    ['a 300,000 × 1 list', 300_000, 1],
    ['a 300 × 3 report', 300, 3],
  ])('estimates every request of placing %s at least as large as Office.js sends it', async (_name, rows, columns) => {
    const host = installWorkbook({ profile: 'desktop' });
    const excel = new ExcelConnector();
    const grid = reportGrid(rows, columns);
    const plan = excel.planWrite('Sheet1', { row: 2, column: 1 }, grid, { workbookId: 'wb-1234' });
    expectEstimatesCover(plan, await requestsDuring(host, () => excel.write(plan)));
  });

  it('estimates a refresh rewriting every second row of 20,000 × 8, and keeps it under 4.5 MB a request in few syncs', async () => {
    const host = installWorkbook({ profile: 'web' });
    const excel = new ExcelConnector();
    const grid = reportGrid(20_000, 8);
    await excel.write(excel.planWrite('Sheet1', { row: 0, column: 0 }, grid));
    const next = reportGrid(20_000, 8, 1);
    const rows = Array.from({ length: 10_000 }, (_, i) => 2 * i + 1);
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, next, { rows, clear: [{ top: 20_002, bottom: 20_010, left: 0, right: 7 }] });
    const requests = await requestsDuring(host, () => excel.write(plan));
    const real = expectEstimatesCover(plan, requests);
    // The earlier writer sent this as one request of 9.55 MB: a range per changed row. The rows between are
    // cheaper to rewrite than a range each, so it is one range now.
    expect(real.every((bytes) => bytes < 4_500_000)).toBe(true);
    expect(real).toHaveLength(1);
    expect(host.model.cellAt(host.model.sheetByName('Sheet1')!, 3, 0)?.value).toBe(next.values[3]![0]);
  });

  it('places 60,000 × 12 long texts in requests under 4.5 MB, in at most 1.25 × the syncs the 5 MB limit forces, plus 3', async () => {
    const host = installWorkbook({ profile: 'web' });
    const excel = new ExcelConnector();
    const long = 'a longer customer name with some words to make every cell heavier than a number ';
    const grid = reportGrid(60_000, 12);
    for (const row of grid.values.slice(1, -1)) for (let c = 3; c < 12; c += 2) row[c] = `${long}${row[c]}`;
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, grid);
    const requests = await requestsDuring(host, () => excel.write(plan));
    const real = expectEstimatesCover(plan, requests);
    const total = real.reduce((sum, bytes) => sum + bytes, 0);
    const forced = Math.ceil(total / (5 * 1024 * 1024));
    expect(forced).toBeGreaterThan(4);
    expect(real.every((bytes) => bytes < 4_500_000)).toBe(true);
    expect(real.length).toBeLessThanOrEqual(1.25 * forced + 3);
  });

  it('reads cells heavier than guessed in smaller pieces when Excel on the web refuses a response over 5 MB', async () => {
    const host = installWorkbook({ profile: 'web' });
    const excel = new ExcelConnector();
    const heavy = longTexts(4_000, 1_500);
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, heavy);
    await excel.write(plan);
    await excel.recordPlacement('Sheet1', plan.rect, { placementId: 'heavy', sheetName: 'Sheet1', nameExists: false });
    let refused = 0;
    const execute = host.execute.bind(host);
    host.execute = async (body) => {
      const answer = await execute(body);
      if (answer.ErrorCode === 'ResponsePayloadSizeLimitExceeded') refused += 1;
      return answer;
    };
    const read = await excel.readPlacement('heavy', 4_000, 2);
    expect(refused).toBeGreaterThan(0);
    expect(read?.values).toHaveLength(4_000);
    expect(read?.values[3_999]![1]).toBe(heavy.values[3_999]![1]);
    expect(host.stats.largestResponseBytes).toBeGreaterThan(5 * 1024 * 1024);
    const snapshot = await excel.snapshot(plan);
    expect(snapshot.parts.reduce((rows, part) => rows + (part.inputs?.length ?? 0), 0)).toBe(4_000);
  });

  it('inspects own cells larger than one response in as many syncs as the response limit forces: the used ranges ride with the first chunk', async () => {
    const host = installWorkbook({ profile: 'web' });
    const excel = new ExcelConnector();
    const grid = longTexts(12_000, 400);
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, grid);
    await excel.write(plan);
    host.resetStats();
    const inspection = await excel.inspect('Sheet1', plan.rect, plan.rect, undefined, 820);
    expect(inspection.ownValues).toHaveLength(grid.values.length);
    // Each sync answers under the 5 MB limit; none is spent on the used ranges alone.
    const forced = Math.ceil(host.stats.responseBytes / (5 * 1024 * 1024));
    expect(forced).toBeGreaterThan(1);
    expect(host.stats.syncs).toBeLessThanOrEqual(Math.ceil(1.25 * forced));
  });

  it('estimates every request of a restore at least as large as Office.js sends it', async () => {
    const host = installWorkbook({ profile: 'web' });
    const excel = new ExcelConnector({ requestBudgetBytes: 1_000_000 });
    const before = reportGrid(20_000, 8, 3);
    // Cells there before: text behind the apostrophe, numbers, formats, a bold Total row and column.
    await excel.write(excel.planWrite('Sheet1', { row: 0, column: 0 }, before));
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, reportGrid(20_000, 8, 9));
    const snapshot = await excel.snapshot(plan);
    await excel.write(plan);
    const restore = planRestore(snapshot, 1_000_000);
    expect(restore.length).toBeGreaterThan(1);
    expectEstimatesCover({ batches: restore }, await requestsDuring(host, () => excel.restore(snapshot)));
    expect(host.model.cellAt(host.model.sheetByName('Sheet1')!, 5, 1)?.value).toBe(before.values[5]![1]);
  });
});
