import type { PaneOutcome } from '../core/card-state';
import { reportTitle } from '../core/report-definition';
import { PlacementDetachedError, WriteStoppedError } from '../placements/errors';
import type { RoomHow, Room } from '../placements/make-room';
import { afterMakingRoom, moveWrite, type PlacementService, type PlacementWritten, type WriteOptions, type WriteOutcome } from '../placements/placement-service';
import { placementKey, type PlacementLocation } from '../placements/workbook-placements';
import type { PlacementLocated } from '../placements/write-outcome';
import type { Location } from '../ports/workbook-cells';
import type { Operation, PaneNotice, WorkspaceState } from './pane-state';
import type { PaneWords } from './pane-words';
import { canStop } from './write-stop';
import { withWritten } from './written-cards';

/**
 * Ask, then retry: every write the pane starts runs here. When a write stops at a question (foreign cells, hand
 * edits) nothing has been written; the question is shown as data, and the user's answer runs the same write
 * again with that permission (or first makes room, or moves the placement). One place, for every write.
 */

/** What a write answers; a refresh or a placing also says where its placement's cells are now, so its card shows the outcome at once. */
export type Written = PlacementWritten & { location?: PlacementLocation };

export type Write = (options: WriteOptions) => Promise<WriteOutcome<Written>>;

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
  /** The placements being listed again after a write, in the background; null once listed. */
  private listing: Promise<void> | null = null;

  constructor(private readonly host: WriteAttemptsHost) {}

  /** Runs a write; resolves true once written and recorded, false when it asked or failed (both shown). */
  async run(attempt: Attempt): Promise<boolean> {
    const { host } = this;
    host.clearMessages();
    this.pending = null;
    host.set({ question: null, operation: { ...attempt.operation } });
    const stopper = new AbortController();
    this.stopper = stopper;
    // A new placement tells when it is recorded, before its columns' fit and its table: its card shows from then.
    let tell: ((placed: PlacementLocated) => void) | undefined;
    const recorded = attempt.key ? null : new Promise<PlacementLocated>((resolve) => {
      tell = resolve;
    });
    let shown = false;
    try {
      const writing = attempt.write({
        ...attempt.permissions,
        stop: stopper.signal,
        onProgress: (p) => host.set({
          operation: { ...attempt.operation, rowsWritten: p.rowsWritten, totalRows: p.totalRows, totalCells: p.totalCells, ...(stopper.signal.aborted ? { stopping: true } : {}) },
        }),
        ...(tell ? { onRecorded: tell } : {}),
      });
      const early = recorded && (await Promise.race([recorded, writing.then(() => null)]));
      if (early) {
        // A listing still under way from an earlier write lands first: it never replaces what this write shows.
        await this.listing;
        shown = this.showWritten(attempt.key, early);
        if (shown) host.set({ notice: noticeOf(attempt, early) });
      }
      const outcome = await writing;
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
      this.setOutcome(attempt.key, null);
      if (!shown) await this.listing;
      // The list shows the write before the notice does, so the notice never describes a state the list does not
      // show: the card from the outcome itself (the registry's record and where its cells are now, a new placement's
      // table once made), the list then brought up to date in the background; otherwise once the list is read again.
      shown = Boolean(outcome.location && this.showWritten(attempt.key, { ...outcome, location: outcome.location }));
      if (!shown) await host.reload();
      host.set({ operation: null, notice: noticeOf(attempt, outcome) });
      if (shown) this.listAgain();
      return true;
    } catch (error) {
      // A new placement shown as recorded: the list says what became of it.
      if (shown) this.listAgain();
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

  /**
   * This workbook's placement ids as the pane lists them, for the overlap check of a write of a listed placement (so
   * it need not ask the registry first); undefined until listed, or while the last listing failed.
   */
  listedIds(): string[] | undefined {
    const { placements, listFailed } = this.host.getState();
    if (!placements || listFailed) return undefined;
    return [...new Set(placements.flatMap((e) => (e.placement.id ? [e.placement.id] : [])))];
  }

  /**
   * The written placement's card from its write's outcome (written-cards.ts): that record is the truth for this card;
   * the others keep theirs. A new placement's outcome clears what its key showed before. False when the pane has not
   * listed its placements, or the outcome cannot say it alone.
   */
  private showWritten(key: string | undefined, outcome: PlacementLocated): boolean {
    const listed = this.host.getState().placements;
    const placements = listed && withWritten(listed, key, outcome);
    if (!placements) return false;
    if (key === undefined) this.setOutcome(placementKey({ placement: outcome.placement, deploymentId: outcome.report.deploymentId, reportId: outcome.report.id }), null);
    this.host.set({ placements });
    return true;
  }

  /** The placements listed again in the background (the others' records, the sheets' order); the next write's outcome waits for it. */
  private listAgain(): void {
    const listing = this.host.reload().then(
      () => undefined,
      (error: unknown) => this.host.set({ error: { source: 'list', error } }),
    ).finally(() => {
      if (this.listing === listing) this.listing = null;
    });
    this.listing = listing;
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

/** What the pane says of a write done: its report, where it is, how its rows changed (a refresh), where it was cut, why it is no table. */
function noticeOf(attempt: Pick<Attempt, 'key'>, outcome: Written): PaneNotice {
  return {
    kind: 'written', title: reportTitle(outcome.report), location: outcome.placement.resultLocation,
    // A refresh says what changed: "12 rows, was 10".
    rows: attempt.key && outcome.rows && outcome.rows.was !== null ? outcome.rows : null,
    cutAt: outcome.cutAt, table: outcome.table ?? null,
  };
}
