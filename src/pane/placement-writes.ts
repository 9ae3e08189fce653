import type { CellOptions } from '../core/cell-options';
import { reportTitle } from '../core/report-definition';
import type { Report } from '../contract';
import { isDamaged } from '../monitoring/live-edit-results';
import type { PlacementService, RunRefreshOptions, SharedRun, WorkbookPlacement } from '../placements/placement-service';
import { placementKey } from '../placements/workbook-placements';
import type { Operation } from './pane-state';
import type { Write, WriteAttempts } from './write-attempts';

/**
 * The pane's writes of a report's result: placing, refreshing (one, or a report's placements), placing again and a
 * card's cell options. Each goes through the write attempts (ask, then retry) and so through the one pipeline. The
 * pane store (`WorkspaceStore`) offers them as its intents.
 */
export interface PlacementWritesHost {
  attempts: WriteAttempts;
  placements: PlacementService;
  /** "Place as an Excel table", as the switch is now. */
  asTable(): boolean;
  /** A new placement made the workbook the user's (consent). */
  placed(): Promise<void>;
  disconnect(entry: WorkbookPlacement): Promise<void>;
}

/**
 * The workbook's placement ids for the overlap check are the pane's listing's, when it has them (`listedIds`, asked
 * at each try): read with the workbook, not asked of the registry and looked up after. Its card shows once recorded.
 */
export async function place(host: PlacementWritesHost, report: Report): Promise<boolean> {
  const asTable = host.asTable();
  const write: Write = (o) => host.placements.place(report, { ...o, asTable, placementIds: host.attempts.listedIds() });
  const placed = await host.attempts.run({ operation: { kind: 'placing', title: reportTitle(report) }, write, permissions: {} });
  if (placed) await host.placed();
  return placed;
}

/**
 * `run`: part of a run over many placements, sharing its reads and queries (a report's placements). The workbook's
 * placement ids for the overlap check are the pane's listing's, when it has them (`refreshOf`).
 */
export function refresh(host: PlacementWritesHost, entry: WorkbookPlacement, run?: SharedRun): Promise<boolean> {
  const write = refreshOf(host, entry, run ? { run } : {});
  return host.attempts.run({ operation: operationOf('refreshing', entry), write, permissions: {}, key: placementKey(entry) });
}

/**
 * One at a time: a question or a failure stops the rest, so nothing is written behind the user's back. The report is
 * read and its query sent once for all of them.
 */
export async function refreshReport(host: PlacementWritesHost, entries: readonly WorkbookPlacement[]): Promise<void> {
  const run = host.placements.sharedRun();
  for (const entry of entries) if (!(await refresh(host, entry, run))) return;
}

/**
 * "Place again here": a damaged placement (rows or columns inside it deleted) is written whole again where it is,
 * its hand edits and anything foreign where it grows back asked about first; any other is placed anew at the
 * selection and the old one disconnected (its cells kept).
 */
export async function placeAgain(host: PlacementWritesHost, entry: WorkbookPlacement): Promise<void> {
  const report = entry.report;
  if (!report) return;
  const { placements, attempts } = host;
  if (isDamaged(entry)) {
    await attempts.run({ operation: operationOf('placing', entry), write: refreshOf(host, entry), permissions: {}, key: placementKey(entry) });
    return;
  }
  // Placed anew, it keeps its cells' language and title lines.
  const cellOptions = entry.location?.cellOptions ?? undefined;
  const write: Write = (o) => placements.place(report, { ...o, cellOptions, placementIds: attempts.listedIds() });
  if (await attempts.run({ operation: operationOf('placing', entry), write, permissions: {} })) await host.disconnect(entry);
}

/**
 * A placement card's choice of its cells' language or title lines: the placement refreshed with them (asking like
 * any refresh), then kept with it in the workbook.
 */
export function setCellOptions(host: PlacementWritesHost, entry: WorkbookPlacement, cellOptions: CellOptions): Promise<boolean> {
  return host.attempts.run({ operation: operationOf('refreshing', entry), write: refreshOf(host, entry, { cellOptions }), permissions: {}, key: placementKey(entry) });
}

/**
 * A listed placement's refresh as the attempts run it (`extra`: its run, or a card's cell options): the workbook's
 * placement ids as listed at each try, so the registry is not asked for them before the cells are read.
 */
function refreshOf(host: PlacementWritesHost, entry: WorkbookPlacement, extra: RunRefreshOptions = {}): Write {
  return (o) => host.placements.refresh(entry, { ...o, ...extra, placementIds: host.attempts.listedIds() });
}

function operationOf(kind: Operation['kind'], entry: WorkbookPlacement): Operation {
  return { kind, title: entry.report ? reportTitle(entry.report) : null };
}
