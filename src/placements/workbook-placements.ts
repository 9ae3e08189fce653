import { ApiError, type PlatformClient } from '../client';
import type { Deployment, PlacementAccess, Report, ReportPlacement } from '../contract';
import { parseSheetAddress, type Rect } from '../core/a1';
import type { PlacedCells, WorkbookState } from '../excel/excel-connector';

/** Where a placement's cells are now. */
export interface PlacementLocation {
  /** This session's id of the sheet (Excel gives sheets new ids in every session): for the record, never to find cells. */
  sheetId: string;
  sheetName: string;
  sheetIndex: number;
  rect: Rect;
  /** Its result is an Excel table (the placement's table note in the workbook, see excel/tables.ts). */
  table?: boolean;
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

/** A placement as the platform lists it for this workbook, with what the user may know about its report. */
export type ListedPlacement = Omit<WorkbookPlacement, 'location' | 'legacy'>;

interface Listed {
  placement: ReportPlacement;
  deploymentId: number;
  reportId: number;
  access: PlacementAccess;
  owner: { name: string | null; email: string | null };
}

/**
 * The placements recorded for a workbook, as the platform lists them: `GET /external-documents/{id}/placements`
 * (v0.13.0), or `null` from a platform without that endpoint (404).
 */
async function externalDocumentListing(platform: PlatformClient, workbookId: string, signal?: AbortSignal): Promise<Listed[] | null> {
  try {
    return (await platform.externalDocumentPlacements(workbookId, signal)).map((entry) => ({
      placement: entry,
      deploymentId: entry.deploymentId,
      reportId: entry.reportId ?? -1,
      access: entry.access,
      owner: { name: entry.ownerName ?? null, email: entry.ownerEmail ?? null },
    }));
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
    return null;
  }
}

async function reportsPlacedIn(platform: PlatformClient, deploymentIds: Iterable<number>, workbookId: string, signal?: AbortSignal): Promise<Map<number, Report>> {
  const reports = new Map<number, Report>();
  for (const deploymentId of deploymentIds) {
    for await (const report of platform.iterateReports(deploymentId, { externalWorkbookId: workbookId, first: 100 }, signal)) {
      reports.set(report.id, report);
    }
  }
  return reports;
}

function listedFrom(reports: Map<number, Report>): Listed[] {
  return Array.from(reports.values()).flatMap((report) =>
    (report.externalWorkbookPlacements ?? []).map((placement): Listed => ({
      placement, deploymentId: report.deploymentId, reportId: report.id, access: 'GRANTED', owner: reportOwner(report),
    })));
}

/**
 * Every placement recorded for this workbook, across the tenant: `GET /external-documents/{id}/placements`
 * (v0.13.0) names them all, including those the user may not read, and the readable reports come from one
 * filtered report list per deployment. A platform without that endpoint (404) is asked deployment by
 * deployment instead, which shows only readable reports (contract.md: degrade gracefully).
 */
export async function listPlacementRecords(
  platform: PlatformClient,
  deployments: readonly Deployment[],
  workbookId: string,
  signal?: AbortSignal,
): Promise<ListedPlacement[]> {
  let listed = await externalDocumentListing(platform, workbookId, signal);
  const readableIn = listed
    ? new Set(listed.filter((l) => l.access === 'GRANTED').map((l) => l.deploymentId))
    : deployments.map((d) => d.id);
  const reports = await reportsPlacedIn(platform, readableIn, workbookId, signal);
  listed ??= listedFrom(reports);
  return listed
    .filter((l) => l.placement.workbookId === workbookId)
    .map((l) => {
      const report = l.access === 'GRANTED' ? reports.get(l.reportId) ?? null : null;
      // The report's own copy of the placement carries its checksums even when the tenant-wide list withholds them.
      const placement = report?.externalWorkbookPlacements?.find((p) => p.id && p.id === l.placement.id) ?? l.placement;
      return { ...l, placement, report };
    });
}

/**
 * The ids of the placements recorded for this workbook: whose cells the add-in looks up (by their names) to
 * refuse covering another placement. One request where the platform lists a workbook's placements.
 */
export async function placementIdsIn(
  platform: PlatformClient,
  deployments: readonly Deployment[],
  workbookId: string | null | undefined,
  signal?: AbortSignal,
): Promise<string[]> {
  if (!workbookId) return [];
  const listed = (await externalDocumentListing(platform, workbookId, signal))
    ?? listedFrom(await reportsPlacedIn(platform, deployments.map((d) => d.id), workbookId, signal));
  const ids = new Set<string>();
  for (const l of listed) if (l.placement.id && l.placement.workbookId === workbookId) ids.add(l.placement.id);
  return Array.from(ids);
}

/** The listed placements with where their cells are now, in sheet order and then top to bottom. */
export function locatePlacements(listed: readonly ListedPlacement[], state: Pick<WorkbookState, 'placements' | 'sheets'>): WorkbookPlacement[] {
  return sortByPlace(listed.map((l): WorkbookPlacement => ({ ...l, location: locate(l.placement, state), legacy: !l.placement.id })));
}

/** Cells by hidden name; a placement without an id by its recorded range, on a sheet of that name. */
function locate(placement: ReportPlacement, state: Pick<WorkbookState, 'placements' | 'sheets'>): PlacementLocation | null {
  if (placement.id) {
    const named: PlacedCells | undefined = state.placements.find((p) => p.placementId === placement.id);
    if (!named) return null;
    return { sheetId: named.sheetId, sheetName: named.sheetName, sheetIndex: tabIndex(state, named.sheetName), rect: named.rect, table: Boolean(named.table) };
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

/** Whom to ask about a report: its owner. */
export const reportOwner = (report: Report) => ({ name: report.user.firstName ?? null, email: report.user.email });

const tabIndex = (state: Pick<WorkbookState, 'sheets'>, sheetName: string) => state.sheets.findIndex((s) => s.sheetName === sheetName);

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
