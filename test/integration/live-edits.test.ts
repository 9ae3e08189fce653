/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { cardState, type PaneOutcome } from '../../src/core/card-state';
import { isDamaged, outcomesAfterCheck, relocated } from '../../src/monitoring/live-edit-results';
import { liveHandEdits, type LiveEditResult } from '../../src/monitoring/live-edits';
import { standingHandEdits, startRefreshAll, withHandEditsUndone } from '../../src/monitoring/refresh-all';
import { i18nFor } from '../../src/taskpane/i18n';
import { runItemStates } from '../../src/taskpane/views/run-words';
import type { PlacementService, WorkbookPlacement } from '../../src/placements/placement-service';
import type { ExcelHost } from '../../workbench/excel-host';
import { commitEdit, runMenuAction } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { done, workspaceFor } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();

/** Types `text` into a cell as the user does in the workbench grid (not through Office.js). */
function type(host: ExcelHost, sheetName: string, row: number, column: number, text: string) {
  const sheet = host.model.sheetByName(sheetName)!;
  const edit = { ...startEdit(sheet.id, row, column, host.model.cellAt(sheet, row, column), text), text };
  commitEdit(host.model, edit, entryFromFormula);
}

/** Placed report OrdersStatus at Sheet1!B3 (B3:D8), listed, and a live watcher on it with what it reported. */
async function placedAndWatched(options: { busy?: () => boolean } = {}) {
  const host = installWorkbook();
  const { service, workspace } = await workspaceFor(local.t);
  await selectCell('B3', 'Sheet1');
  done(await service.place(await local.report('OrdersStatus')));
  const entries = await service.workbookPlacements();
  const results: LiveEditResult[] = [];
  const errors: unknown[] = [];
  const checks: string[] = [];
  const counted: PlacementService = Object.create(service, {
    checkHandEdits: { value: (entry: WorkbookPlacement) => (checks.push(entry.placement.id!), service.checkHandEdits(entry)) },
  });
  const live = liveHandEdits({ workbook: workspace.workbook, placements: counted }, { onResult: (r) => results.push(r), onError: (e) => errors.push(e), debounceMs: 20, ...options });
  await live.watch(entries);
  return { host, service, workspace, entries, live, results, errors, checks };
}

/** Waits until `predicate` holds (the watcher reports after its pause and a check). */
async function until(predicate: () => boolean, ms = 3000) {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('hand edits as they happen', () => {
  it('reports a placement edited by hand without a refresh, and clean again once the value is typed back', async () => {
    const { host, entries, live, results, errors } = await placedAndWatched();
    const key = entries[0]!.placement.id!;
    expect(host.dataChangedRegistrations.get(host.model.sheetByName('Sheet1')!.id)).toBe(1);
    const original = cellsOf(host, 'Sheet1', 3, 2, 1, 1)[0]![0];
    type(host, 'Sheet1', 3, 2, '999');
    await until(() => results.length === 1);
    expect(results[0]).toEqual({ kind: 'edited', key, rows: [4], cells: ['C4'] });
    type(host, 'Sheet1', 3, 2, String(original));
    await until(() => results.length === 2);
    expect(results[1]).toEqual({ kind: 'clean', key });
    expect(errors).toEqual([]);
    await live.stop();
    expect(host.dataChangedRegistrations.size).toBe(0);
  });

  it('checks only placements the change touches: an edit beside it, or rows inserted above, check nothing', async () => {
    const { host, live, results, checks } = await placedAndWatched();
    const edits = () => results.filter((r) => r.kind !== 'moved');
    type(host, 'Sheet1', 0, 0, 'note');
    runMenuAction(host.model, 'insert-rows', { top: 0, left: 0, bottom: 0, right: 0 });
    await pause(150);
    expect(checks).toEqual([]);
    // The placement moved down a row with its name (now B4:D9): an edit in its new place is found there.
    type(host, 'Sheet1', 4, 1, 'edited');
    await until(() => edits().length === 1);
    expect(edits()[0]).toMatchObject({ kind: 'edited', cells: ['B5'] });
    await live.stop();
  });

  it('follows inserted rows and columns live: where the placement is now, by its moved name', async () => {
    const { host, entries, live, results, checks } = await placedAndWatched();
    const key = entries[0]!.placement.id!;
    runMenuAction(host.model, 'insert-rows', { top: 0, left: 0, bottom: 1, right: 0 });
    await until(() => results.length === 1);
    const [moved] = results;
    expect(moved?.kind).toBe('moved');
    if (moved?.kind !== 'moved') return;
    // B3:D8 moved down two rows.
    expect(moved.locations.get(key)?.rect).toEqual({ top: 4, left: 1, bottom: 9, right: 3 });
    const next = relocated(entries, moved.locations);
    expect(next[0]!.location!.rect).toEqual({ top: 4, left: 1, bottom: 9, right: 3 });
    expect(isDamaged(next[0]!)).toBe(false);
    // Unchanged locations give back the same list.
    expect(relocated(next, moved.locations)).toBe(next);
    runMenuAction(host.model, 'insert-columns', { top: 0, left: 0, bottom: 0, right: 0 });
    await until(() => results.length === 2);
    const columns = results[1]!;
    expect(columns.kind === 'moved' && columns.locations.get(key)?.rect).toEqual({ top: 4, left: 2, bottom: 9, right: 4 });
    expect(checks).toEqual([]);
    await live.stop();
  });

  it('finds a placement with rows deleted inside it Damaged, live and on load; wholly deleted, gone', async () => {
    const { host, service, entries, live, results } = await placedAndWatched();
    const key = entries[0]!.placement.id!;
    expect(isDamaged(entries[0]!)).toBe(false);
    // Sheet row 5, inside B3:D8.
    runMenuAction(host.model, 'delete-rows', { top: 4, left: 0, bottom: 4, right: 0 });
    await until(() => results.some((r) => r.kind === 'moved'));
    const moved = results.find((r) => r.kind === 'moved');
    if (moved?.kind !== 'moved') throw new Error('not moved');
    expect(moved.locations.get(key)?.rect).toEqual({ top: 2, left: 1, bottom: 6, right: 3 });
    expect(isDamaged(relocated(entries, moved.locations)[0]!)).toBe(true);
    // On load, the same.
    const listed = await service.workbookPlacements();
    expect(listed[0]!.location!.rect).toEqual({ top: 2, left: 1, bottom: 6, right: 3 });
    expect(isDamaged(listed[0]!)).toBe(true);
    // A column inside it deleted too.
    expect(isDamaged({ ...entries[0]!, location: { ...entries[0]!.location!, rect: { top: 2, left: 1, bottom: 7, right: 2 } } })).toBe(true);

    // Placed again here: the whole result back where it is, the name re-pointed, no longer damaged.
    done(await service.refresh(listed[0]!, { overwriteHandEdits: true }));
    const again = await service.workbookPlacements();
    expect(again[0]!.location!.rect).toEqual({ top: 2, left: 1, bottom: 7, right: 3 });
    expect(isDamaged(again[0]!)).toBe(false);

    // Every row of it deleted: its name is #REF!, it is gone (detached, not damaged).
    await live.watch(again);
    const before = results.length;
    runMenuAction(host.model, 'delete-rows', { top: 2, left: 0, bottom: 7, right: 0 });
    await until(() => results.slice(before).some((r) => r.kind === 'moved'));
    const gone = results.slice(before).find((r) => r.kind === 'moved');
    expect(gone?.kind === 'moved' && gone.locations.get(key)).toBeNull();
    expect(relocated(again, (gone as { locations: Map<string, null> }).locations)[0]!.location).toBeNull();
    await live.stop();
  });

  it('gathers quick edits into one check, and ignores the add-in’s own writes (triggerSource ThisLocalAddin)', async () => {
    const { host, live, results, checks } = await placedAndWatched();
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('C4').values = [[5]];
    });
    await pause(150);
    expect(checks).toEqual([]);
    type(host, 'Sheet1', 4, 2, '1');
    type(host, 'Sheet1', 5, 2, '2');
    type(host, 'Sheet1', 6, 2, '3');
    await until(() => results.length === 1);
    await pause(100);
    expect(checks).toHaveLength(1);
    expect(results[0]).toMatchObject({ kind: 'edited' });
    await live.stop();
  });

  it('waits while the pane writes, then checks', async () => {
    let busy = true;
    const { host, live, results, checks } = await placedAndWatched({ busy: () => busy });
    type(host, 'Sheet1', 3, 2, '999');
    await pause(150);
    expect(checks).toEqual([]);
    busy = false;
    await until(() => results.length === 1);
    expect(results[0]).toMatchObject({ kind: 'edited' });
    await live.stop();
  });

  it('reports a failed check as such, never as clean', async () => {
    const { host, service, workspace, entries } = await placedAndWatched();
    const results: LiveEditResult[] = [];
    const failing: PlacementService = Object.create(service, { checkHandEdits: { value: () => Promise.reject(new Error('host busy')) } });
    const live = liveHandEdits({ workbook: workspace.workbook, placements: failing }, { onResult: (r) => results.push(r), onError: () => undefined, debounceMs: 20 });
    await live.watch(entries);
    type(host, 'Sheet1', 3, 2, '999');
    await until(() => results.length >= 1);
    expect(results[0]).toMatchObject({ kind: 'failed', error: new Error('host busy') });
    await live.stop();
  });

  it('says when a failed check succeeds again, so its message can go', async () => {
    const { host, service, workspace, entries } = await placedAndWatched();
    const results: LiveEditResult[] = [];
    let recovered = 0;
    let fail = true;
    const flaky: PlacementService = Object.create(service, {
      checkHandEdits: { value: (entry: WorkbookPlacement) => (fail ? Promise.reject(new Error('host busy')) : service.checkHandEdits(entry)) },
    });
    const live = liveHandEdits({ workbook: workspace.workbook, placements: flaky }, { onResult: (r) => results.push(r), onError: () => undefined, onRecovered: () => (recovered += 1), debounceMs: 20 });
    await live.watch(entries);
    type(host, 'Sheet1', 3, 2, '999');
    await until(() => results.length === 1);
    expect(results[0]).toMatchObject({ kind: 'failed' });
    expect(recovered).toBe(0);
    fail = false;
    type(host, 'Sheet1', 3, 2, '998');
    await until(() => results.length === 2);
    expect(results[1]).toMatchObject({ kind: 'edited', cells: ['C4'] });
    expect(recovered).toBe(1);
    // Nothing failed since: nothing to take back.
    type(host, 'Sheet1', 3, 2, '997');
    await until(() => results.length === 3);
    expect(recovered).toBe(1);
    await live.stop();
  });

  it('clears "Edited by hand" a finished Refresh all found once the value is typed back: the card reads Up to date', async () => {
    const { host, service, entries, live, results } = await placedAndWatched();
    const key = entries[0]!.placement.id!;
    const original = cellsOf(host, 'Sheet1', 3, 2, 1, 1)[0]![0];
    type(host, 'Sheet1', 3, 2, '999');
    await until(() => results.length === 1);
    // The pane's outcome from the live check, then Refresh all (which clears it as it starts) finds the hand edit.
    let outcomes = outcomesAfterCheck(new Map<string, PaneOutcome>(), results[0] as Extract<LiveEditResult, { kind: 'edited' }>);
    expect(outcomes.get(key)).toEqual({ state: 'EDITED' });
    outcomes = new Map();
    let items = await startRefreshAll(service, entries).done;
    expect(items[0]).toMatchObject({ state: 'needs-attention', outcome: { kind: 'hand-edits', cells: ['C4'] } });
    const listed = (await service.workbookPlacements())[0]!;
    const en = i18nFor('en-US').m;
    const card = () => cardState({
      denied: false, legacy: false, cellsGone: false, syncStatus: listed.placement.syncStatus, refreshedAt: listed.placement.refreshedAt,
      outcome: outcomes.get(key), run: runItemStates(items, en).get(key),
    });
    expect(card().status).toBe('EDITED');
    expect(listed.placement.syncStatus).toBe('UP_TO_DATE');

    // Typed back: the live check finds the cells clean, and the pane clears the hand edits everywhere.
    type(host, 'Sheet1', 3, 2, String(original));
    await until(() => results.length === 2);
    const clean = results[1]!;
    expect(clean).toEqual({ kind: 'clean', key });
    if (clean.kind !== 'clean') return;
    outcomes = outcomesAfterCheck(outcomes, clean);
    items = withHandEditsUndone(items, clean.key) as typeof items;
    expect(card()).toEqual({ status: 'UP_TO_DATE', reason: null, run: null });
    // Dismissing the run (the next action) keeps no hand edits as the placement's outcome.
    expect(items.filter(standingHandEdits)).toEqual([]);
    await live.stop();
  });

  it('registers nothing on a sheet without placements, and again when the placements move to another sheet', async () => {
    const { host, entries, live } = await placedAndWatched();
    const other = host.model.addSheet('Other');
    const moved = entries.map((e) => ({ ...e, location: { ...e.location!, sheetId: other.id, sheetName: 'Other' } }));
    await live.watch(moved);
    expect([...host.dataChangedRegistrations.keys()]).toEqual([other.id]);
    await live.watch([]);
    expect(host.dataChangedRegistrations.size).toBe(0);
    await live.stop();
  });
});
