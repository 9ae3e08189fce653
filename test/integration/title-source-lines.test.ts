/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import type { ExcelHost } from '../../workbench/excel-host';
import { commitEdit } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { CoreDataClient } from '../../src/client';
import type { CellOptions } from '../../src/core/cell-options';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { openWorkspace } from '../../src/pane/compose/platform';
import { cellWordsIn } from '../../src/taskpane/i18n/cell-catalog';
import { cellsOf, formulaCells, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

/**
 * A placement's title and source lines (core/source-line.ts): part of its cells (inside its name and its record),
 * written by every write of the one pipeline (place, refresh, Refresh all, move), in the placement's language, left
 * out of the autofit and of its Excel table. The source line's time is the refresh's: never a hand edit, as the
 * hand-edit guard compares the cells with what was last written; a word typed into the lines is one.
 */

jest.setTimeout(60_000);

const local = useAnalystPlatform();

// 26 Nov 2026, 14:05 and 16:30 in Berlin (the analyst's time zone here).
const PLACED_AT = new Date('2026-11-26T13:05:00Z');
const REFRESHED_AT = new Date('2026-11-26T15:30:00Z');

/** The analyst's workspace from a pane in `language`, new placements with title lines as `titleAndSource` says. */
async function service(language: string, titleAndSource: boolean, now = PLACED_AT) {
  const connection = await connectionOf(local.t.analyst);
  const { user } = connection;
  return openWorkspace({ ...connection.state, user: { ...user, settings: { ...user.settings, timezone: 'Europe/Berlin' } } }, {
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
    words: cellWordsIn,
    newPlacement: () => ({ language, titleAndSource }),
    now: () => now,
  }).placements;
}

async function onlyEntry(): Promise<WorkbookPlacement> {
  const [entry] = await (await service('en', false)).workbookPlacements();
  if (!entry) throw new Error('nothing is placed');
  return entry;
}

/** Types `text` into a cell as the user does in the workbench grid (not through Office.js). */
function type(host: ExcelHost, row: number, column: number, text: string) {
  const sheet = host.model.sheetByName('Sheet1')!;
  commitEdit(host.model, { ...startEdit(sheet.id, row, column, host.model.cellAt(sheet, row, column), text), text }, entryFromFormula);
}

const bold = (host: ExcelHost, row: number, column: number) => Boolean(host.model.cellAt(host.model.sheetByName('Sheet1')!, row, column)?.bold);

/** OrdersStatus (a header row, five statuses) placed at B3 from an English pane with title and source lines. */
async function placedWithLines() {
  const host = installWorkbook();
  await selectCell('B3');
  done(await (await service('en', true)).place(await local.report('OrdersStatus')));
  return { host, entry: await onlyEntry() };
}

describe('title and source lines', () => {
  it('off by default: the result starts at the selected cell', async () => {
    const host = installWorkbook();
    await selectCell('B3');
    done(await (await service('en', false)).place(await local.report('OrdersStatus')));
    // The header row at B3, the first status below it.
    const [header, first] = cellsOf(host, 'Sheet1', 2, 1, 2, 3);
    expect(header!.every((title) => typeof title === 'string' && title !== '' && title !== 'Orders by status')).toBe(true);
    expect(typeof first![1]).toBe('number');
    expect((await onlyEntry()).location).toMatchObject({ rect: { top: 2, left: 1, bottom: 7, right: 3 }, cellOptions: { language: 'en', titleAndSource: false } });
  });

  it('on: the title (bold), "Report Sync · <report> · refreshed <when> by <user>", a blank row, then the result; table and autofit leave them out', async () => {
    const { host, entry } = await placedWithLines();
    const cells = cellsOf(host, 'Sheet1', 2, 1, 9, 3);
    expect(cells[0]).toEqual(['Orders by status', '', '']);
    expect(cells[1]).toEqual(['Report Sync · Orders by status · refreshed 26 Nov 2026 14:05 by Anna', '', '']);
    expect(cells[2]).toEqual(['', '', '']);
    expect(cells[3]!.every((header) => typeof header === 'string' && header !== '')).toBe(true);
    expect(cells.slice(4).every((row) => typeof row[1] === 'number')).toBe(true);
    expect([bold(host, 2, 1), bold(host, 3, 1), bold(host, 5, 1), bold(host, 6, 1)]).toEqual([true, false, true, false]);
    // Inside its name, kept with it: 9 rows from B3.
    expect(entry.location).toMatchObject({ rect: { top: 2, left: 1, bottom: 10, right: 3 }, cellOptions: { language: 'en', titleAndSource: true } });
    // Its Excel table starts at the header row, and column B is not as wide as the source line.
    expect(host.model.tables.map((t) => t.rect)).toEqual([{ top: 5, left: 1, bottom: 10, right: 3 }]);
    expect(host.model.sheetByName('Sheet1')!.columnWidths?.get(1) ?? 0).toBeLessThan(150);
  });

  it('a German refresh rewrites the source line in English with its time; the line is never a hand edit, a word typed into the title is', async () => {
    const { host, entry } = await placedWithLines();
    const german = await service('de', false, REFRESHED_AT);
    expect(await german.checkHandEdits(entry)).toEqual({ rows: [], cells: [] });
    done(await german.refresh(entry));
    expect(cellsOf(host, 'Sheet1', 2, 1, 2, 1)).toEqual([['Orders by status'], ['Report Sync · Orders by status · refreshed 26 Nov 2026 16:30 by Anna']]);
    expect(await german.checkHandEdits(await onlyEntry())).toEqual({ rows: [], cells: [] });

    type(host, 2, 1, 'My title');
    expect(await german.checkHandEdits(await onlyEntry())).toEqual({ rows: [3], cells: ['B3'] });
    expect((await german.refresh(await onlyEntry())).kind).toBe('hand-edits');
    expect(cellsOf(host, 'Sheet1', 2, 1, 1, 1)).toEqual([['My title']]);
    done(await german.refresh(await onlyEntry(), { overwriteHandEdits: true }));
    expect(cellsOf(host, 'Sheet1', 2, 1, 1, 1)).toEqual([['Orders by status']]);
  });

  it('Refresh all writes them even from a list read before they were turned on', async () => {
    const { host, entry } = await placedWithLines();
    // A list entry whose options say nothing (as an older placement's): the cells' own options are read when written.
    const stale: WorkbookPlacement = { ...entry, location: { ...entry.location!, cellOptions: null } };
    const items = await startRefreshAll(await service('de', false, REFRESHED_AT), [stale]).done;
    expect(items[0]).toMatchObject({ state: 'done' });
    expect(cellsOf(host, 'Sheet1', 3, 1, 1, 1)[0]![0]).toBe('Report Sync · Orders by status · refreshed 26 Nov 2026 16:30 by Anna');
  });

  it('move with the placement; the card turns them off (the result back at the top) and on again', async () => {
    const { host, entry } = await placedWithLines();
    await selectCell('F2');
    const english = await service('en', false, REFRESHED_AT);
    done(await english.move({ deploymentId: entry.deploymentId, reportId: entry.reportId, placementId: entry.placement.id! }));
    expect(cellsOf(host, 'Sheet1', 1, 5, 2, 1)).toEqual([['Orders by status'], ['Report Sync · Orders by status · refreshed 26 Nov 2026 16:30 by Anna']]);
    expect(cellsOf(host, 'Sheet1', 2, 1, 9, 3).flat().every((v) => v === '')).toBe(true);

    const off: CellOptions = { language: 'en', titleAndSource: false };
    done(await english.refresh(await onlyEntry(), { cellOptions: off }));
    const moved = await onlyEntry();
    expect(moved.location).toMatchObject({ rect: { top: 1, left: 5, bottom: 6, right: 7 }, cellOptions: off });
    expect(cellsOf(host, 'Sheet1', 7, 5, 3, 3).flat().every((v) => v === '')).toBe(true);
    expect(host.model.tables.map((t) => t.rect)).toEqual([{ top: 1, left: 5, bottom: 6, right: 7 }]);

    done(await english.refresh(moved, { cellOptions: { language: 'en', titleAndSource: true } }));
    expect(cellsOf(host, 'Sheet1', 1, 5, 1, 1)).toEqual([['Orders by status']]);
    expect(host.model.tables.map((t) => t.rect)).toEqual([{ top: 4, left: 5, bottom: 9, right: 7 }]);
  });

  it('a formula-looking title is written as text', async () => {
    const report = await local.report('OrdersStatus');
    await local.t.admin.updateReport(local.t.salesDeploymentId, report.id, { title: '=HYPERLINK("https://evil.example","Click")' });
    try {
      const { host } = await placedWithLines();
      expect(cellsOf(host, 'Sheet1', 2, 1, 1, 1)).toEqual([['=HYPERLINK("https://evil.example","Click")']]);
      expect(formulaCells(host)).toEqual([]);
      expect(cellsOf(host, 'Sheet1', 3, 1, 1, 1)[0]![0]).toBe('Report Sync · =HYPERLINK("https://evil.example","Click") · refreshed 26 Nov 2026 14:05 by Anna');
    } finally {
      await local.t.admin.updateReport(local.t.salesDeploymentId, report.id, { title: report.title ?? null });
    }
  });
});
