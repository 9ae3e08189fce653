import { reportTitle } from '../core/report-definition';
import type { ConversionPorts } from '../placements/convert-to-formulas';
import { PlacementDetachedError } from '../placements/errors';
import type { PlacementService, WorkbookPlacement } from '../placements/placement-service';
import { placementKey } from '../placements/workbook-placements';
import type { WorkspaceState } from './pane-state';

/**
 * A placement card's actions that are not writes of its result (those go through the write attempts): its cells made
 * an Excel table or plain again, an old placement linked again, its cells selected, the placement disconnected or
 * converted to formulas. The pane store (`WorkspaceStore`) offers them as its intents.
 */
export interface CardActionsHost {
  set(change: Partial<WorkspaceState> | ((state: WorkspaceState) => Partial<WorkspaceState>)): void;
  placements: PlacementService;
  reload(): Promise<void>;
  showError(error: unknown): void;
  /** What the last action or run said goes (error, notice, a finished run's summary). */
  clearMessages(): void;
  /** Drops the write attempt's open question. */
  cancelQuestion(): void;
  /** How formulas are answered, for "Convert to formulas"; without it, nothing is converted. */
  conversion?: ConversionPorts;
}

/** Disconnect: asked first (clear the cells or keep them), unless its cells are gone already. */
export function askDisconnect(host: CardActionsHost, entry: WorkbookPlacement, state: WorkspaceState): Promise<void> {
  if (state.outcomes.get(placementKey(entry))?.state === 'DETACHED' || entry.location === null) return disconnect(host, entry);
  host.set({ question: { kind: 'disconnect', entry } });
  return Promise.resolve();
}

/** The placement's record removed, its cells cleared or kept; its card goes. */
export async function disconnect(host: CardActionsHost, entry: WorkbookPlacement, clearCells = false): Promise<void> {
  // A message about this placement (or the run that touched it) would outlive it.
  host.clearMessages();
  host.cancelQuestion();
  try {
    await host.placements.disconnect(entry, clearCells);
    host.set((state) => {
      const outcomes = new Map(state.outcomes);
      outcomes.delete(placementKey(entry));
      return { outcomes };
    });
    await host.reload();
  } catch (error) {
    host.showError(error);
  }
}

/**
 * "Convert to formulas", after the user said so in the question: the formulas are checked, written and the placement's
 * record removed (placements/convert-to-formulas.ts); a refusal or a cell that differs is said, with nothing written.
 */
export async function convertToFormulas(host: CardActionsHost, entry: WorkbookPlacement): Promise<void> {
  const { conversion } = host;
  host.clearMessages();
  host.set({ question: null });
  if (!conversion) return;
  host.set({ operation: { kind: 'converting', title: entry.report ? reportTitle(entry.report) : null } });
  try {
    const converted = await host.placements.convertToFormulas(entry, conversion);
    // Its card goes with its record: an outcome kept for it would outlive it.
    host.set((state) => {
      const outcomes = new Map(state.outcomes);
      outcomes.delete(placementKey(entry));
      return { outcomes };
    });
    await host.reload();
    host.set({ notice: { kind: 'converted', ...converted } });
  } catch (error) {
    host.showError(error);
  } finally {
    host.set({ operation: null });
  }
}

/** "As an Excel table" from a placement's card: converted in place; a table Excel refuses is said in words. */
export async function setTable(host: CardActionsHost, entry: WorkbookPlacement, on: boolean): Promise<void> {
  host.clearMessages();
  host.set({ operation: { kind: 'placing', title: entry.report ? reportTitle(entry.report) : null } });
  try {
    const refusal = await host.placements.setTable(entry, on);
    await host.reload();
    if (refusal) host.set({ notice: { kind: 'table-still-plain', refusal } });
  } catch (error) {
    host.showError(error);
  } finally {
    host.set({ operation: null });
  }
}

/** Links a placement recorded before ids existed to its cells again: an action on its cells, so the last banners go. */
export async function relink(host: CardActionsHost, entry: WorkbookPlacement): Promise<void> {
  host.clearMessages();
  try {
    await host.placements.relink(entry);
    await host.reload();
  } catch (error) {
    host.showError(error);
  }
}

/** Selects a placement's cells; cells gone are said on its card (Detached) as well as in the error area. */
export async function locate(host: CardActionsHost, entry: WorkbookPlacement): Promise<void> {
  try {
    await host.placements.locate(entry);
  } catch (error) {
    if (error instanceof PlacementDetachedError) host.set((state) => ({ outcomes: new Map(state.outcomes).set(placementKey(entry), { state: 'DETACHED' }) }));
    host.showError(error);
  }
}
