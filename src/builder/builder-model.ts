import type { Folder, Granularity, MetaCube, Report } from '../contract';
import type { BuilderAxis, Exploration, ExplorationDisplay } from '../core/exploration';
import type { ExplorationFilter } from '../core/exploration-filters';
import type { ChangeGesture } from './exploration-runs';

export type { ChangeGesture } from './exploration-runs';

/**
 * What the exploration builder's view renders, and what it may ask of the controller. The view holds no
 * business rules: every decision (what runs, what is written, what may be saved) is the controller's.
 */

/** Why the user may not save (Save is shown disabled with this reason). */
export type SaveRefusal = 'no-edit-right' | 'no-create-right' | 'nothing-to-save' | 'unknown-members';

/** Whether a save is possible now; `refusal` says why not. */
export interface SaveRight {
  allowed: boolean;
  refusal: SaveRefusal | null;
}

/** Where a new or moved report may go: these folders, the top level (no folder) or not, and where the form starts. */
export interface SaveTargets {
  folders: Folder[];
  topLevel: boolean;
  /** The folder the form starts on (null: the top level). */
  preferred: number | null;
  /** There is a folder to choose: a folder is listed, or the top level is not the user's (the form then says so). */
  folderChoice: boolean;
}

/** A question the builder must ask before it writes: nothing was written; `allow` writes with permission. */
export type BuilderQuestion =
  | { kind: 'overwrite'; target: string; foreignCells: string[] }
  | { kind: 'hand-edits'; cells: string[] };

/** What just succeeded: saved into the opened report, saved as a new one, renamed or moved, deleted. */
export type BuilderNotice = 'saved' | 'saved-as' | 'updated' | 'deleted';

export type BuilderRun =
  | { kind: 'idle' }
  /** Changed since the cells were last written (auto-run off: waiting for Run; on: about to run). */
  | { kind: 'pending' }
  | { kind: 'running' }
  | { kind: 'done'; rows: number; location: string; cutAt: number | null }
  /** `message`: the failure in words (Cube's own message for a query the data API refused). The cells are as they were. */
  | { kind: 'failed'; message: string };

export interface BuilderState {
  /** `/v1/meta` is being read, or could not be (`loadError`, in words). */
  phase: 'loading' | 'ready' | 'failed';
  loadError: string | null;
  deploymentId: number;
  /** Views, then the public cubes no view draws on (only cubes when the model has no views); see `explorableCubes`. */
  cubes: MetaCube[];
  /** The view explored, or null before one is chosen. */
  viewName: string | null;
  exploration: Exploration;
  /** Members of the exploration the model no longer has (named, removable). */
  unknownMembers: string[];
  /** Parts of a saved report the builder cannot show (kept out; named). */
  unsupported: string[];
  autoRun: boolean;
  /** Repeated row values written once: the user's `suppressDuplicateValues` setting, edited here too. */
  suppressDuplicates: boolean;
  run: BuilderRun;
  question: BuilderQuestion | null;
  /** Where the result is (the draft's cells) or will go (the selection), e.g. `Sheet1!B3`; null when unknown. */
  resultLocation: string | null;
  /** The draft has cells in the workbook (the result location is fixed until it is closed). */
  hasCells: boolean;
  /** The report the exploration was opened from or last saved as, and its placement here. */
  opened: { report: Report; placementId: string | null } | null;
  /** Whether Save (into `opened`, or as a new report when none is opened) is possible now; `refusal` says why not. */
  save: SaveRight;
  /** Whether Save as (a new report) is possible now: the user may create reports somewhere in the deployment. */
  saveAs: SaveRight;
  /** The exploration differs from the report as opened or last saved (or, never saved, has anything): Close asks. */
  unsaved: boolean;
  /** Whether the opened report may be renamed or moved (edit right), and deleted (manage right). */
  canEditOpened: boolean;
  canDeleteOpened: boolean;
  saving: boolean;
  /** The last save was refused because the report changed elsewhere (offer Reload or Save a copy). */
  changedElsewhere: boolean;
  /** A failure of save, rename, move, delete or explain, in words. */
  actionError: string | null;
  /** The last action's success, for the view to put into words. */
  notice: BuilderNotice | null;
  /** Show SQL is offered (the admin's `creatorMode.showGeneratedSql`; always when connected straight to a Cube API). */
  explainAllowed: boolean;
  /** The SQL the query compiles to once asked for (`/v1/sql`'s answer): its text and its parameters. */
  sql: { text: string; params: string[] } | null;
  /** The deployment's top-level folders, as listed to the user (and folders their grants name, found besides). */
  folders: Folder[];
  /** Of those, where the user may save a new report or move one to (Save as, Move). */
  saveTargets: SaveTargets;
  /** Per member: the values offered by a string filter's value picker, once asked for. */
  memberValues: Record<string, string[]>;
}

/**
 * The view's intents. Each change of the exploration runs at once with auto-run, as a choice; those a text field
 * makes as the user types (a filter's value, the row limit) say `typing`, and run once the typing pauses.
 */
export interface BuilderActions {
  chooseView(name: string): void;
  /** Puts a member on an axis, at `index` or the end (a measure always on Measures; see `placeMember`). */
  add(member: string, axis: BuilderAxis, index?: number): void;
  remove(member: string): void;
  reorder(axis: BuilderAxis, from: number, to: number): void;
  setGranularity(member: string, granularity: Granularity): void;
  setFilter(index: number, filter: ExplorationFilter, gesture?: ChangeGesture): void;
  removeFilter(index: number): void;
  /** Applies a segment of the model's (`sales.completed`) or takes it off. */
  applySegment(segment: string, applied: boolean): void;
  setOrder(order: Exploration['order']): void;
  setLimit(limit: number | null, gesture?: ChangeGesture): void;
  setDisplay(display: Partial<ExplorationDisplay>): void;
  setAutoRun(on: boolean): void;
  setSuppressDuplicates(on: boolean): void;
  run(): void;
  /** Answers the question with "go ahead" (overwrite the cells named). */
  allow(): void;
  dismissQuestion(): void;
  /** Reads the values a string member has (for its filter's value picker). */
  loadValues(member: string): void;
  /** Saves into the opened report, or fails with `changedElsewhere`. */
  save(): void;
  saveAs(target: { name: string; title?: string | null; folderId?: number | null }): void;
  /** After `changedElsewhere`: reads the report again, dropping this exploration's changes. */
  reloadOpened(): void;
  rename(name: string, title: string | null): void;
  move(folderId: number | null): void;
  deleteOpened(): void;
  explain(): void;
  /** Closes the builder; an unsaved draft's cells are kept or cleared as asked. */
  close(options: { clearCells: boolean }): Promise<void>;
}

export interface BuilderController extends BuilderActions {
  getState(): BuilderState;
  /** Calls back on every change of state; returns the unsubscribe function (for `useSyncExternalStore`). */
  subscribe(listener: () => void): () => void;
}
