import type { PaneOutcome } from '../core/card-state';
import type { FormulaTally, StaleFormulas } from '../functions/formula-calls';
import type { RefreshAllRun, RefreshItem } from '../monitoring/refresh-all';
import type { RefreshOnOpenChoice } from '../monitoring/refresh-on-open';
import type { RoomHow } from '../placements/make-room';
import type { RowCounts, TableRefusal, WorkbookPlacement } from '../placements/placement-service';
import type { ConsentState } from './workbook-consent';

/**
 * What the workspace pane shows, as data: the views put it into words. Messages are typed by what produced them,
 * so one producer's message is never taken for another's (a check that recovers takes back only its own).
 */

/** The error area: what failed, and which part of the pane it came from. */
export interface PaneError {
  source: 'action' | 'list' | 'hand-edit-check' | 'status-read' | 'ribbon-refused';
  error: unknown;
}

/** The success area. */
export type PaneNotice =
  /** Placed or refreshed: where, how many rows now and before (a refresh), rows cut, a table Excel refused. */
  | { kind: 'written'; title: string; location: string; rows: RowCounts | null; cutAt: number | null; table: TableRefusal | null }
  /** "As an Excel table" turned on, but Excel refused: the placement stays plain cells. */
  | { kind: 'table-still-plain'; refusal: TableRefusal }
  /** The ribbon's Refresh all found nothing to refresh. */
  | { kind: 'nothing-to-refresh' }
  /** The ribbon's Refresh all came while the user had said Not now to the workbook's queries: nothing ran. */
  | { kind: 'consent-declined' }
  /** The user stopped a write (placing or refreshing which report): its cells were put back, nothing recorded. */
  | { kind: 'stopped'; operation: Operation['kind']; title: string | null }
  /** A placement converted to RS.VALUE formulas (placements/convert-to-formulas.ts): how many, where; its record removed. */
  | { kind: 'converted'; title: string; location: string; formulas: number };

/** What the pane asks before it goes on; nothing has been written while a question is open. */
export type PaneQuestion =
  | { kind: 'disconnect'; entry: WorkbookPlacement }
  /** "Convert to formulas": the placement's cells replaced by RS.VALUE formulas and its record removed; Cancel is the default. */
  | { kind: 'convert'; entry: WorkbookPlacement }
  /** Foreign cells in the way: overwrite, insert rows (the ways offered; none when empty), or move (`canMove`). */
  | { kind: 'overwrite'; target: string; foreignCells: string[]; insertWays: RoomHow[]; canMove: boolean }
  | { kind: 'hand-edits'; rows: number[]; cells: string[] };

/** The write under way: placing or refreshing which report (its title; null when the user may not read it). */
export interface Operation {
  kind: 'placing' | 'refreshing' | 'converting';
  title: string | null;
  rowsWritten?: number;
  totalRows?: number;
  /** Cells the write covers, told before its first request: a large write offers Stop (see write-stop.ts). */
  totalCells?: number;
  /** Stop was pressed: the write ends before its next request and its cells are put back. */
  stopping?: boolean;
}

/** A Refresh all shown: running, or finished and not yet dismissed. */
export interface RunState {
  handle: RefreshAllRun;
  items: readonly RefreshItem[];
  running: boolean;
  /** What the workbook's formulas answered when the run had Excel calculate them again; absent until that has settled. */
  formulas?: FormulaTally;
}

export interface WorkspaceState {
  /** This workbook's placements; null while they are listed. */
  placements: WorkbookPlacement[] | null;
  /** The last listing failed: the error area offers Try again. */
  listFailed: boolean;
  /** Where Place writes: the selection's address, followed live. */
  selection: string | null;
  /** Place a flat report as an Excel table. */
  asTable: boolean;
  /** The pane's own last outcome per placement key, when it was not a clean write. */
  outcomes: ReadonlyMap<string, PaneOutcome>;
  operation: Operation | null;
  question: PaneQuestion | null;
  error: PaneError | null;
  notice: PaneNotice | null;
  run: RunState | null;
  /** This workbook's "Refresh when this workbook opens" choice, once read. */
  refreshOnOpen: RefreshOnOpenChoice | null;
  /** An exploration is open in the builder: background checks wait, the ribbon's requests too. */
  builderOpen: boolean;
  /** The workbook's RS formulas have been answered in this session: Refresh all has them to refresh, placements or not. */
  formulasInUse: boolean;
  /** Formulas showing their last values because the data API could not be reached, as of the last settled calculation; null when none. */
  staleFormulas: StaleFormulas | null;
  /** Whether this user allowed what the workbook queries by itself (issue 39): until then the bar asks, nothing runs on its own. */
  consent: ConsentState;
}

/** Something is being written or asked: no other write starts, and the pane's buttons wait. */
export const isBusy = (state: Pick<WorkspaceState, 'operation' | 'question' | 'run'>): boolean =>
  state.operation !== null || state.question !== null || state.run?.running === true;
