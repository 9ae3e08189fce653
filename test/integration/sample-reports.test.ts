/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { parseSheetAddress, rectAddress } from '../../src/core/a1';
import { SEED_REPORTS, type SeedReport } from '../../server/store/seed-content';
import { installWorkbook, selectCell, workbookState } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { reportByPublicId } from '../support/reports';
import { done, workspaceFor } from '../support/workspace';
import { EXPECTED, openReference, TEXT, type FlatSpec, type PivotSpec, type Reference } from './sample-reports.sql';

/**
 * Every sample report, placed through the add-in's placement use case onto a workbook behind Office.js, read
 * back through Office.js (values and the text Excel shows) and checked against SQL written by hand for it
 * (sample-reports.sql.ts). Rows and columns are found by their labels, not by position.
 */
jest.setTimeout(60_000);

const local = useAnalystPlatform();
let reference: Reference;
beforeAll(async () => {
  reference = await openReference();
});
afterAll(() => reference.close());

/** Seed reports that must be refused, with the kind of reason the pane shows. */
const REFUSED: Record<string, string> = { ChurnDraft01: 'invalid-json', RawSqlExport: 'sql-only' };

type Value = string | number | boolean;
interface Placed {
  values: Value[][];
  text: string[][];
}

const seedOf = (publicId: string): SeedReport => SEED_REPORTS.find((r) => r.publicId === publicId)!;

/** Who places a report: the analyst, except the Board folder's, which only the admin may read (ANALYST_GRANTS). */
function placerOf(seed: SeedReport) {
  const client = seed.folder === 'board' ? local.t.admin : local.t.analyst;
  const deploymentId = seed.deployment === 'sandbox' ? local.t.sandboxDeploymentId : local.t.salesDeploymentId;
  return { client, deploymentId, report: () => reportByPublicId(client, deploymentId, seed.publicId) };
}

/** Places the report at C4 of a fresh workbook and reads the cells it reports having written, through Office.js. */
async function place(publicId: string): Promise<Placed> {
  installWorkbook();
  await selectCell('C4');
  const placer = placerOf(seedOf(publicId));
  const { service, connection } = await workspaceFor(local.t, placer.client);
  // The SQL buckets times in UTC: the admin's time zone, with no override of the user's.
  expect(connection.appConfig.timezoneSettings).toMatchObject({ enabled: true, timezone: 'UTC' });
  expect(connection.user.settings?.timezone ?? null).toBeNull();
  const { placement } = done(await service.place(await placer.report()));
  expect(placement).toMatchObject({ sheetName: 'Sheet1', anchorCell: 'C4', syncStatus: 'UP_TO_DATE' });
  const { sheetName, rect } = parseSheetAddress(placement.resultLocation!);
  expect([sheetName, rect.top, rect.left]).toEqual(['Sheet1', 3, 2]);
  return Excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem('Sheet1').getRange(rectAddress(rect));
    range.load(['values', 'text']);
    await context.sync();
    return { values: range.values as Value[][], text: range.text };
  });
}

/** Mismatches against SQL, in words: collected so one failure lists every wrong cell of a report. */
class Check {
  readonly mismatches: string[] = [];

  /** A cell against SQL: a number where SQL has one (exactly when whole, as counts are; else to 6 decimals), else the same text. */
  value(where: string, cell: Value | undefined, sql: unknown): void {
    const numeric = typeof sql === 'number' || (typeof sql === 'string' && /^-?\d+(\.\d+)?$/.test(sql));
    const expected = Number(sql);
    const ok = !numeric ? cell === sql
      : typeof cell === 'number' && (Number.isInteger(expected) ? cell === expected : Math.abs(cell - expected) < 5e-7);
    if (!ok) this.mismatches.push(`${where}: cell ${JSON.stringify(cell)}, SQL ${JSON.stringify(sql)}`);
  }

  text(where: string, shown: string | undefined, sql: unknown): void {
    if (shown !== sql) this.mismatches.push(`${where} shows ${JSON.stringify(shown)}, SQL ${JSON.stringify(sql)}`);
  }

  /** Every column of an SQL row at a grid row: values, and `@text` columns against the shown text. */
  row(where: string, placed: Placed, r: number, sqlRow: Record<string, unknown>, columnOf: (name: string) => number): void {
    for (const [key, sql] of Object.entries(sqlRow)) {
      const text = key.endsWith(TEXT);
      const c = columnOf(text ? key.slice(0, -TEXT.length) : key);
      if (c < 0) this.mismatches.push(`${where}: no column ${key}`);
      else if (text) this.text(`${where} / ${key}`, placed.text[r]?.[c], sql);
      else this.value(`${where} / ${key}`, placed.values[r]?.[c], sql);
    }
  }
}

const label = (value: unknown) => String(value);
const sorted = (values: unknown[]) => values.map(label).sort();
const distinct = (rows: Record<string, unknown>[], key: string) => [...new Set(rows.map((r) => label(r[key])))];

/** Where the table starts: after the applied-filter summary and its blank row when the report has filters. */
function tableStart(placed: Placed, filters: string | undefined): number {
  if (!filters) return 0;
  const width = placed.values[0]!.length;
  expect(placed.values.slice(0, 2)).toEqual([[filters, ...Array(width - 1).fill('')], Array(width).fill('')]);
  return 2;
}

async function checkFlat(placed: Placed, spec: FlatSpec): Promise<string[]> {
  const expected = await reference.sql(spec.sql);
  const start = tableStart(placed, spec.filters);
  const header = Object.keys(expected[0]!).filter((k) => !k.endsWith(TEXT));
  // The header names the row member and each measure, in the pivot's order.
  expect(placed.values[start]).toEqual(header);
  const labels = placed.values.slice(start + 1).map((r) => label(r[0]));
  const sqlLabels = expected.map((r) => label(r[header[0]!]));
  expect(labels).toEqual(sqlLabels);
  const check = new Check();
  for (const row of expected) {
    const r = start + 1 + labels.indexOf(label(row[header[0]!]));
    check.row(label(row[header[0]!]), placed, r, row, (name) => header.indexOf(name));
  }
  return check.mismatches;
}

async function checkPivot(placed: Placed, spec: PivotSpec): Promise<string[]> {
  const start = tableStart(placed, spec.filters);
  const width = placed.values[start]!.length;
  const top = placed.values[start]!;
  expect(top[0]).toBe(spec.corner);
  const columnLabels = top.map(label);
  let bodyStart = start + 1;
  if (spec.measureRow) {
    expect(placed.values[bodyStart]).toEqual([spec.measureRow[0], ...Array(width - 1).fill(spec.measureRow[1])]);
    bodyStart += 1;
  }
  const rowLabels = placed.values.map((r, i) => (i < bodyStart ? null : label(r[0])));
  const cells = await reference.sql(spec.cells);
  // Column labels in SQL's order (ascending time, or the measure's descending order), then Total if asked for.
  expect(columnLabels.slice(1)).toEqual([...distinct(cells, 'col'), ...(spec.rowTotals ? ['Total'] : [])]);
  const body = rowLabels.slice(bodyStart);
  const sqlRows = [...distinct(cells, 'row'), ...(spec.columnTotals ? ['Total'] : [])];
  if (spec.rowsOrdered) expect(body).toEqual(sqlRows);
  else expect([...body.slice(0, spec.columnTotals ? -1 : undefined)].sort()).toEqual(sorted(distinct(cells, 'row')));
  if (spec.columnTotals) expect(body.at(-1)).toBe('Total');

  const check = new Check();
  const at = (row: string, col: string, sqlRow: Record<string, unknown>) => {
    const [r, c, where] = [rowLabels.indexOf(row), columnLabels.indexOf(col), `${row} / ${col}`];
    if (r < 0 || c < 1) return void check.mismatches.push(`${where}: not in the grid`);
    check.value(where, placed.values[r]![c], sqlRow.value);
    if (sqlRow[`value${TEXT}`] !== undefined) check.text(where, placed.text[r]![c], sqlRow[`value${TEXT}`]);
  };
  for (const cell of cells) {
    const c = columnLabels.indexOf(label(cell.col));
    if (cell[`col${TEXT}`] !== undefined) check.text(`column ${label(cell.col)}`, placed.text[start]![c], cell[`col${TEXT}`]);
    at(label(cell.row), label(cell.col), cell);
  }
  for (const total of spec.columnTotals ? await reference.sql(spec.columnTotals) : []) at('Total', label(total.col), total);
  for (const total of spec.rowTotals ? await reference.sql(spec.rowTotals) : []) at(label(total.row), 'Total', total);
  for (const total of spec.grandTotal ? await reference.sql(spec.grandTotal) : []) at('Total', 'Total', total);
  return check.mismatches;
}

describe('every sample report', () => {
  it('is either checked here against SQL or refused', () => {
    expect(SEED_REPORTS.map((r) => r.publicId).sort()).toEqual([...Object.keys(EXPECTED), ...Object.keys(REFUSED)].sort());
  });

  it.each(Object.keys(EXPECTED))('places %s with values equal to independent SQL', async (publicId) => {
    const placed = await place(publicId);
    const spec = EXPECTED[publicId]!;
    const mismatches = spec.kind === 'flat' ? await checkFlat(placed, spec) : await checkPivot(placed, spec);
    expect(mismatches).toEqual([]);
  });

  it.each(Object.entries(REFUSED))('refuses %s (%s) and writes nothing', async (publicId, kind) => {
    const sim = installWorkbook();
    const before = workbookState(sim);
    const placer = placerOf(seedOf(publicId));
    const { service } = await workspaceFor(local.t, placer.client);
    await expect(service.place(await placer.report())).rejects.toMatchObject({
      name: 'UnplaceableReportError', reason: { kind }, message: expect.stringContaining('cannot be placed'),
    });
    if (kind === 'invalid-json') await expect(service.place(await placer.report())).rejects.toMatchObject({ reason: { detail: expect.any(String) } });
    expect(workbookState(sim)).toEqual(before);
    expect((await placer.report()).externalWorkbookPlacements ?? []).toEqual([]);
  });
});
