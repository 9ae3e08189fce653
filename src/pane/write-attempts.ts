import type { PaneOutcome } from '../core/card-state';
import { reportTitle } from '../core/report-definition';
import { PlacementDetachedError, WriteStoppedError } from '../placements/errors';
import type { RoomHow, Room } from '../placements/make-room';
import { afterMakingRoom, moveWrite, type PlacementService, type WriteOptions, type WriteOutcome } from '../placements/placement-service';
import type { Location } from '../ports/workbook-cells';
import type { Operation, WorkspaceState } from './pane-state';
import type { PaneWords } from './pane-words';
import { canStop } from './write-stop';

/**
 * Ask, then retry: every write the pane starts runs here. When a write stops at a question (foreign cells, hand
 * edits) nothing has been written; the question is shown as data, and the user's answer runs the same write
 * again with that permission (or first makes room, or moves the placement). One place, for every write.
 */

export type Write = (options: WriteOptions) => Promise<WriteOutcome>;

/** A write and what it needs to be tried again. */
interface Attempt {
  operation: Omit<Operation, 'rowsWritten' | 'totalRows'>;
  write: Write;
  permissions: Pick<WriteOptions, 'overwrite' | 'overwriteHandEdits'>;
  /** The placement it writes (its key), whose card shows the outcome; none for a new placement. */
  key?: string;
}

export interface WriteAttemptsHost {
  getState(): WorkspaceState;
  set(change: Partial<WorkspaceState> | ((state: WorkspaceState) => Partial<WorkspaceState>)): void;
  /** Before a write: what the last one said goes (the run's summary too). */
  clearMessages(): void;
  reload(): Promise<void>;
  placements: PlacementService;
  words: PaneWords;
}

export class WriteAttempts {
  /** The write a question is open for, with where its room and hand edits are. */
  private pending: { attempt: Attempt; room?: Room; location?: Location; cells?: string[] } | null = null;
  /** The write under way's Stop. */
  private stopper: AbortController | null = null;

  constructor(private readonly host: WriteAttemptsHost) {}

  /** Runs a write; resolves true once written and recorded, false when it asked or failed (both shown). */
  async run(attempt: Attempt): Promise<boolean> {
    const { host } = this;
    host.clearMessages();
    this.pending = null;
    host.set({ question: null, operation: { ...attempt.operation } });
    const stopper = new AbortController();
    this.stopper = stopper;
    try {
      const outcome = await attempt.write({
        ...attempt.permissions,
        stop: stopper.signal,
        onProgress: (p) => host.set({
          operation: { ...attempt.operation, rowsWritten: p.rowsWritten, totalRows: p.totalRows, totalCells: p.totalCells, ...(stopper.signal.aborted ? { stopping: true } : {}) },
        }),
      });
      if (outcome.kind === 'needs-confirmation') {
        const { room } = outcome;
        this.pending = { attempt, room };
        host.set({ question: { kind: 'overwrite', target: outcome.target, foreignCells: outcome.foreignCells, insertWays: room?.insert ?? [], canMove: Boolean(room) } });
        return false;
      }
      if (outcome.kind === 'hand-edits') {
        this.pending = { attempt, location: outcome.location, cells: outcome.cells };
        this.setOutcome(attempt.key, { state: 'EDITED' });
        host.set({ question: { kind: 'hand-edits', rows: outcome.rows, cells: outcome.cells } });
        return false;
      }
      // The list is brought up to date first, so the notice never describes a state the list does not show.
      this.setOutcome(attempt.key, null);
      await host.reload();
      host.set({
        operation: null,
        notice: {
          kind: 'written', title: reportTitle(outcome.report), location: outcome.placement.resultLocation,
          // A refresh says what changed: "12 rows, was 10".
          rows: attempt.key && outcome.rows && outcome.rows.was !== null ? outcome.rows : null,
          cutAt: outcome.cutAt, table: outcome.table ?? null,
        },
      });
      return true;
    } catch (error) {
      // Stopped by the user: the cells are as they were and so is the record (a card keeps what it said). Said as news.
      if (error instanceof WriteStoppedError) {
        host.set({ notice: { kind: 'stopped', operation: attempt.operation.kind, title: attempt.operation.title } });
        return false;
      }
      this.setOutcome(attempt.key, error instanceof PlacementDetachedError ? { state: 'DETACHED' } : { state: 'FAILED', reason: host.words.describe(error) });
      host.set({ error: { source: 'action', error } });
      return false;
    } finally {
      if (this.stopper === stopper) this.stopper = null;
      host.set({ operation: null });
    }
  }

  /**
   * Stops the write under way between its requests (only a large one offers it, see write-stop.ts): its cells are
   * put back and nothing is recorded; `run` then says so. Answers whether it was asked to stop.
   */
  stop(): boolean {
    const operation = this.host.getState().operation;
    if (!this.stopper || !canStop(operation)) return false;
    this.host.set({ operation: { ...operation!, stopping: true } });
    this.stopper.abort();
    return true;
  }

  /** Overwrite the foreign cells the question named. */
  overwrite(): Promise<boolean> {
    return this.retry((attempt) => ({ ...attempt, permissions: { ...attempt.permissions, overwrite: true } }));
  }

  /** Overwrite the hand edits the question named. */
  overwriteHandEdits(): Promise<boolean> {
    return this.retry((attempt) => ({ ...attempt, permissions: { ...attempt.permissions, overwriteHandEdits: true } }));
  }

  /** Insert rows (whole, or cells within the result's columns) to make room, then write. */
  makeRoom(how: RoomHow): Promise<boolean> {
    const room = this.pending?.room;
    return this.retry((attempt) => (room ? { ...attempt, write: afterMakingRoom(this.host.placements, room, how, attempt.write) } : attempt));
  }

  /** Move the placement to the selection (a new placement: place it there). */
  moveHere(): Promise<boolean> {
    const room = this.pending?.room;
    return this.retry((attempt) => (room ? { ...attempt, write: moveWrite(this.host.placements, room, attempt.write) } : attempt));
  }

  /** Selects the hand-edited cells; the question stays open. */
  async locateHandEdits(): Promise<void> {
    const { location, cells } = this.pending ?? {};
    if (!location || !cells) return;
    try {
      await this.host.placements.selectCells(location, cells);
    } catch (error) {
      this.host.set({ error: { source: 'action', error } });
    }
  }

  cancel(): void {
    this.pending = null;
    this.host.set({ question: null });
  }

  private retry(next: (attempt: Attempt) => Attempt): Promise<boolean> {
    const pending = this.pending;
    if (!pending) return Promise.resolve(false);
    return this.run(next(pending.attempt));
  }

  private setOutcome(key: string | undefined, outcome: PaneOutcome | null): void {
    if (!key) return;
    this.host.set((state) => {
      const outcomes = new Map(state.outcomes);
      if (outcome) outcomes.set(key, outcome);
      else outcomes.delete(key);
      return { outcomes };
    });
  }
}
