import type { PaneOutcome } from '../core/card-state';
import { standingHandEdits, startRefreshAll, withHandEditsUndone, type RefreshAllRun } from '../monitoring/refresh-all';
import type { FormulaTally } from '../functions/formula-calls';
import { isRefreshable } from '../monitoring/refresh-on-open';
import type { RibbonRefreshRequests, RunnerAnswer } from '../monitoring/ribbon-requests';
import type { PlacementService } from '../placements/placement-service';
import { placementKey } from '../placements/workbook-placements';
import { isBusy, type WorkspaceState } from './pane-state';
import type { PaneWords } from './pane-words';

/**
 * The pane's Refresh all: the tracked run, its summary until the next action or a change of its cells
 * (run-banners.ts), and the ribbon's requests for it.
 */

export interface RefreshAllRunsHost {
  getState(): WorkspaceState;
  set(change: Partial<WorkspaceState> | ((state: WorkspaceState) => Partial<WorkspaceState>)): void;
  reload(): Promise<void>;
  placements: PlacementService;
  words: PaneWords;
  writeDisabled(): boolean;
  ribbon?: RibbonRefreshRequests;
  /** Refreshes the workbook's RS formulas (answers dropped, Excel asked to calculate them again): what they answered. */
  refreshFormulas?: () => Promise<FormulaTally>;
}

export class RefreshAllRuns {
  private ribbonOffer: { key: string; withdraw(): void } | null = null;
  private disposed = false;

  constructor(private readonly host: RefreshAllRunsHost) {}

  /**
   * Refreshes every refreshable placement as one tracked run (monitoring/refresh-all.ts); its summary stays until the
   * next action or a change of its cells (`dismiss`, run-banners.ts). Its placements' earlier failures go, since the run tries them again. Their hand edits
   * stay: those are true of the cells until the cells hold what was written again (a live check finds them clean) or
   * the run writes them, so a run stopped before a hand-edited placement still shows it Edited by hand.
   */
  async start(): Promise<void> {
    this.host.set({ error: null, notice: null });
    const refreshable = (this.host.getState().placements ?? []).filter(isRefreshable);
    if (!refreshable.length) {
      await this.refreshFormulas(null);
      return;
    }
    this.host.set((state) => ({ outcomes: without(state.outcomes, refreshable.map(placementKey), (outcome) => outcome.state === 'FAILED') }));
    // Items change state while the run starts, before its handle is known here: those updates are in `handle.items`.
    let handle: RefreshAllRun | null = null;
    handle = startRefreshAll(this.host.placements, refreshable, {
      describe: (error) => this.host.words.describe(error),
      onUpdate: (items) => this.host.set((state) => {
        if (!handle || state.run?.handle !== handle) return {};
        // A placement the run wrote holds what was recorded: nothing the pane said of its cells before stands.
        const written = items.filter((item) => item.state === 'done').map((item) => placementKey(item.entry));
        return { run: { ...state.run, items: [...items] }, outcomes: without(state.outcomes, written, () => true) };
      }),
    });
    this.host.set({ run: { handle, items: [...handle.items], running: true } });
    const items = await handle.done;
    // The list is brought up to date first: the summary is shown of the cells as the run left them (run-banners.ts).
    await this.host.reload();
    this.host.set({ run: { handle, items: [...items], running: false } });
    await this.refreshFormulas(handle);
  }

  /**
   * The formulas' part of a run, after its placements (their numbers come from the same refreshed data): what they
   * answered joins the run's summary once their calls have settled (a bounded wait, so the summary says what
   * happened: recalculated, failed, or kept from before through an outage), or stands alone when the workbook has
   * formulas and no placements.
   */
  private async refreshFormulas(handle: RefreshAllRun | null): Promise<void> {
    if (!this.host.refreshFormulas) return;
    try {
      const formulas = await this.host.refreshFormulas();
      if (handle) this.host.set((state) => (state.run?.handle === handle ? { run: { ...state.run, formulas } } : {}));
      else if (formulas.recalculated || formulas.failed || formulas.stale) this.host.set({ run: { handle: finishedRun(), items: [], running: false, formulas } });
      else this.host.set({ notice: { kind: 'nothing-to-refresh' } });
    } catch (error) {
      this.host.set({ error: { source: 'action', error } });
    }
  }

  stop(): void {
    this.host.getState().run?.handle.stop();
  }

  /**
   * Clears a finished run's summary. The hand edits it found stay as their placements' outcomes, since they stay
   * true of the cells; its failures and the cells in the way were the run's messages and go with it.
   */
  dismiss(): void {
    const run = this.host.getState().run;
    if (!run || run.running) return;
    this.host.set((state) => {
      const outcomes = new Map(state.outcomes);
      for (const item of run.items) {
        if (standingHandEdits(item)) outcomes.set(placementKey(item.entry), { state: 'EDITED', reason: this.host.words.attention(item) ?? undefined });
      }
      return { outcomes, run: null };
    });
  }

  /** A placement's cells hold what was last written again: hand edits the finished run found there are gone. */
  handEditsUndone(key: string): void {
    const run = this.host.getState().run;
    if (!run || run.running) return;
    const items = withHandEditsUndone(run.items, key);
    if (items !== run.items) this.host.set({ run: { ...run, items } });
  }

  /**
   * The ribbon's "Refresh all" runs this same tracked run; asked for during one, it waits for that one to end, and
   * while the pane cannot take it (busy, an exploration open) it waits for the pane. Offered again whenever that changes.
   */
  offerRibbon(state: WorkspaceState): void {
    const { ribbon } = this.host;
    if (!ribbon || this.disposed) return;
    const canStart = state.placements !== null && !isBusy(state) && !state.builderOpen;
    const key = `${state.run?.running ? 'run' : ''}|${canStart}|${this.host.writeDisabled()}|${state.consent.kind}`;
    if (this.ribbonOffer?.key === key) return;
    this.ribbonOffer?.withdraw();
    const runner = async (): Promise<RunnerAnswer> => {
      const now = this.host.getState();
      if (this.host.writeDisabled()) {
        this.host.set({ error: { source: 'ribbon-refused', error: null } });
        return 'ran';
      }
      if (now.run?.running) {
        await now.run.handle.done;
        return 'ran';
      }
      // A workbook whose queries this user has not allowed: the request waits for the bar's answer (issue 39).
      if (now.consent.kind === 'declined') {
        this.host.set({ notice: { kind: 'consent-declined' } });
        return 'ran';
      }
      if (now.consent.kind !== 'allowed') return 'not-now';
      if (now.placements === null || isBusy(now) || now.builderOpen) return 'not-now';
      if ((now.placements ?? []).some(isRefreshable) || this.host.refreshFormulas) await this.start();
      else this.host.set({ notice: { kind: 'nothing-to-refresh' } });
      return 'ran';
    };
    // Offering may run a waiting request at once, whose changes offer again: that newer offer then stands.
    const offer = { key, withdraw: () => undefined as void };
    this.ribbonOffer = offer;
    const withdraw = ribbon.offer(runner);
    if (this.ribbonOffer === offer) offer.withdraw = withdraw;
  }

  dispose(): void {
    this.disposed = true;
    this.ribbonOffer?.withdraw();
    this.ribbonOffer = null;
  }
}

/** A run with no placements, already over: the summary of a Refresh all that refreshed only formulas. */
function finishedRun(): RefreshAllRun {
  return { items: [], done: Promise.resolve([]), stop: () => undefined };
}

/** The outcomes without those of `keys` that `drop` picks; the same map when none is. */
function without(outcomes: ReadonlyMap<string, PaneOutcome>, keys: readonly string[], drop: (outcome: PaneOutcome) => boolean): ReadonlyMap<string, PaneOutcome> {
  const dropped = keys.filter((key) => {
    const outcome = outcomes.get(key);
    return outcome !== undefined && drop(outcome);
  });
  if (!dropped.length) return outcomes;
  const next = new Map(outcomes);
  for (const key of dropped) next.delete(key);
  return next;
}
