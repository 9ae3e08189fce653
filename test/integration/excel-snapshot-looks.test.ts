/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { CellGrid } from '../../src/core/cell-grid';
import { ExcelConnector, placementName } from '../../src/excel/excel-connector';
import { knownFromRead } from '../../src/excel/snapshot';
import type { RequestBody } from '../../workbench/excel-host/host/protocol';
import { act, installWorkbook, workbookState } from '../support/excel';

/**
 * The snapshot's bold and fill (issue 27): with ExcelApi 1.9 every cell's look comes with the values in the same
 * request (`getCellProperties`), however the looks are laid out; the regions kept are the ones Excel 2019 (ExcelApi
 * 1.7, a range asked at a time and split where mixed) finds, and a large range is read in requests sized to the
 * response budget.
 */

const sheet1 = (context: Excel.RequestContext) => context.workbook.worksheets.getItem('Sheet1');

/** A placed report's looks and a person's: filled header rows, a bold Total row and column, scattered cells. */
async function lookedCells(rows: number) {
  await act((c) => {
    const sheet = sheet1(c);
    sheet.getRange(`A1:F${rows}`).values = Array.from({ length: rows }, (_, r) => Array.from({ length: 6 }, (_, col) => (col === 0 ? `row ${r}` : r * 10 + col)));
    sheet.getRange('A1:F2').format.fill.color = '#DDEBF7';
    sheet.getRange('A2:F2').format.font.bold = true;
    sheet.getRange(`F1:F${rows}`).format.font.bold = true;
    sheet.getRange(`A${rows}:F${rows}`).format.font.bold = true;
    sheet.getRange('C7').format.fill.color = '#FFFF00';
    sheet.getRange(`B${Math.floor(rows / 2)}`).format.font.bold = true;
    sheet.getRange(`D${rows - 3}:E${rows - 2}`).format.fill.color = '#00B0F0';
  });
}

function newGrid(rows: number, columns: number): CellGrid {
  return {
    values: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => (c === 0 ? `new ${r}` : r + c))),
    numberFormats: Array.from({ length: rows }, () => Array.from({ length: columns }, () => 'General')),
    headerRows: 1,
    boldRows: [],
    boldColumns: [],
  };
}

async function snapshotOn(profile: 'web' | 'excel2019', rows: number, responseBudgetBytes?: number) {
  const host = installWorkbook({ profile });
  await lookedCells(rows);
  const bodies: RequestBody[] = [];
  host.options.failRequest = ({ body }) => {
    bodies.push(body);
    return undefined;
  };
  const excel = new ExcelConnector({ responseBudgetBytes });
  const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(rows, 7));
  host.resetStats();
  const snapshot = await excel.snapshot(plan, { formattedRange: { top: 0, left: 0, bottom: rows - 1, right: 5 } });
  host.options.failRequest = undefined;
  return { host, excel, plan, snapshot, bodies, stats: { ...host.stats } };
}

const asks = (bodies: RequestBody[], name: string) => bodies.filter((body) => body.Actions.some((action) => action.Name === name || action.QueryInfo?.Select?.some((s) => s.includes(name)))).length;

describe('the snapshot of bold and fill', () => {
  it('is read with the values in one request on ExcelApi 1.9, the regions those of Excel 2019', async () => {
    const web = await snapshotOn('web', 60);
    const old = await snapshotOn('excel2019', 60);
    expect(web.stats.syncs).toBe(1);
    expect(asks(web.bodies, 'GetCellProperties')).toBe(1);
    expect(asks(web.bodies, 'font/bold')).toBe(0);
    // Excel 2019 has no getCellProperties: a range asked at a time, in rounds.
    expect(asks(old.bodies, 'GetCellProperties')).toBe(0);
    expect(old.stats.syncs).toBeGreaterThan(3);
    expect(web.snapshot).toEqual(old.snapshot);
    expect(web.snapshot.looks.some((look) => look.bold)).toBe(true);
    expect(web.snapshot.looks.some((look) => look.fill === '#FFFF00')).toBe(true);
  });

  it('puts the looks back exactly after a write', async () => {
    const { host, excel, plan, snapshot } = await snapshotOn('web', 30);
    const before = workbookState(host);
    await excel.write(plan);
    expect(workbookState(host)).not.toEqual(before);
    await excel.restore(snapshot);
    expect(workbookState(host)).toEqual(before);
  });

  it('reads a large range in requests sized to the response budget, not by a count of ranges', async () => {
    const budget = 60_000;
    const web = await snapshotOn('web', 2_000, budget);
    const old = await snapshotOn('excel2019', 2_000);
    // About 14,000 cells of 64 bytes of values and 60 of looks: some 1.7 MB, so about 30 requests of 60 KB.
    expect(web.stats.syncs).toBeGreaterThan(10);
    expect(web.stats.largestResponseBytes).toBeLessThanOrEqual(budget * 1.5);
    expect(web.snapshot).toEqual(old.snapshot);
  });
});

describe('the snapshot of a placement’s cells read with its name (issue 27)', () => {
  const own = { top: 0, left: 0, bottom: 39, right: 5 };

  async function placed(profile: 'web' | 'excel2019') {
    const host = installWorkbook({ profile });
    await lookedCells(40);
    await act((c) => {
      sheet1(c).getRange('B3:B5').numberFormat = [['0.00'], ['@'], ['0%']];
      c.workbook.names.add(placementName('p1'), sheet1(c).getRange('A1:F40'));
    });
    return host;
  }

  it('takes the rows to rewrite from the formats and looks read along: no request, the same snapshot', async () => {
    const host = await placed('web');
    const excel = new ExcelConnector();
    const state = await excel.prepare(['p1'], null, [{ placementId: 'p1', size: null, expectedCells: 240, usedRanges: true, snapshot: true }]);
    const cells = state.placements[0]!.cellsNow!;
    expect(cells.numberFormats).toHaveLength(40);
    expect(cells.looks?.[1]?.[0]).toEqual({ bold: true, fill: '#DDEBF7' });
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(40, 6), { rows: [1, 2, 3, 4, 20, 37, 39] });
    const knownValues = { rect: own, values: cells.values };
    const options = { formattedRange: cells.formattedRange, knownValues };
    host.resetStats();
    const known = await excel.snapshot(plan, { ...options, knownCells: { rect: own, numberFormats: cells.numberFormats!, looks: cells.looks! } });
    expect(host.stats.syncs).toBe(0);
    const read = await excel.snapshot(plan, options);
    expect(host.stats.syncs).toBe(1);
    expect(known).toEqual(read);
    expect(known.parts.some((part) => part.numberFormats.some((row) => row.includes('@')))).toBe(true);
  });

  it('reads what lies outside the cells read along, and the rest from them', async () => {
    const host = await placed('web');
    // A cell filled past the placement: the sheet's used range counting formats reaches the new cells.
    await act((c) => {
      sheet1(c).getRange('G42').format.fill.color = '#FFFF00';
    });
    const excel = new ExcelConnector();
    const state = await excel.prepare(['p1'], null, [{ placementId: 'p1', size: null, expectedCells: 240, usedRanges: true, snapshot: true }]);
    const cells = state.placements[0]!.cellsNow!;
    // Two rows and a column more: the new cells are read, the own ones not.
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(42, 7), { rows: [0, 5, 40, 41] });
    const options = { formattedRange: cells.formattedRange, knownValues: { rect: own, values: cells.values } };
    host.resetStats();
    const known = await excel.snapshot(plan, { ...options, knownCells: { rect: own, numberFormats: cells.numberFormats!, looks: cells.looks! } });
    expect(host.stats.syncs).toBe(1);
    expect(known).toEqual(await excel.snapshot(plan, options));
  });

  it('knows the new cells blank where they lie past the used range counting formats: nothing read, put back as a read snapshot puts them', async () => {
    const host = await placed('web');
    const excel = new ExcelConnector();
    const state = await excel.prepare(['p1'], null, [{ placementId: 'p1', size: null, expectedCells: 240, usedRanges: true, snapshot: true }]);
    const cells = state.placements[0]!.cellsNow!;
    expect(cells.formattedRange).toEqual(own);
    // Two rows and a column more, past the used range (a builder's result grown): blank, so nothing is read for them.
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(42, 7), { rows: [0, 5, 40, 41] });
    const options = { formattedRange: cells.formattedRange, knownValues: { rect: own, values: cells.values } };
    host.resetStats();
    const known = await excel.snapshot(plan, { ...options, knownCells: { rect: own, numberFormats: cells.numberFormats!, looks: cells.looks! } });
    expect(host.stats.syncs).toBe(0);
    const read = await excel.snapshot(plan, options);
    const putBack = async (snapshot: typeof known) => {
      await excel.write(plan);
      await excel.restore(snapshot);
      return workbookState(host);
    };
    expect(await putBack(known)).toEqual(await putBack(read));
  });

  it('reads the cells a write grows into with the name (issue 43): a formula showing nothing is in the way, blank cells need no read', async () => {
    const host = await placed('web');
    await act((c) => {
      // A cell below that is filled, so the used range counting formats reaches the cells the write grows into.
      sheet1(c).getRange('G45').format.fill.color = '#FFFF00';
    });
    const excel = new ExcelConnector();
    const reach = { rows: 42, columns: 7 };
    const read = async () => (await excel.prepare(['p1'], null, [{ placementId: 'p1', size: null, expectedCells: 240, usedRanges: true, snapshot: true, reach }])).placements[0]!.cellsNow!;
    const target = { top: 0, left: 0, bottom: 41, right: 6 };
    const plan = excel.planWrite('Sheet1', { row: 0, column: 0 }, newGrid(42, 7), { rows: [0, 5, 40, 41] });
    const blank = await read();
    expect(blank.reach?.rect).toEqual(target);
    host.resetStats();
    expect((await excel.inspect('Sheet1', own, target, undefined, 100, 20, blank)).foreignCells).toEqual([]);
    const options = { formattedRange: blank.formattedRange, knownValues: { rect: own, values: blank.values } };
    const known = await excel.snapshot(plan, { ...options, ...knownFromRead(blank, options.knownValues) });
    expect(host.stats.syncs).toBe(0);
    const putBack = async (snapshot: typeof known) => {
      await excel.write(plan);
      await excel.restore(snapshot);
      return workbookState(host);
    };
    expect(await putBack(known)).toEqual(await putBack(await excel.snapshot(plan, options)));
    await act((c) => {
      sheet1(c).getRange('G41').formulas = [['=""']];
    });
    const taken = await read();
    host.resetStats();
    expect((await excel.inspect('Sheet1', own, target, undefined, 100, 20, taken)).foreignCells).toEqual(['G41']);
    expect(host.stats.syncs).toBe(0);
    // Cells holding something are read for the snapshot, as before.
    expect(knownFromRead(taken, options.knownValues).knownCells?.rect).toEqual(own);
  });

  it('reads the formats and looks along only where every cell’s look is one read and they fit the budget', async () => {
    const read = [{ placementId: 'p1', size: null, expectedCells: 240, usedRanges: true, snapshot: true }];
    const web = await placed('web');
    web.resetStats();
    // Room for the values (48 bytes a cell) in half the budget, not for their formats and looks as well.
    const tight = (await new ExcelConnector({ responseBudgetBytes: 240 * 100 }).prepare(['p1'], null, read)).placements[0]!.cellsNow!;
    expect(web.stats.syncs).toBe(1);
    expect(tight.values).toHaveLength(40);
    expect(tight.numberFormats).toBeUndefined();
    expect(tight.looks).toBeUndefined();
    await placed('excel2019');
    const old = (await new ExcelConnector().prepare(['p1'], null, read)).placements[0]!.cellsNow!;
    expect(old.values).toHaveLength(40);
    expect(old.looks).toBeUndefined();
  });

  it('still reads the state, the selection and the values when a placement asked for is gone', async () => {
    const host = await placed('web');
    host.resetStats();
    const state = await new ExcelConnector().prepare(['p1', 'gone'], null, [
      { placementId: 'gone', size: null, expectedCells: 240, usedRanges: true, snapshot: true },
      { placementId: 'p1', size: null, expectedCells: 240, usedRanges: true, snapshot: true },
    ]);
    expect(state.placements.map((p) => p.placementId)).toEqual(['p1']);
    // Its looks fail the request (a method of a null object): read again with the values alone.
    expect(host.stats.syncs).toBe(2);
    expect(state.selection).not.toBeNull();
    expect(state.placements[0]!.cellsNow?.values).toHaveLength(40);
    expect(state.placements[0]!.cellsNow?.looks).toBeUndefined();
    const found = await new ExcelConnector().findPlacements(['p1', 'gone'], [{ placementId: 'gone', size: null, expectedCells: 240, snapshot: true }, { placementId: 'p1', size: null, expectedCells: 240, snapshot: true }]);
    expect(found[0]!.cellsNow?.values).toHaveLength(40);
  });
});
