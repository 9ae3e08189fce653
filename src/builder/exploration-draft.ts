import { z } from 'zod';
import { DISPLAY_SCALES, FilterOperator, MEASURES_AXES, MEASURES_POSITIONS, ResultChecksum } from '../contract';
import { gridCells, rectCells, sheetAddress, type Rect } from '../core/a1';
import { canonicalJson } from '../core/canonical-json';
import type { Exploration } from '../core/exploration';
import type { CellGrid } from '../core/cell-grid';
import { gridRect } from '../core/grid-diff';
import { fitRect } from '../core/table-header';
import { PlacementDetachedError, SelectionNotRangeError } from '../placements/errors';
import type { Permissions, WriteOutcome } from '../placements/write-outcome';
import type { Workbook } from '../ports/workbook';
import type { ColumnFit } from '../ports/workbook-tables';
import type { BuilderPorts } from './builder-ports';

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
  // Drafts kept before segments were offered have none.
  segments: z.array(z.string()).default([]),
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
  /**
   * The exploration as the report was opened or last saved (canonical JSON): a difference is what Close asks about.
   * Missing in drafts kept by earlier versions.
   */
  savedFor: z.string().nullable().optional(),
});

export type DraftRecord = z.infer<typeof DraftRecordSchema> & { exploration: Exploration };

/** The draft kept in the workbook, or null (none, or unreadable: a setting the user cannot act on is ignored). */
export async function readDraft(excel: Pick<Workbook, 'readSetting'>): Promise<DraftRecord | null> {
  const text = await excel.readSetting(DRAFT_SETTING);
  if (!text) return null;
  try {
    const parsed = DraftRecordSchema.safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as DraftRecord) : null;
  } catch {
    return null;
  }
}

export function saveDraft(excel: Pick<Workbook, 'writeSetting'>, draft: DraftRecord | null): Promise<void> {
  return excel.writeSetting(DRAFT_SETTING, draft ? JSON.stringify(draft) : null);
}

/**
 * What `writtenFor` holds: the exploration whose result the cells hold, canonical JSON. No segments are left out, so a
 * key kept before segments were offered still names the same exploration.
 */
export function explorationKey(exploration: Exploration): string {
  const { segments, ...rest } = exploration;
  return canonicalJson(segments.length ? exploration : rest);
}

/** The id whose hidden name holds the draft's cells. */
export function draftCellsId(draft: Pick<DraftRecord, 'placementId'>): string {
  return draft.placementId ?? DRAFT_CELLS_ID;
}

/** A draft's grid written: where, and the record of what was written (the next write's hand-edit baseline). */
export interface DraftWritten {
  sheetName: string;
  sheetId: string;
  rect: Rect;
  location: string;
  written: ResultChecksum;
  workbookId: string;
  workbookName: string;
  /** Its columns' widths before and after an autofit, measured in the write (null: not measured), for the fit to be finished. */
  fit: ColumnFit | null;
}

export interface DraftWriteOptions extends Permissions {
  /** The workbook's placement ids (other placements' cells are never covered). */
  placementIds: readonly string[];
  /** Before the draft's first write into a placement's cells: the platform's record of them. */
  baseline?: DraftRecord['written'];
  /** The run's signal: aborted when a newer change supersedes it. */
  signal?: AbortSignal;
  /**
   * The draft's cells as this session last wrote them: read along with their name when the workbook's state is read,
   * so the hand-edit check and the snapshot read nothing more.
   */
  lastRect?: Rect | null;
  /** The draft's setting's text once `written` is written: saved in the write's own request (without: `record` saves it). */
  keepRecord?: (written: ResultChecksum) => string;
  /**
   * Keeps what was written in the draft: the write's record (if it fails, the cells go back). `kept`: the setting
   * was saved with the cells already.
   */
  record(written: ResultChecksum, kept: boolean): Promise<void>;
}

/**
 * Writes an exploration's grid into the draft's cells, or at the selection when it has none yet, through the one
 * write pipeline (`WritePipeline`): never over another placement, hand edits and foreign cells asked about first,
 * the draft's record kept in the workbook or the cells put back. A run superseded while the cells were read never
 * writes.
 */
export async function writeDraftCells(
  { workbook, pipeline }: { workbook: Pick<Workbook, 'prepare' | 'newWorkbookId'>; pipeline: BuilderPorts['pipeline'] }, draft: Pick<DraftRecord, 'placementId' | 'written'>, grid: CellGrid, options: DraftWriteOptions,
): Promise<WriteOutcome<DraftWritten>> {
  const cellsId = draftCellsId(draft);
  const last = options.lastRect;
  // The cells last written, their looks and their sheet's used ranges, read with the names (see `CellsToRead`); and
  // those the grid grows into past them, so nothing is read between this request and the write's.
  const reach = { rows: grid.values.length, columns: grid.values[0]?.length ?? 0 };
  const read = last
    ? [{ placementId: cellsId, size: null, usedRanges: true, snapshot: true, expectedCells: Math.max(rectCells(last), gridCells(grid.values)), ...(reach.rows && reach.columns ? { reach } : {}) }]
    : [];
  const state = await workbook.prepare(options.placementIds.includes(cellsId) ? options.placementIds : options.placementIds.concat(cellsId), null, read);
  const own = state.placements.find((p) => p.placementId === cellsId) ?? null;
  if (!own && draft.placementId) throw new PlacementDetachedError({ resultLocation: cellsId });
  const at = own ? { sheetName: own.sheetName, sheetId: own.sheetId, cell: { row: own.rect.top, column: own.rect.left } } : state.selection;
  if (!at) throw new SelectionNotRangeError();
  // The workbook gets its id with the first write, so a later Save can record the placement.
  const workbookId = state.workbookId ?? workbook.newWorkbookId();
  const result = await pipeline.write({
    sheetName: at.sheetName, anchor: at.cell, grid, own, nameAs: cellsId,
    // The draft's cells are its own name's: the record of what it wrote covers exactly them, so never "damaged".
    baseline: { record: draft.written ?? options.baseline, rect: null },
    placed: state.placements, state, saveWorkbookId: !state.workbookId || state.workbookIdIsLegacy ? workbookId : undefined,
    permissions: options, signal: options.signal, superseded: options.signal,
    keepRecord: options.keepRecord ? { key: DRAFT_SETTING, value: options.keepRecord } : undefined,
    // The draft changes shape with every run: its columns are measured for their fit in every write, no request of their own.
    refitColumns: fitRect(gridRect(at.cell, grid), grid),
    record: ({ checksum, recordKept }) => options.record(checksum, recordKept),
  });
  if (result.kind !== 'written') return result;
  const { rect, checksum, fit } = result.written;
  return {
    kind: 'done', sheetName: at.sheetName, sheetId: at.sheetId, rect, location: sheetAddress(at.sheetName, rect),
    written: checksum, workbookId, workbookName: state.workbookName, fit,
  };
}
