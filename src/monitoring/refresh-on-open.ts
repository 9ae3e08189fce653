import type { WorkbookDocument, WorkbookStart } from '../ports/workbook-document';
import type { WorkbookPlacement } from '../placements/placement-service';

/**
 * "Refresh when this workbook opens": the workbook's own choice (a custom document property, excel/workbook-state.ts)
 * and, where the host has SharedRuntime 1.1, Office asked to load the add-in with the document (excel/startup.ts).
 * With it on, the pane runs the tracked Refresh all once when it opens; with it off, it says what is stale.
 */
export interface RefreshOnOpenChoice {
  on: boolean;
  /** Whether this host can load the add-in when the document opens; where not, the choice cannot be made. */
  supported: boolean;
}

type StartupConnector = Pick<WorkbookDocument, 'readStart' | 'writeRefreshOnOpen' | 'supportsStartupBehavior'>;

/** The choice as the workbook's start read says it (`read`, else read now), and whether this host can make it. */
export async function readRefreshOnOpen(excel: StartupConnector, read: Promise<WorkbookStart> = excel.readStart()): Promise<RefreshOnOpenChoice> {
  return { on: (await read).refreshOnOpen, supported: excel.supportsStartupBehavior() };
}

/** Saves the choice in the workbook and asks Office for the matching startup behaviour. */
export async function saveRefreshOnOpen(excel: StartupConnector, on: boolean): Promise<RefreshOnOpenChoice> {
  const asked = await excel.writeRefreshOnOpen(on);
  return { on, supported: asked };
}

/**
 * Whether Refresh all takes a placement: readable, with an id, and its cells still there. One whose id another record
 * shares (`refused`) is taken too, and never written: the run counts it failed, with why (refresh-all.ts).
 */
export const isRefreshable = (entry: WorkbookPlacement) => entry.access === 'GRANTED' && !entry.legacy && entry.location !== null;

/**
 * How many placements Refresh all could refresh are out of date: the platform says their report changed since. A
 * refused one is not counted: no refresh would bring it up to date.
 */
export function outOfDateCount(placements: readonly WorkbookPlacement[]): number {
  return placements.filter((entry) => isRefreshable(entry) && !entry.refused && entry.placement.syncStatus === 'CHANGED').length;
}
