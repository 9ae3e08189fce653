import { ApiError, type PlatformClient } from '../client';
import type { Deployment, PlacementAccess, Report, ReportPlacement } from '../contract';
import { parseSheetAddress, type Rect } from '../core/a1';
import { placementName, type WorkbookState } from '../excel/excel-connector';

/** Where a placement's cells are now. */
export interface PlacementLocation {
  sheetId: string;
  sheetName: string;
  sheetIndex: number;
  rect: Rect;
}

/** A placement in this workbook, of any deployment, with what the user may know about its report. */
export interface WorkbookPlacement {
  placement: ReportPlacement;
  deploymentId: number;
  reportId: number;
  /** The report as listed, when the user may read it; null for a placement of a report they cannot read. */
  report: Report | null;
  access: PlacementAccess;
  /** Who owns the report: whom to ask for access. */
  owner: { name: string | null; email: string | null };
  /**
   * Where its cells are now, by the workbook's hidden name (or, for a placement recorded before ids existed, by
   * its recorded range while that sheet exists); null when they are gone (detached).
   */
  location: PlacementLocation | null;
  /** Recorded before placements had ids: it has no name in the workbook and must be linked again to refresh. */
  legacy: boolean;
}

interface Listed {
  placement: ReportPlacement;
  deploymentId: number;
  reportId: number;
  access: PlacementAccess;
  owner: { name: string | null; email: string | null };
}

/**
 * Every placement recorded for this workbook, across the tenant: `GET /external-documents/{id}/placements`
 * (v0.13.0) names them all, including those the user may not read, and the readable reports come from one
 * filtered report list per deployment. A platform without that endpoint (404) is asked deployment by
 * deployment instead, which shows only readable reports (contract.md: degrade gracefully).
 */
export async function listWorkbookPlacements(
  platform: PlatformClient,
  deployments: readonly Deployment[],
  state: WorkbookState,
  signal?: AbortSignal,
): Promise<WorkbookPlacement[]> {
  const workbookId = state.workbookId;
  if (!workbookId) return [];
  let listed: Listed[] | null = null;
  try {
    listed = (await platform.externalDocumentPlacements(workbookId, signal)).map((entry) => ({
      placement: entry,
      deploymentId: entry.deploymentId,
      reportId: entry.reportId ?? -1,
      access: entry.access,
      owner: { name: entry.ownerName ?? null, email: entry.ownerEmail ?? null },
    }));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  const readableIn = listed
    ? [...new Set(listed.filter((l) => l.access === 'GRANTED').map((l) => l.deploymentId))]
    : deployments.map((d) => d.id);
  const reports = new Map<number, Report>();
  for (const deploymentId of readableIn) {
    for await (const report of platform.iterateReports(deploymentId, { externalWorkbookId: workbookId, first: 100 }, signal)) {
      reports.set(report.id, report);
    }
  }
  listed ??= [...reports.values()].flatMap((report) =>
    (report.externalWorkbookPlacements ?? []).map((placement): Listed => ({
      placement, deploymentId: report.deploymentId, reportId: report.id, access: 'GRANTED', owner: reportOwner(report),
    })));

  const found = listed
    .filter((l) => l.placement.workbookId === workbookId)
    .map((l): WorkbookPlacement => {
      const report = l.access === 'GRANTED' ? reports.get(l.reportId) ?? null : null;
      // The report's own copy of the placement carries its checksums even when the tenant-wide list withholds them.
      const placement = report?.externalWorkbookPlacements?.find((p) => p.id && p.id === l.placement.id) ?? l.placement;
      return { ...l, placement, report, location: locate(placement, state), legacy: !placement.id };
    });
  return sortByPlace(found);
}

/** Cells by hidden name; a placement without an id by its recorded range, on a sheet of that name. */
function locate(placement: ReportPlacement, state: WorkbookState): PlacementLocation | null {
  if (placement.id) {
    const named = state.placements.find((p) => p.name === placementName(placement.id!));
    if (!named?.sheetId) return null;
    return { sheetId: named.sheetId, sheetName: named.sheetName, sheetIndex: tabIndex(state, named.sheetName), rect: named.rect };
  }
  try {
    const { sheetName, rect } = parseSheetAddress(placement.resultLocation);
    const sheet = state.sheets.find((s) => s.sheetName === (sheetName ?? placement.sheetName));
    return sheet ? { ...sheet, sheetIndex: tabIndex(state, sheet.sheetName), rect } : null;
  } catch {
    return null;
  }
}

/** Whom to ask about a report: its owner. */
export const reportOwner = (report: Report) => ({ name: report.user.firstName ?? null, email: report.user.email });

const tabIndex = (state: WorkbookState, sheetName: string) => state.sheets.findIndex((s) => s.sheetName === sheetName);

/** In sheet tab order, then top to bottom and left to right; placements without cells last. */
function sortByPlace(entries: WorkbookPlacement[]): WorkbookPlacement[] {
  const key = (e: WorkbookPlacement) => (e.location ? [e.location.sheetIndex, e.location.rect.top, e.location.rect.left] : [Infinity, 0, 0]);
  return entries.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    return x[0]! - y[0]! || x[1]! - y[1]! || x[2]! - y[2]!;
  });
}

/** A key for a placement in lists and maps: its id, or, recorded before ids existed, its report and range. */
export function placementKey(entry: Pick<WorkbookPlacement, 'placement' | 'deploymentId' | 'reportId'>): string {
  return entry.placement.id ?? `legacy:${entry.deploymentId}:${entry.reportId}:${entry.placement.resultLocation}`;
}
