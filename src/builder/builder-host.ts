import type { MemberType } from '../contract';
import type { BuilderAccount, BuilderPorts } from './builder-ports';
import type { BuilderState } from './builder-model';
import type { DraftRecord } from './exploration-draft';

/**
 * What the builder's parts (its session, the writing of its runs) need of the builder they belong to, as
 * `ExplorationController` provides it; they know the builder by this, never by its class.
 */

export interface BuilderContext {
  ports: BuilderPorts;
  connection: BuilderAccount;
  /** Puts an error into words the user can act on (the pane's catalog). */
  describe(error: unknown): string;
  /** The pause after a key typed into a text field before an automatic run (ms); a choice runs at once. */
  debounceMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export interface BuilderHost {
  readonly context: BuilderContext;
  /** The exploration kept in the workbook, replaced as a whole on every change. */
  draft: DraftRecord;
  /** The workbook's placement ids: other placements' cells are never written over. */
  placementIds: string[];
  getState(): BuilderState;
  /** Replaces parts of the state, working out what follows from them (save rights, unknown members). */
  set(partial: Partial<BuilderState>): void;
  /** A member's type in the model, if the model has it (a bound function, passed on as it is). */
  readonly typeOf: (member: string) => MemberType | undefined;
  /** Runs Excel work of the draft after the work queued before it. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** Keeps the draft in the workbook (after the Excel work queued before); a failure is shown, not thrown. */
  persist(): Promise<void>;
  /** Runs now and waits; true once the cells hold the exploration's result. */
  runNow(): Promise<boolean>;
  /** After a save or delete changed which cells the draft owns. */
  adopt(draft: DraftRecord, opened: BuilderState['opened']): void;
}
