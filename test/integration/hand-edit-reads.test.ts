/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ExcelConnector } from '../../src/excel/excel-connector';
import { liveHandEdits, type LiveEditResult } from '../../src/monitoring/live-edits';
import type { ExcelHost } from '../../workbench/excel-host';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { commitEdit, runMenuAction } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { done, workspaceFor } from '../support/workspace';

/**
 * The hand-edit check's reads ride along with the names' request (issue 27): a refresh's check and a live check
 * send no request of their own, and find the same hand edits as before; cells too large to ride along are read as
 * before, in requests of their own.
 */
jest.setTimeout(60_000);

const local = useAnalystPlatform();

function type(host: ExcelHost, sheetName: string, row: number, column: number, text: string) {
  const sheet = host.model.sheetByName(sheetName)!;
  commitEdit(host.model, { ...startEdit(sheet.id, row, column, host.model.cellAt(sheet, row, column), text), text }, entryFromFormula);
}

/** OrdersStatus placed at Sheet1!B3 (B3:D8) on a connector with the given response budget. */
async function placed(responseBudgetBytes?: number) {
  const host = installWorkbook();
  const { service, workspace } = await workspaceFor(local.t, local.t.analyst, undefined, { excel: new ExcelConnector({ sleep: async () => undefined, responseBudgetBytes }) });
  await selectCell('B3', 'Sheet1');
  done(await service.place(await local.report('OrdersStatus')));
  const entry = async () => (await service.workbookPlacements())[0]!;
  return { host, service, workspace, entry };
}

async function until(predicate: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the hand-edit check read with the names', () => {
  it('a refresh finds a hand edit in the cells it read with the workbook state, in that one request', async () => {
    const { host, service, entry } = await placed();
    const listed = await entry();
    host.resetStats();
    expect((await service.refresh(listed)).kind).toBe('done');
    expect(host.stats.syncs).toBe(1);
    type(host, 'Sheet1', 4, 2, '999');
    const edited = await entry();
    host.resetStats();
    const asked = await service.refresh(edited);
    expect(asked).toMatchObject({ kind: 'hand-edits', rows: [5], cells: ['C5'] });
    expect(host.stats.syncs).toBe(1);
  });

  it('cells too large to ride along are read by the check as before, with the same answer', async () => {
    const { host, service, entry } = await placed(1_500);
    const listed = await entry();
    host.resetStats();
    expect((await service.refresh(listed)).kind).toBe('done');
    expect(host.stats.syncs).toBeGreaterThan(1);
    type(host, 'Sheet1', 4, 2, '999');
    expect(await service.refresh(await entry())).toMatchObject({ kind: 'hand-edits', rows: [5], cells: ['C5'] });
  });

  it('a live check reads the names and the edited cells in one request, also after rows were inserted above', async () => {
    const { host, service, workspace, entry } = await placed();
    const results: LiveEditResult[] = [];
    const live = liveHandEdits({ workbook: workspace.workbook, placements: service }, { onResult: (r) => results.push(r), onError: (e) => { throw e; }, debounceMs: 0 });
    await live.watch([await entry()]);
    const key = (await entry()).placement.id!;
    host.resetStats();
    type(host, 'Sheet1', 4, 2, '999');
    await until(() => results.length === 1);
    expect(results[0]).toEqual({ kind: 'edited', key, rows: [5], cells: ['C5'] });
    expect(host.stats.syncs).toBe(1);
    // Rows inserted above move the placement (its name follows): the edited cell is named where it is now.
    runMenuAction(host.model, 'insert-rows', { top: 0, left: 0, bottom: 1, right: 0 });
    await until(() => results.length === 2);
    expect(results[1]).toMatchObject({ kind: 'moved' });
    await live.watch([await entry()]);
    host.resetStats();
    type(host, 'Sheet1', 6, 2, '1000');
    await until(() => results.length === 3);
    expect(results[2]).toEqual({ kind: 'edited', key, rows: [7], cells: ['C7'] });
    expect(host.stats.syncs).toBe(1);
    await live.stop();
  });
});
