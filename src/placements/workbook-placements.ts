import type { Report, ReportPlacement } from '../contract';
import { parseSheetAddress, type Rect } from '../core/a1';
import type { CellOptions } from '../core/cell-options';
import { sharedNames } from '../core/placement-names';
import { reportTitle } from '../core/report-definition';
import { reportOwner } from '../core/report-owner';
import type { ListedPlacement, PlacementRegistry } from '../ports/placement-registry';
import type { PlacedCells, WorkbookCells, WorkbookState } from '../ports/workbook-cells';
import type { WorkbookStart } from '../ports/workbook-document';

/** Where a placement's cells are now. */
export interface PlacementLocation {
  /** This session's id of the sheet (Excel gives sheets new ids in every session): for the record, never to find cells. */
  sheetId: string;
  sheetName: string;
  sheetIndex: number;
  rect: Rect;
  /** Its result is an Excel table (the placement's table note in the workbook, see excel/tables.ts). */
  table?: boolean;
  /** Its cells' language and title lines as kept in the workbook (core/cell-options.ts); null: none kept yet. */
  cellOptions?: CellOptions | null;
}

/** A placement in this workbook, of any deployment, as the registry lists it, with where its cells are now. */
export interface WorkbookPlacement extends ListedPlacement {
  /**
   * Where its cells are now, by the workbook's hidden name (or, for a placement recorded before ids existed, by
   * its recorded range while that sheet exists); null when they are gone (detached).
   */
  location: PlacementLocation | null;
  /** Recorded before placements had ids: it has no name in the workbook and must be linked again to refresh. */
  legacy: boolean;
  /** Why it is never written, whatever is asked (refresh, Refresh all, Place again); absent: nothing stands in the way. */
  refused?: PlacementRefusal;
}

/**
 * A placement whose id names the same cells as another record's (core/placement-names.ts): a workbook edited outside
 * Report Sync, or a hostile one. Neither is written, since each would take the other's cells for its own; the user
 * disconnects one.
 */
export interface PlacementRefusal {
  kind: 'shared-id';
  /**
   * The other records naming its cells, the first `NAMED_OTHERS` of them: their report's title (null: one the user
   * may not read) and recorded range.
   */
  others: { title: string | null; resultLocation: string }[];
  /** Which of the records sharing the name this one is (from 1, in the registry's order): its key tells them apart. */
  copy: number;
}

export type { ListedPlacement } from '../ports/placement-registry';

/** The other records a refusal keeps: enough to name three and say there are more (a hostile file may hold hundreds). */
export const NAMED_OTHERS = 4;

/**
 * This workbook's placements in every deployment, located. Given `start`, the one read the pane takes before asking
 * (its id, its sheets and the add-in's names: `WorkbookStart`), the registry's answer is located from it, so the
 * cards need no read after the answer; else the workbook's state is read for its id, and the listed placements are
 * found by their names once the registry has answered.
 */
export async function listWorkbookPlacements(
  { workbook, registry }: { workbook: Pick<WorkbookCells, 'prepare' | 'findPlacements'>; registry: Pick<PlacementRegistry, 'list'> },
  signal?: AbortSignal,
  start?: Promise<WorkbookStart>,
): Promise<WorkbookPlacement[]> {
  const read = start ? await start : null;
  const state = read ? { workbookId: read.workbookId, sheets: read.sheets.map((s) => ({ sheetId: s.sheetId, sheetName: s.name })) } : await workbook.prepare();
  if (!state.workbookId) return [];
  const listed = await registry.list(state.workbookId, signal);
  const ids = listed.flatMap((l) => (l.placement.id ? [l.placement.id] : []));
  return locatePlacements(listed, { sheets: state.sheets, placements: read?.placementsOf?.(ids) ?? await workbook.findPlacements(ids) });
}

/**
 * The listed placements with where their cells are now, in sheet order and then top to bottom; those whose ids name
 * the same cells as another's refused (`refused`), whichever registry listed them.
 */
export function locatePlacements(listed: readonly ListedPlacement[], state: Pick<WorkbookState, 'placements' | 'sheets'>): WorkbookPlacement[] {
  const shared = sharedNames(listed, (l) => l.placement.id);
  return sortByPlace(listed.map((l): WorkbookPlacement => {
    const entry: WorkbookPlacement = { ...l, location: locate(l.placement, state), legacy: !l.placement.id };
    const group = shared.get(l);
    if (!group) return entry;
    const others = group.filter((o) => o !== l).slice(0, NAMED_OTHERS)
      .map((o) => ({ title: o.report ? reportTitle(o.report) : null, resultLocation: o.placement.resultLocation }));
    return { ...entry, refused: { kind: 'shared-id', copy: group.indexOf(l) + 1, others } };
  }));
}

/** Cells by hidden name; a placement without an id by its recorded range, on a sheet of that name. */
function locate(placement: ReportPlacement, state: Pick<WorkbookState, 'placements' | 'sheets'>): PlacementLocation | null {
  if (placement.id) {
    const named: PlacedCells | undefined = state.placements.find((p) => p.placementId === placement.id);
    if (!named) return null;
    return {
      sheetId: named.sheetId, sheetName: named.sheetName, sheetIndex: tabIndex(state, named.sheetName), rect: named.rect, table: Boolean(named.table),
      cellOptions: named.cellOptions ?? null,
    };
  }
  try {
    const { sheetName, rect } = parseSheetAddress(placement.resultLocation);
    const wanted = (sheetName ?? placement.sheetName ?? '').toLowerCase();
    const sheet = state.sheets.find((s) => s.sheetName.toLowerCase() === wanted);
    return sheet ? { ...sheet, sheetIndex: tabIndex(state, sheet.sheetName), rect } : null;
  } catch {
    return null;
  }
}

const tabIndex = (state: Pick<WorkbookState, 'sheets'>, sheetName: string) => state.sheets.findIndex((s) => s.sheetName === sheetName);

/** In sheet tab order, then top to bottom and left to right; placements without cells last. */
export function sortByPlace(entries: WorkbookPlacement[]): WorkbookPlacement[] {
  const key = (e: WorkbookPlacement) => (e.location ? [e.location.sheetIndex, e.location.rect.top, e.location.rect.left] : [Infinity, 0, 0]);
  return entries.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
}

/**
 * A key for a placement in lists and maps: its id, or, recorded before ids existed, its report and range; a record
 * whose id another shares (`refused`), its id and which copy it is, so each has a card of its own.
 */
export function placementKey(entry: {
  placement: Pick<ReportPlacement, 'id' | 'resultLocation'>; deploymentId: number; reportId: number; refused?: Pick<PlacementRefusal, 'copy'>;
}): string {
  if (entry.placement.id && entry.refused) return `shared:${entry.refused.copy}:${entry.placement.id}`;
  return entry.placement.id ?? `legacy:${entry.deploymentId}:${entry.reportId}:${entry.placement.resultLocation}`;
}

/** The placement (with an id) the platform recorded for this workbook at a sheet and anchor. */
export function placementAt(report: Report, workbookId: string, sheetName: string, anchorCell: string): ReportPlacement | undefined {
  return report.externalWorkbookPlacements?.find((p) => p.id && p.workbookId === workbookId && p.sheetName === sheetName && p.anchorCell === anchorCell);
}

/** A workbook placement for a report and placement the platform just returned (to refresh it at once, or to put an exploration's changes back). */
export function entryOf(report: Report, placement: ReportPlacement): WorkbookPlacement {
  return {
    placement, report, deploymentId: report.deploymentId, reportId: report.id, access: 'GRANTED',
    owner: reportOwner(report), location: null, legacy: false,
  };
}
