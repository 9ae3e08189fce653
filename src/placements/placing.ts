import type { Report } from '../contract';
import { cellAddress, parseSheetAddress, sheetAddress, type Rect } from '../core/a1';
import { gridRect } from '../core/grid-diff';
import type { CellGrid } from '../core/cell-grid';
import { reportTitle } from '../core/report-definition';
import { captionRows, fitRect, tableHeaderRow } from '../core/table-header';
import type { WorkbookCells, WorkbookState } from '../ports/workbook-cells';
import type { PlacementNames } from '../ports/workbook-names';
import type { ColumnFit, PlacementTables, TableRefusal } from '../ports/workbook-tables';
import type { CellsSnapshot, GridWriter } from '../ports/workbook-writes';
import { PlacementNotTakenBackError, SelectionNotRangeError, WriteFailedError } from './errors';
import { roomFor } from './make-room';
import { refresh, sameDefinition, type RefreshDeps } from './refreshing';
import { entryOf, placementAt } from './workbook-placements';
import type { WriteOptions, WriteOutcome } from './write-outcome';

/**
 * Places a report at the selection: its current definition is read again first, its query run, and its result
 * written through the pipeline (never over another placement; foreign cells asked about) and named in the same
 * request, then recorded in the registry under the id the add-in made for it. If the definition changes before the
 * placement is recorded, the new placement is refreshed at once, so it never starts out of date. Not recorded means
 * not placed: the cells, the name and the columns go back.
 */
/**
 * What placing uses: what a refresh uses (a placement whose report changed meanwhile is refreshed at once), and of the
 * workbook the placements found, a new workbook id, names forgotten and added, the first fit and table, and a write
 * put back.
 */
export type PlaceDeps = RefreshDeps & {
  workbook: Pick<WorkbookCells, 'findPlacements'> & Pick<PlacementNames, 'newWorkbookId' | 'forgetPlacement' | 'recordPlacement'>
    & Pick<PlacementTables, 'finishPlacement'> & Pick<GridWriter, 'restoreAfter'>;
};

export async function place(deps: PlaceDeps, listed: Report, options: WriteOptions = {}): Promise<WriteOutcome> {
  const { reports, registry, workbook, runner, pipeline } = deps;
  // The report read again while the workbook is read: neither waits for the other. A free name for the result's
  // table is read with the rest (after the title as listed), so making the table later needs no read of its own.
  const [report, state] = await Promise.all([
    reports.getReport(listed.deploymentId, listed.id, options.signal),
    workbook.prepare([], options.asTable === false ? null : reportTitle(listed)),
  ]);
  const at = state.selection;
  if (!at) throw new SelectionNotRangeError();
  // A new placement's cells: the pane's language and the user's title-lines setting, unless it keeps an old one's.
  const cellOptions = options.cellOptions ?? runner.newPlacementCells();
  const [{ grid, cutAt, flat }, ids] = await Promise.all([
    runner.run(report, options.signal, cellOptions), registry.placementIds(state.workbookId, options.signal),
  ]);
  const workbookId = state.workbookId ?? workbook.newWorkbookId();
  const placed = await workbook.findPlacements(ids);
  const anchorCell = cellAddress(at.cell);
  const ref = { deploymentId: report.deploymentId, reportId: report.id };
  // The id is the add-in's (the registry records it as given), so the write itself names the cells, keeps their
  // options and measures their columns' fit: no request of its own for any of them. A record the platform still
  // has at this anchor, whose cells are gone, keeps its id when connected again: the cells take that id from the start.
  const gone = state.workbookId ? placementAt(report, state.workbookId, at.sheetName, anchorCell) : undefined;
  const placementId = gone?.id && !placed.some((p) => p.placementId === gone.id) ? gone.id : globalThis.crypto.randomUUID();
  const findRecorded = (r: Report | null) => r?.externalWorkbookPlacements?.find((p) => p.id === placementId) ?? (r ? placementAt(r, workbookId, at.sheetName, anchorCell) : undefined);
  const result = await pipeline.write({
    sheetName: at.sheetName, anchor: at.cell, grid, own: null, nameAs: placementId, placed, state,
    first: { cellOptions, fitColumns: fitRect(gridRect(at.cell, grid), grid) },
    saveWorkbookId: !state.workbookId || state.workbookIdIsLegacy ? workbookId : undefined,
    permissions: options, signal: options.signal, stop: options.stop, onProgress: options.onProgress,
    record: ({ rect, checksum }) => registry.connect(ref, {
      placementId,
      externalWorkbookId: workbookId,
      host: 'EXCEL',
      sheetId: at.sheetId,
      sheetName: at.sheetName,
      anchorCell,
      workbookName: state.workbookName,
      resultLocation: sheetAddress(at.sheetName, rect),
      endResultCell: cellAddress({ row: rect.bottom, column: rect.right }),
      resultChecksum: checksum,
    }, options.signal),
    landed: async () => {
      const current = await reports.getReport(report.deploymentId, report.id);
      return findRecorded(current) ? current : null;
    },
  });
  if (result.kind === 'needs-confirmation') {
    return { ...result, room: roomFor(at.sheetName, null, parseSheetAddress(result.target).rect, result.foreignCells, placed, null) };
  }
  if (result.kind !== 'written') return result;
  const { written: { rect: target, snapshot, fit }, recorded: updated } = result;
  const location = sheetAddress(at.sheetName, target);
  const placement = findRecorded(updated);
  if (!placement?.id) {
    const error = new Error('The platform did not return the placement it recorded.');
    await unplace(deps, report, { externalWorkbookId: workbookId, resultLocation: location }, location, snapshot, error);
    throw error;
  }
  if (placement.id !== placementId) {
    // The registry kept the id of a record it already had at this anchor (its cells gone): the cells take that id's name.
    try {
      await workbook.forgetPlacement(placementId);
      await workbook.recordPlacement(at.sheetName, target, { placementId: placement.id, sheetName: at.sheetName, nameExists: false, cellOptions });
    } catch (error) {
      // Recorded but not named: it would show as detached. Taken back on both sides instead.
      await unplace(deps, report, { placementId: placement.id }, location, snapshot, error);
      throw new WriteFailedError(error);
    }
  }
  const table = await finishPlacement(deps, placement.id, at.sheetName, target, grid, options.asTable !== false && Boolean(flat), state, fit);
  if (!sameDefinition(report, updated)) {
    // The report changed after its query ran: refreshed at once. The record holds what was just written, so the
    // refresh's hand-edit guard finds the cells as written unless someone typed into them meanwhile.
    // Placed and recorded already: no Stop from here on (it would put back a placement that stands).
    const again = await refresh(deps, entryOf(updated, placement), { ...options, stop: undefined, cellOptions });
    return again.kind === 'done' && table ? { ...again, table } : again;
  }
  return { kind: 'done', report: updated, placement, cutAt, stale: false, ...(table ? { table } : {}) };
}

/**
 * After a first placement is written, named and recorded: columns fit once (never on refresh), to the header and data
 * and only ever wider (`fit`, measured in the write), and a flat report made an Excel table when asked. Neither is
 * needed for a correct placement: if Excel refuses the table, it stays plain cells and the answer says why.
 */
function finishPlacement(
  { workbook }: { workbook: Pick<PlacementTables, 'finishPlacement'> }, placementId: string, sheetName: string, rect: Rect, grid: CellGrid, asTable: boolean,
  state: Partial<Pick<WorkbookState, 'freeTableName' | 'tablesBefore'>>, fit: ColumnFit | null,
): Promise<TableRefusal | null> {
  const headerRow = tableHeaderRow(grid, asTable);
  return workbook.finishPlacement({
    placementId, sheetName, rect, headerRow: headerRow ?? captionRows(grid), fit,
    tableName: headerRow === null ? null : state.freeTableName ?? null, tablesBefore: state.tablesBefore ?? [],
  });
}

/** Takes back a placement recorded but not rightly named: its record, then its cells, name and columns (at `location`). */
async function unplace(
  { registry, workbook }: Pick<PlaceDeps, 'registry' | 'workbook'>, report: Report, address: { placementId: string } | { externalWorkbookId: string; resultLocation: string },
  location: string, snapshot: CellsSnapshot | null, failure: unknown,
): Promise<void> {
  let kept: unknown = null;
  try {
    await registry.disconnect({ deploymentId: report.deploymentId, reportId: report.id }, address);
  } catch (error) {
    kept = error;
  }
  if (snapshot) await workbook.restoreAfter(snapshot, failure);
  // The platform could not be reached now either: the record stays, and the pane lists it detached. Said in words.
  if (kept) throw new PlacementNotTakenBackError(location, kept);
}
