import { z } from 'zod';
import { DISPLAY_SCALES, FilterOperator, MEASURES_AXES, MEASURES_POSITIONS, ResultChecksum } from '../contract';
import { cellAddress, sheetAddress, type Cell, type Rect } from '../core/a1';
import type { Exploration } from '../core/exploration';
import { gridDigests } from '../core/grid-hash';
import type { CellGrid } from '../core/layout';
import { handEditsAgainst, recordOf } from '../core/result-checksum';
import type { ExcelConnector, PlacedCells } from '../excel/excel-connector';
import { jsonRowBytes } from '../excel/json-size';
import { PlacementDetachedError, SelectionNotRangeError } from './errors';
import { gridRect, leftovers, rowsToWrite, sameRect } from './grid-diff';
import type { PlacementService } from './placement-service';
import { writeOrRestore } from './safe-write';

/**
 * An exploration being built is kept in the workbook, so it survives a pane reload: its definition in a
 * document setting (no token, nothing but the query and where its cells are), and its cells by a hidden name
 * like a placement's (`ReportSync_draft`), which follows inserted rows. An exploration opened from a
 * placement writes into that placement's cells (its own name) until it is saved or closed.
 */

export const DRAFT_SETTING = 'reportSync.exploration';
/** The id the draft's cells are named by (`placementName` of it is `ReportSync_draft`); placement ids are UUIDs. */
export const DRAFT_CELLS_ID = 'draft';

const ExplorationSchema = z.object({
  rows: z.array(z.string()),
  columns: z.array(z.string()),
  measures: z.array(z.string()),
  filters: z.array(z.object({ member: z.string(), operator: FilterOperator, values: z.array(z.string()) })),
  order: z.array(z.object({ member: z.string(), direction: z.enum(['asc', 'desc']) })),
  limit: z.number().int().positive().nullable(),
  display: z.object({
    measuresAxis: z.enum(MEASURES_AXES),
    measuresPosition: z.enum(MEASURES_POSITIONS),
    displayScale: z.enum(DISPLAY_SCALES),
    showColumnTotals: z.boolean(),
    showRowTotals: z.boolean(),
    showAppliedFilters: z.boolean().nullable(),
  }),
});

const DraftRecordSchema = z.object({
  v: z.literal(1),
  deploymentId: z.number().int(),
  viewName: z.string().nullable(),
  exploration: ExplorationSchema,
  /** The report it was opened from or saved as. */
  reportId: z.number().int().nullable(),
  /** That report's placement here, whose cells the draft writes; null: the draft's own cells. */
  placementId: z.string().nullable(),
  /** What the draft last wrote (the hand-edit check's baseline), null before its first write. */
  written: ResultChecksum.nullable(),
  /** The exploration whose result the cells hold (canonical JSON), null before the first write. */
  writtenFor: z.string().nullable(),
  /** The cells hold the report's saved result: closing needs to put nothing back. */
  cellsSaved: z.boolean(),
});

export type DraftRecord = z.infer<typeof DraftRecordSchema> & { exploration: Exploration };

/** The draft kept in the workbook, or null (none, or unreadable: a setting the user cannot act on is ignored). */
export async function readDraft(excel: ExcelConnector): Promise<DraftRecord | null> {
  const text = await excel.readSetting(DRAFT_SETTING);
  if (!text) return null;
  try {
    const parsed = DraftRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as DraftRecord) : null;
  } catch {
    return null;
  }
}

export function saveDraft(excel: ExcelConnector, draft: DraftRecord | null): Promise<void> {
  return excel.writeSetting(DRAFT_SETTING, draft ? JSON.stringify(draft) : null);
}

/** The id whose hidden name holds the draft's cells. */
export function draftCellsId(draft: Pick<DraftRecord, 'placementId'>): string {
  return draft.placementId ?? DRAFT_CELLS_ID;
}

export type DraftWriteOutcome =
  | { kind: 'done'; sheetName: string; sheetId: string; rect: Rect; location: string; written: ResultChecksum; workbookId: string; workbookName: string }
  | { kind: 'needs-confirmation'; foreignCells: string[]; target: string }
  | { kind: 'hand-edits'; cells: string[] };

export interface DraftWriteOptions {
  overwrite?: boolean;
  overwriteHandEdits?: boolean;
  /** The workbook's placement ids (other placements' cells are never covered). */
  placementIds: readonly string[];
  /** Before the draft's first write into a placement's cells: the platform's record of them. */
  baseline?: DraftRecord['written'];
  signal?: AbortSignal;
}

/**
 * Writes an exploration's grid into the draft's cells, or at the selection when it has none yet, with a
 * placement's protections: never over another placement, foreign cells and hand edits asked about first
 * (nothing written), only changed rows rewritten, and the cells put back if the write fails.
 */
export async function writeDraftCells(service: PlacementService, draft: Pick<DraftRecord, 'placementId' | 'written'>, grid: CellGrid, options: DraftWriteOptions): Promise<DraftWriteOutcome> {
  const { excel } = service.options;
  const cellsId = draftCellsId(draft);
  const state = await excel.prepare(options.placementIds.includes(cellsId) ? options.placementIds : options.placementIds.concat(cellsId));
  const own: PlacedCells | undefined = state.placements.find((p) => p.placementId === cellsId);
  if (!own && draft.placementId) throw new PlacementDetachedError({ resultLocation: cellsId });
  const at = own ? { sheetName: own.sheetName, sheetId: own.sheetId, cell: { row: own.rect.top, column: own.rect.left } } : state.selection;
  if (!at) throw new SelectionNotRangeError();
  const anchor: Cell = at.cell;
  const target = gridRect(anchor, grid);
  await service.refuseOverlap(state.placements, at.sheetName, target, cellsId, options.signal);

  const usedRange = own ? undefined : state.usedRange;
  const rowBytes = own ? Math.ceil(jsonRowBytes(grid.values[0] ?? []) * 1.25) : 0;
  const { ownValues, foreignCells, formattedRange } = await excel.inspect(at.sheetName, own?.rect ?? null, target, usedRange, rowBytes);
  const now = gridDigests(ownValues ?? []);
  const edits = own ? handEditsAgainst(draft.written ?? options.baseline, now) : null;
  if (!options.overwriteHandEdits && edits?.rows.length) {
    const cells = edits.cells.map((c) => cellAddress({ row: own!.rect.top + c.row, column: own!.rect.left + c.column }));
    return { kind: 'hand-edits', cells };
  }
  if (foreignCells.length && !options.overwrite) return { kind: 'needs-confirmation', foreignCells, target: sheetAddress(at.sheetName, target) };

  const next = gridDigests(grid.values);
  // The workbook gets its id with the first write, so a later Save can record the placement.
  const workbookId = state.workbookId ?? excel.newWorkbookId();
  const saveId = !state.workbookId || state.workbookIdIsLegacy;
  const rows = own ? rowsToWrite(now, next) : undefined;
  const clear = own ? leftovers(own.rect, target) : [];
  const record = !own || !sameRect(own.rect, target) || own.relative ? { placementId: cellsId, sheetName: at.sheetName, nameExists: Boolean(own) } : undefined;
  if (!own || rows!.length || clear.length || record || saveId) {
    const plan = excel.planWrite(at.sheetName, anchor, grid, { rows, clear, workbookId: saveId ? workbookId : undefined, record });
    // Cells matching what the draft last wrote hold its own values, just read: all a snapshot needs of them besides formats.
    const checked = own && ownValues && edits && edits.rows.length === 0 ? { rect: own.rect, values: ownValues } : undefined;
    const snapshot = await excel.snapshot(plan, {
      formattedRange: own ? formattedRange : state.formattedRange,
      knownEmpty: !own && foreignCells.length === 0,
      knownValues: checked,
      nameFormula: own?.formula,
    });
    // A newer change while the cells were read: this result is superseded and never written.
    options.signal?.throwIfAborted();
    await writeOrRestore(excel, plan, snapshot);
  }
  return {
    kind: 'done', sheetName: at.sheetName, sheetId: at.sheetId, rect: target, location: sheetAddress(at.sheetName, target),
    written: recordOf(next), workbookId, workbookName: state.workbookName,
  };
}
