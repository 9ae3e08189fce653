import { reportTitle } from '../core/report-definition';
import { PlacementDetachedError } from '../placements/errors';
import type { PlacementService, WorkbookPlacement } from '../placements/placement-service';
import { placementKey } from '../placements/workbook-placements';
import type { WorkspaceState } from './pane-state';

/**
 * A placement card's actions that are not writes of its result (those go through the write attempts): its cells made
 * an Excel table or plain again, an old placement linked again, its cells selected. The pane store (`WorkspaceStore`)
 * offers them as its intents.
 */
export interface CardActionsHost {
  set(change: Partial<WorkspaceState> | ((state: WorkspaceState) => Partial<WorkspaceState>)): void;
  placements: PlacementService;
  reload(): Promise<void>;
  showError(error: unknown): void;
  clearMessages(): void;
  /** Clears a finished Refresh all's summary. */
  dismissRun(): void;
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

/** Links a placement recorded before ids existed to its cells again. */
export async function relink(host: CardActionsHost, entry: WorkbookPlacement): Promise<void> {
  host.set({ error: null });
  host.dismissRun();
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
