import type { Report, ReportPlacement } from '../contract';
import type { CellOptions } from '../core/cell-options';
import type { Location } from '../ports/workbook-cells';
import type { TableRefusal } from '../ports/workbook-tables';
import type { WriteProgress } from '../ports/workbook-writes';
import type { Room } from './make-room';
import type { PlacementLocation } from './workbook-placements';

/**
 * What every write answers, whoever asked for it (place, refresh, Refresh all, move, Place again here, the
 * builder's draft, the chat's Place in sheet): done, or a question for the user with nothing written.
 */

/** The user's answers to the questions a write stops at, for the next try of the same write. */
export interface Permissions {
  /** The user agreed to overwrite the cells named in a `needs-confirmation` question. */
  overwrite?: boolean;
  /** The user agreed to overwrite the hand edits named in a `hand-edits` question. */
  overwriteHandEdits?: boolean;
}

export type WriteQuestion =
  /**
   * The target holds other content: ask, then write again with `overwrite`, or make room (`room`, see
   * make-room.ts: insert rows, or move the placement).
   */
  | { kind: 'needs-confirmation'; foreignCells: string[]; target: string; room?: Room }
  /** Cells were edited by hand since the last write: ask, then write again with `overwriteHandEdits`. */
  | { kind: 'hand-edits'; rows: number[]; cells: string[]; location: Location };

/** A placement written and recorded. */
export interface PlacementWritten {
  report: Report;
  placement: ReportPlacement;
  cutAt: number | null;
  /**
   * The report's definition changed between reading it and recording the write: the cells hold the earlier
   * definition's result although the record has the new checksum.
   */
  stale: boolean;
  rows?: RowCounts;
  /** The placement is (still, or now) plain cells because Excel refused its table: why, for the pane to say. */
  table?: TableRefusal;
}

/** A placement written and recorded, and where its cells are now: its card shows both at once, before any listing. */
export interface PlacementLocated extends PlacementWritten {
  location: PlacementLocation;
}

/** Done (with what the write's kind reports), or a question. `D` is a placement's by default. */
export type WriteOutcome<D = PlacementWritten> = ({ kind: 'done' } & D) | WriteQuestion;

/** A refresh's rows (header rows included): as written now, and as recorded before it (null when unknown). */
export interface RowCounts {
  now: number;
  was: number | null;
}

export interface WriteOptions extends Permissions {
  signal?: AbortSignal;
  /** The user's Stop: the write ends between its requests, its cells put back and nothing recorded (`WriteStoppedError`). */
  stop?: AbortSignal;
  onProgress?: (progress: WriteProgress) => void;
  /** This workbook's placement ids, when the caller already has them (Refresh all); asked of the registry otherwise. */
  placementIds?: readonly string[];
  /** Place a flat report as an Excel table (the default; pivots never are). Kept with the placement in the workbook. */
  asTable?: boolean;
  /**
   * The cells' language and title lines to write with, and keep: a card's switch (a refresh), or a placement's own
   * (Place again here elsewhere). Without: a placement's own; a new one takes the pane's language and the user's setting.
   */
  cellOptions?: CellOptions;
  /**
   * A new placement written, named and recorded with its report's current definition (place): told before its
   * columns' fit and its table are made, which change no value and no status; the write answers once they are made.
   */
  onRecorded?: (placed: PlacementLocated) => void;
}
