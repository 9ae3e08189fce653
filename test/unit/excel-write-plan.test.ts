import type { CellValue } from '../../src/core/cell-values';
import type { CellGrid } from '../../src/core/cell-grid';
import { isTransientHostError, withHostRetry } from '../../src/excel/host-errors';
import { inputRowBytes, jsonRowBytes, jsonStringBytes } from '../../src/excel/json-size';
import { absoluteReference, placementName } from '../../src/excel/names';
import { arraySetBytes, columnBlocks, REQUEST_OVERHEAD, RUN_OVERHEAD } from '../../src/excel/request-plan';
import { supportsExcelApi } from '../../src/excel/requirements';
import { restoreInput } from '../../src/excel/snapshot';
import { planWrite, rowRuns, type CellsOp } from '../../src/excel/write-plan';

const utf8 = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

function grid(rows: number, columns: number, value: (r: number, c: number) => CellValue = (r, c) => `r${r}c${c}`): CellGrid {
  return {
    values: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => value(r, c))),
    numberFormats: Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => (r === 0 ? 'General' : c % 2 ? '#,##0' : '0.00%'))),
    headerRows: 1,
    boldRows: [],
  };
}

describe('JSON sizes', () => {
  it('are exactly what JSON.stringify sends, in UTF-8', () => {
    const texts = ['', 'plain', 'quote " and \\ backslash', 'tab\tnew\nline\r', '\u0001\u001f', 'Müller', '✓ € ✗', '😀 emoji', 'lone \ud800 high', 'lone \udc00 low', '\u2028\u2029'];
    for (const text of texts) expect([text, jsonStringBytes(text)]).toEqual([text, utf8(text)]);
    const row: (CellValue | null)[] = ['a', 1, -0, 0.1 + 0.2, 1e21, true, false, null, '"'];
    expect(jsonRowBytes(row)).toBe(utf8(row));
    expect(jsonRowBytes([])).toBe(utf8([]));
    // What cellInput sends: the apostrophe in front of text Excel would read otherwise.
    expect(inputRowBytes(['=1', '0042', 'text', 5])).toBe(utf8(["'=1", "'0042", 'text', 5]));
  });
});

describe('write plans', () => {
  const reference = absoluteReference;

  it('merges nearby row runs when rewriting the rows between costs less than another range', () => {
    const bytes = (row: number) => (row === 7 ? 10 * RUN_OVERHEAD : row >= 10 ? RUN_OVERHEAD / 5 : 50);
    expect(rowRuns([1, 3, 5, 8, 9, 20], bytes)).toEqual([[1, 6], [8, 10], [20, 21]]);
    // Row 7 alone costs more than a range: 5 and 8 stay apart.
    expect(rowRuns([5, 8], bytes)).toEqual([[5, 6], [8, 9]]);
    expect(rowRuns([4, 4, 5], bytes)).toEqual([[4, 6]]);
  });

  it('keeps every request within the budget and covers every row asked for', () => {
    const g = grid(5_000, 6);
    const budget = 100_000;
    const plan = planWrite('Sheet1', { row: 2, column: 1 }, g, { workbookId: 'wb' }, budget, reference);
    expect(plan.batches.length).toBeGreaterThan(3);
    for (const batch of plan.batches) expect(batch.bytes).toBeLessThanOrEqual(budget);
    const cells = plan.batches.flatMap((b) => b.ops).filter((op): op is CellsOp => op.kind === 'cells');
    expect(cells[0]!.start).toBe(0);
    cells.reduce((end, op) => (expect(op.start).toBe(end), op.end), 0);
    expect(cells.at(-1)!.end).toBe(5_000);
    expect(plan.batches[0]!.ops[0]).toEqual({ kind: 'property', workbookId: 'wb' });
    expect(plan.batches.reduce((sum, b) => sum + b.rows, 0)).toBe(5_000);
    expect(plan.touched[0]).toEqual({ top: 2, left: 1, bottom: 2 + cells[0]!.end - 1, right: 6 });
  });

  it('sets number formats once per column block, with the header row over them', () => {
    const plan = planWrite('Sheet1', { row: 0, column: 0 }, grid(1_000, 4), {}, 4_450_000, reference);
    const [op] = plan.batches[0]!.ops as CellsOp[];
    expect(op!.formats).toEqual([
      { start: 0, end: 1_000, blocks: columnBlocks(['0.00%', '#,##0', '0.00%', '#,##0']) },
      { start: 0, end: 1, blocks: null },
    ]);
  });

  it('writes rows asked for, clears leftovers and re-points the name in the last request', () => {
    const g = grid(100, 3);
    g.boldRows = [99];
    g.boldColumns = [2];
    const record = { placementId: 'p-1', sheetName: 'Sales Q1', nameExists: true };
    const clear = [{ top: 110, bottom: 120, left: 0, right: 2 }];
    const plan = planWrite('Sales Q1', { row: 10, column: 0 }, g, { rows: [99, 3, 2], clear, record }, 4_450_000, reference);
    expect(plan.batches).toHaveLength(1);
    const ops = plan.batches[0]!.ops;
    expect(ops.map((op) => op.kind)).toEqual(['cells', 'cells', 'clear', 'name']);
    expect(ops[0]).toMatchObject({ start: 2, end: 4, bold: [{ top: 2, bottom: 3, left: 2, right: 2 }] });
    expect(ops[1]).toMatchObject({ start: 99, end: 100, bold: [{ top: 99, bottom: 99, left: 0, right: 2 }, { top: 99, bottom: 99, left: 2, right: 2 }] });
    expect(plan.totalRows).toBe(3);
    expect(plan.touched).toEqual([{ top: 12, bottom: 13, left: 0, right: 2 }, { top: 109, bottom: 109, left: 0, right: 2 }, clear[0]]);
  });

  it('counts the pieces Office.js cuts arrays of more than 1,500 cells into', () => {
    expect(arraySetBytes(1_500, 1)).toBe(REQUEST_OVERHEAD.set);
    expect(arraySetBytes(20_000, 8)).toBe(REQUEST_OVERHEAD.bulk + Math.ceil(20_000 / 188) * REQUEST_OVERHEAD.bulkPiece);
  });
});

describe('names', () => {
  it('point with absolute references, the sheet quoted as Excel requires', () => {
    expect(absoluteReference('Sheet1', { top: 2, left: 1, bottom: 39, right: 5 })).toBe('Sheet1!$B$3:$F$40');
    expect(absoluteReference('Sales Q1', { top: 0, left: 0, bottom: 0, right: 0 })).toBe("'Sales Q1'!$A$1");
    expect(absoluteReference("Bob's", { top: 0, left: 26, bottom: 9, right: 27 })).toBe("'Bob''s'!$AA$1:$AB$10");
    expect(absoluteReference('A1', { top: 0, left: 0, bottom: 1, right: 1 })).toBe("'A1'!$A$1:$B$2");
    expect(absoluteReference('2024', { top: 0, left: 0, bottom: 1, right: 1 })).toBe("'2024'!$A$1:$B$2");
    expect(placementName('3f2a-9b')).toBe('ReportSync_3f2a_9b');
  });
});

describe('restoring cells', () => {
  it('puts back formulas only where the cell held one, and text behind the apostrophe where Excel would read it otherwise', () => {
    // Text entered behind the apostrophe: `formulas` answers it without the apostrophe (office-js#6687).
    expect(restoreInput('=A1', 'String', '=A1')).toBe("'=A1");
    expect(restoreInput('-x', 'String', '-x')).toBe("'-x");
    expect(restoreInput('0042', 'String', '0042')).toBe("'0042");
    expect(restoreInput('plain', 'String', 'plain')).toBe('plain');
    expect(restoreInput(3, 'Double', '=1+2')).toBe('=1+2');
    expect(restoreInput('x', 'String', '="x"')).toBe('="x"');
    expect(restoreInput('#N/A', 'Error', '=NA()')).toBe('=NA()');
    expect(restoreInput('#N/A', 'Error', '#N/A')).toBe('#N/A');
    expect(restoreInput(42, 'Double', 42)).toBe(42);
    expect(restoreInput(true, 'Boolean', true)).toBe(true);
    expect(restoreInput('', 'Empty', '')).toBe('');
    // A Text-formatted cell keeps numbers as text by itself; only a formula sign or an apostrophe needs the prefix.
    expect(restoreInput('007', 'String', '007', '@')).toBe('007');
    expect(restoreInput('=A1', 'String', '=A1', '@')).toBe("'=A1");
  });
});

describe('host errors', () => {
  const error = (code: string) => Object.assign(new Error(code), { code });

  it('tell transient from permanent', () => {
    expect(isTransientHostError(error('InvalidOperationInCellEditMode'))).toBe(true);
    expect(isTransientHostError(error('ActivityLimitReached'))).toBe(true);
    expect(isTransientHostError(error('GeneralException'))).toBe(false);
    expect(isTransientHostError(error('AccessDenied'))).toBe(false);
  });

  it('are retried with growing pauses while transient, and a permanent one stops at once', async () => {
    const pauses: number[] = [];
    const sleep = async (ms: number) => { pauses.push(ms); };
    let tries = 0;
    const answer = await withHostRetry({ attempts: 5, baseDelayMs: 100, maxDelayMs: 250 }, sleep, async () => {
      tries += 1;
      if (tries < 4) throw error('InvalidOperationInCellEditMode');
      return 'written';
    });
    expect([answer, tries, pauses]).toEqual(['written', 4, [100, 200, 250]]);
    tries = 0;
    await expect(withHostRetry({ attempts: 5, baseDelayMs: 100, maxDelayMs: 250 }, sleep, async () => {
      tries += 1;
      throw error('AccessDenied');
    })).rejects.toMatchObject({ code: 'AccessDenied' });
    expect(tries).toBe(1);
    tries = 0;
    await expect(withHostRetry({ attempts: 3, baseDelayMs: 1, maxDelayMs: 1 }, sleep, async () => {
      tries += 1;
      throw error('ServiceNotAvailable');
    })).rejects.toMatchObject({ code: 'ServiceNotAvailable' });
    expect(tries).toBe(3);
  });
});

describe('requirement sets', () => {
  afterEach(() => {
    delete (globalThis as { Office?: unknown }).Office;
  });

  it("are asked of Office once per host, and are unknown (so unused) without Office", () => {
    expect(supportsExcelApi('1.9')).toBe(false);
    const asked: string[] = [];
    const requirements = { isSetSupported: (name: string, version: string) => (asked.push(`${name} ${version}`), Number(version.split('.')[1]) <= 7) };
    (globalThis as { Office?: unknown }).Office = { context: { requirements } };
    expect([supportsExcelApi('1.6'), supportsExcelApi('1.9'), supportsExcelApi('1.9'), supportsExcelApi('1.6')]).toEqual([true, false, false, true]);
    expect(asked).toEqual(['ExcelApi 1.6', 'ExcelApi 1.9']);
  });
});
