import type { Report } from '../contract';
import { cellAddress, parseSheetAddress, sheetAddress, type Rect } from '../core/a1';
import { gridRect } from '../core/grid-diff';
import type { CellGrid } from '../core/cell-grid';
import { reportTitle } from '../core/report-definition';
import { captionRows, fitRect, tableHeaderRow } from '../core/table-header';
import type { PlacedCells, WorkbookCells, WorkbookState } from '../ports/workbook-cells';
import type { PlacementNames } from '../ports/workbook-names';
import type { ColumnFit, PlacementTables, TableRefusal } from '../ports/workbook-tables';
import type { CellsSnapshot, GridWriter } from '../ports/workbook-writes';
import { PlacementNotTakenBackError, SelectionNotRangeError, WriteFailedError } from './errors';
import { sendEarly } from './early-query';
import { roomFor } from './make-room';
import { refresh, sameDefinition, sameRun, type RefreshDeps } from './refreshing';
import type { PreparedGrid } from './report-run';
import { entryOf, placementAt, type PlacementLocation } from './workbook-placements';
import type { PlacementLocated, WriteOptions, WriteOutcome } from './write-outcome';

/**
 * Places a report at the selection: its current definition is read again while the query of the definition as listed
 * runs (its result used only if the two are the same), and its result written through the pipeline (never over
 * another placement; foreign cells asked about) and named in the same request, then recorded in the registry under the
 * id the add-in made for it. Once recorded, the caller is told where the cells are (`onRecorded`), before the columns'
 * fit and the table follow. If the definition changes before the placement is recorded, the new placement is
 * refreshed at once, so it never starts out of date. Not recorded means not placed: the cells, the name and the
 * columns go back.
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

export async function place(deps: PlaceDeps, listed: Report, options: WriteOptions = {}): Promise<WriteOutcome<PlacementLocated>> {
  const { reports, registry, workbook, runner, pipeline } = deps;
  const { signal } = options;
  // A new placement's cells: the pane's language and the user's title-lines setting, unless it keeps an old one's.
  const cellOptions = options.cellOptions ?? runner.newPlacementCells();
  // The query of the report as listed is sent (opening the deployment's data connection if it is not open) while the
  // report is read again and the workbook is read: none waits for another. The workbook read takes the names of the
  // placements the caller listed, and a free name for the result's table after the title as listed, so neither
  // needs a read of its own later.
  const early = sendEarly((earlySignal) => runner.run(listed, earlySignal, cellOptions).then(gridOnly), signal);
  const [report, state] = await Promise.all([
    reports.getReport(listed.deploymentId, listed.id, signal),
    workbook.prepare(options.placementIds ?? [], options.asTable === false ? null : reportTitle(listed)),
  ]).catch((error: unknown) => {
    early.drop();
    throw error;
  });
  const at = state.selection;
  if (!at) {
    early.drop();
    throw new SelectionNotRangeError();
  }
  const anchorCell = cellAddress(at.cell);
  // A record the platform still has at this anchor, whose cells are gone, keeps its id when connected again: the
  // cells take that id from the start.
  const gone = state.workbookId ? placementAt(report, state.workbookId, at.sheetName, anchorCell) : undefined;
  // Never an old definition: the listed one's result only if the report reads the same; else its own query, the
  // listed one's stopped.
  const useEarly = sameRun(listed, report);
  if (!useEarly) early.drop();
  const [{ grid, cutAt, flat }, placed] = await Promise.all([
    useEarly ? early.result : runner.run(report, signal, cellOptions).then(gridOnly),
    placedCells(deps, state, options.placementIds, gone?.id, signal),
  ]);
  const workbookId = state.workbookId ?? workbook.newWorkbookId();
  const ref = { deploymentId: report.deploymentId, reportId: report.id };
  // The id is the add-in's (the registry records it as given), so the write itself names the cells, keeps their
  // options and measures their columns' fit: no request of its own for any of them.
  const placementId = gone?.id && !placed.some((p) => p.placementId === gone.id) ? gone.id : globalThis.crypto.randomUUID();
  const findRecorded = (r: Report | null) => r?.externalWorkbookPlacements?.find((p) => p.id === placementId) ?? (r ? placementAt(r, workbookId, at.sheetName, anchorCell) : undefined);
  const result = await pipeline.write({
    sheetName: at.sheetName, anchor: at.cell, grid, own: null, nameAs: placementId, placed, state,
    first: { cellOptions, fitColumns: fitRect(gridRect(at.cell, grid), grid) },
    saveWorkbookId: !state.workbookId || state.workbookIdIsLegacy ? workbookId : undefined,
    permissions: options, signal, stop: options.stop, onProgress: options.onProgress,
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
    }, signal),
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
  const range = sheetAddress(at.sheetName, target);
  const placement = findRecorded(updated);
  if (!placement?.id) {
    const error = new Error('The platform did not return the placement it recorded.');
    await unplace(deps, report, { externalWorkbookId: workbookId, resultLocation: range }, range, snapshot, error);
    throw error;
  }
  if (placement.id !== placementId) {
    // The registry kept the id of a record it already had at this anchor (its cells gone): the cells take that id's name.
    try {
      await workbook.forgetPlacement(placementId);
      await workbook.recordPlacement(at.sheetName, target, { placementId: placement.id, sheetName: at.sheetName, nameExists: false, cellOptions });
    } catch (error) {
      // Recorded but not named: it would show as detached. Taken back on both sides instead.
      await unplace(deps, report, { placementId: placement.id }, range, snapshot, error);
      throw new WriteFailedError(error);
    }
  }
  // Where its name points, as a listing would find it; not a table (yet).
  const location: PlacementLocation = {
    sheetId: at.sheetId, sheetName: at.sheetName, sheetIndex: state.sheets.findIndex((s) => s.sheetName === at.sheetName), rect: target, table: false, cellOptions,
  };
  const current = sameDefinition(report, updated);
  // Written, named and recorded with the current definition: its card may say so now. The fit and the table that
  // follow change no cell's value and no status.
  if (current) options.onRecorded?.({ report: updated, placement, cutAt, stale: false, location });
  const finished = await finishPlacement(deps, placement.id, at.sheetName, target, grid, options.asTable !== false && Boolean(flat), state, fit);
  const table = finished.refusal ? { table: finished.refusal } : {};
  if (!current) {
    // The report changed after its query ran: refreshed at once. The record holds what was just written, so the
    // refresh's hand-edit guard finds the cells as written unless someone typed into them meanwhile.
    // Placed and recorded already: no Stop from here on (it would put back a placement that stands).
    const again = await refresh(deps, entryOf(updated, placement), { ...options, stop: undefined, cellOptions });
    return again.kind === 'done' ? { ...again, ...table } : again;
  }
  return { kind: 'done', report: updated, placement, cutAt, stale: false, location: { ...location, table: finished.table }, ...table };
}

/**
 * What placing keeps of a laid-out result. Not `layOutAs`: it holds the result's rows, which would stay in memory
 * through the whole write (47 MB of a 300,000-row result's 74 MB of JSON, beside its grid: bench/memory.ts).
 */
const gridOnly = ({ grid, cutAt, flat }: PreparedGrid): Pick<PreparedGrid, 'grid' | 'cutAt' | 'flat'> => ({ grid, cutAt, flat });

/**
 * The workbook's placements' cells, which the write never covers. Those the caller listed (`listedIds`) were read
 * with the workbook, and the record found at the anchor (`goneId`) is looked up beside them when it was not listed;
 * without a listing, the registry's ids for the workbook are looked up by name.
 */
async function placedCells(
  { workbook, registry }: Pick<PlaceDeps, 'workbook' | 'registry'>, state: Pick<WorkbookState, 'workbookId' | 'placements'>,
  listedIds: readonly string[] | undefined, goneId: string | null | undefined, signal?: AbortSignal,
): Promise<PlacedCells[]> {
  if (!listedIds) return workbook.findPlacements(await registry.placementIds(state.workbookId, signal));
  if (!goneId || listedIds.includes(goneId)) return state.placements;
  return [...state.placements, ...(await workbook.findPlacements([goneId]))];
}

/**
 * After a first placement is written, named and recorded: columns fit once (never on refresh), to the header and data
 * and only ever wider (`fit`, measured in the write), and a flat report made an Excel table when asked. Neither is
 * needed for a correct placement: if Excel refuses the table, it stays plain cells and the answer says why
 * (`refusal`); `table`: a table was made.
 */
async function finishPlacement(
  { workbook }: { workbook: Pick<PlacementTables, 'finishPlacement'> }, placementId: string, sheetName: string, rect: Rect, grid: CellGrid, asTable: boolean,
  state: Partial<Pick<WorkbookState, 'freeTableName' | 'tablesBefore'>>, fit: ColumnFit | null,
): Promise<{ refusal: TableRefusal | null; table: boolean }> {
  const headerRow = tableHeaderRow(grid, asTable);
  const tableName = headerRow === null ? null : state.freeTableName ?? null;
  const refusal = await workbook.finishPlacement({
    placementId, sheetName, rect, headerRow: headerRow ?? captionRows(grid), fit, tableName, tablesBefore: state.tablesBefore ?? [],
  });
  return { refusal, table: tableName !== null && refusal === null };
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
