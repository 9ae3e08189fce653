import { ApiError, type PlatformClient } from '../client';
import type { ConnectReportToWorkbookInput, Deployment, DisconnectReportFromWorkbookInput, RefreshReportInput, Report } from '../contract';
import { reportOwner } from '../core/report-owner';
import { Slots } from '../core/slots';
import type { ListedPlacement, PlacementRegistry, PlacementStatus, ReportRef } from '../ports/placement-registry';

/**
 * The placement registry over the Platform API. A workbook's placements come from
 * `GET /external-documents/{id}/placements` (v0.13.0), which names them all, including those the user may not read,
 * with the readable reports from one filtered report list per deployment; a platform without that endpoint (404)
 * is asked deployment by deployment instead, which shows only readable reports (contract.md: degrade gracefully).
 */
/**
 * Placement records in flight at once. Refresh all records a wave's placements together, as soon as their cells are
 * written, and the local platform applies those that arrive together in one transaction (its refresh-batch.ts):
 * sent six at a time, 40 records took seven turns of a request and a transaction each, 100 ms after the write on
 * this machine (bench/round-trip.ts). Over HTTP/2 a browser sends them all on one connection, and 64 stays under the
 * 100 concurrent streams a server should allow (RFC 9113 §6.5.2); over HTTP/1.1 the browser itself holds all but
 * six per host. A run's records beyond 64 wait for a slot, so a Monday-morning burst of panes stays bounded
 * (bench/platform-load.ts).
 */
export const RECORDS_IN_FLIGHT = 64;

export class PlatformPlacementRegistry implements PlacementRegistry {
  private readonly records = new Slots(RECORDS_IN_FLIGHT);

  constructor(private readonly platform: PlatformClient, private readonly deployments: () => readonly Deployment[]) {}

  async list(workbookId: string, signal?: AbortSignal): Promise<ListedPlacement[]> {
    // The reports placed here are asked for in each of the user's deployments beside the listing rather than after it
    // (one round trip, not two). Only those of deployments the listing names readable are kept, so another's failure
    // fails nothing; one it names beyond the user's list (past its first page) is asked for after it.
    const known = this.deployments().map((d) => d.id);
    const [found, asked] = await Promise.all([
      this.externalDocumentListing(workbookId, signal),
      Promise.all(known.map((deploymentId) => settled(this.reportsIn(deploymentId, workbookId, signal)))),
    ]);
    const readableIn = found ? [...new Set(found.filter((l) => l.access === 'GRANTED').map((l) => l.deploymentId))] : known;
    const beyond = readableIn.filter((id) => !known.includes(id));
    const more = await Promise.all(beyond.map((deploymentId) => settled(this.reportsIn(deploymentId, workbookId, signal))));
    const reports = new Map<number, Report>();
    for (const deploymentId of readableIn) {
      const each = known.includes(deploymentId) ? asked[known.indexOf(deploymentId)]! : more[beyond.indexOf(deploymentId)]!;
      if (each.status === 'rejected') throw each.reason;
      for (const report of each.value) reports.set(report.id, report);
    }
    const listed = found ?? listedFrom(reports);
    return listed
      .filter((l) => l.placement.workbookId === workbookId)
      .map((l) => {
        const report = l.access === 'GRANTED' ? reports.get(l.reportId) ?? null : null;
        // The report's own copy of the placement carries its checksums even when the tenant-wide list withholds them.
        const placement = report?.externalWorkbookPlacements?.find((p) => p.id && p.id === l.placement.id) ?? l.placement;
        return { ...l, placement, report };
      });
  }

  /** One request where the platform lists a workbook's placements. */
  async placementIds(workbookId: string | null | undefined, signal?: AbortSignal): Promise<string[]> {
    if (!workbookId) return [];
    const listed = (await this.externalDocumentListing(workbookId, signal))
      ?? listedFrom(await this.reportsPlacedIn(this.deployments().map((d) => d.id), workbookId, signal));
    const ids = new Set<string>();
    for (const l of listed) if (l.placement.id && l.placement.workbookId === workbookId) ids.add(l.placement.id);
    return Array.from(ids);
  }

  /** In one request where the platform lists a workbook's placements; else one filtered list per deployment named. Never one per placement. */
  async statuses(workbookId: string, deploymentIds: readonly number[], signal?: AbortSignal): Promise<PlacementStatus[]> {
    try {
      const listed = await this.platform.externalDocumentPlacements(workbookId, signal);
      return listed.filter((p) => p.workbookId === workbookId).map((p) => ({ deploymentId: p.deploymentId, reportId: p.reportId ?? -1, placement: p }));
    } catch (error) {
      if (!(error instanceof ApiError && error.status === 404)) throw error;
    }
    const statuses: PlacementStatus[] = [];
    for (const deploymentId of new Set(deploymentIds)) {
      for await (const report of this.platform.iterateReports(deploymentId, { externalWorkbookId: workbookId, first: 100 }, signal)) {
        for (const p of report.externalWorkbookPlacements ?? []) {
          if (p.workbookId === workbookId) statuses.push({ deploymentId: report.deploymentId, reportId: report.id, placement: p });
        }
      }
    }
    return statuses;
  }

  connect(report: ReportRef, input: ConnectReportToWorkbookInput, signal?: AbortSignal): Promise<Report> {
    return this.records.run(() => this.platform.connectWorkbook(report.deploymentId, report.reportId, input, signal), signal);
  }

  recordRefresh(report: ReportRef, input: RefreshReportInput, signal?: AbortSignal): Promise<Report> {
    return this.records.run(() => this.platform.recordRefresh(report.deploymentId, report.reportId, input, signal), signal);
  }

  async disconnect(report: ReportRef, target: DisconnectReportFromWorkbookInput, signal?: AbortSignal): Promise<void> {
    await this.records.run(() => this.platform.disconnectWorkbook(report.deploymentId, report.reportId, target, signal), signal);
  }

  /** The tenant-wide listing, or `null` from a platform without that endpoint (404). */
  private async externalDocumentListing(workbookId: string, signal?: AbortSignal): Promise<Omit<ListedPlacement, 'report'>[] | null> {
    try {
      return (await this.platform.externalDocumentPlacements(workbookId, signal)).map((entry) => ({
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

  /** Each deployment's reports placed in the workbook, the deployments asked at once. */
  private async reportsPlacedIn(deploymentIds: Iterable<number>, workbookId: string, signal?: AbortSignal): Promise<Map<number, Report>> {
    const each = await Promise.all([...deploymentIds].map((deploymentId) => this.reportsIn(deploymentId, workbookId, signal)));
    return new Map(each.flat().map((report) => [report.id, report]));
  }

  private async reportsIn(deploymentId: number, workbookId: string, signal?: AbortSignal): Promise<Report[]> {
    const found: Report[] = [];
    for await (const report of this.platform.iterateReports(deploymentId, { externalWorkbookId: workbookId, first: 100 }, signal)) found.push(report);
    return found;
  }
}

function listedFrom(reports: Map<number, Report>): Omit<ListedPlacement, 'report'>[] {
  return Array.from(reports.values()).flatMap((report) =>
    (report.externalWorkbookPlacements ?? []).map((placement) => ({
      placement, deploymentId: report.deploymentId, reportId: report.id, access: 'GRANTED' as const, owner: reportOwner(report),
    })));
}

/** A promise's outcome, so one asked ahead and then not needed fails nothing. */
function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then((value) => ({ status: 'fulfilled', value }), (reason: unknown) => ({ status: 'rejected', reason }));
}
