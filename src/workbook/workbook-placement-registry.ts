import type { ConnectReportToWorkbookInput, DisconnectReportFromWorkbookInput, RefreshReportInput, Report } from '../contract';
import { reportOwner } from '../core/report-owner';
import type { ListedPlacement, PlacementRegistry, PlacementStatus, ReportRef } from '../ports/placement-registry';
import { connectInto, disconnectFrom, refreshIn } from './placement-records';
import { WorkbookReports, type WorkbookContents, type WorkbookReportsOptions } from './report-parts';
import { currentChecksum, reportOf } from './report-view';

/**
 * The placement registry over the reports kept in this workbook: each report's part keeps the placements of its
 * result here, the platform's record (result location, sheet, anchor, result checksum, the query checksum at the
 * last write, placed and refreshed at and by). The parts are this workbook's, so every placement in them is of
 * this workbook, whatever id the caller names it by; answers carry that id (`WorkbookReportsOptions.workbookId`).
 * Sync status is computed as the platform computes it (`core/sync-status.ts`): UP_TO_DATE when the placement's
 * query checksum equals its report's current one, CHANGED when the report's query or pivot items changed since
 * (in this or another copy of the file). Every placement is readable (`access` GRANTED) and its owner is the
 * report's saver. A report's part this version cannot read lists none of its placements, but their ids (read
 * leniently) are still in `placementIds`, so no write covers their cells. Records of one report are written in its
 * turn (`report-writers.ts`): Refresh all's records of several placements of one report all land.
 */
export class WorkbookPlacementRegistry implements PlacementRegistry {
  private readonly reports: WorkbookReports;

  constructor(options: WorkbookReportsOptions | WorkbookReports) {
    this.reports = options instanceof WorkbookReports ? options : new WorkbookReports(options);
  }

  async list(workbookId: string): Promise<ListedPlacement[]> {
    this.reports.nameWorkbook(workbookId);
    const { deploymentId } = this.reports;
    const listed: ListedPlacement[] = [];
    for (const kept of (await this.reports.read()).reports) {
      const report = await reportOf(kept, deploymentId, workbookId);
      for (const placement of report.externalWorkbookPlacements ?? []) {
        listed.push({ placement, deploymentId, reportId: report.id, report, access: 'GRANTED', owner: reportOwner(report) });
      }
    }
    return listed;
  }

  async placementIds(workbookId: string | null | undefined): Promise<string[]> {
    this.reports.nameWorkbook(workbookId);
    const contents = await this.reports.read();
    return Array.from(new Set([
      ...contents.reports.flatMap((r) => r.record.placements.map((p) => p.id)),
      ...contents.unavailable.flatMap((u) => u.placementIds),
    ]));
  }

  /** In one read of the parts, whatever deployments are named (there is one). */
  async statuses(workbookId: string, _deploymentIds: readonly number[]): Promise<PlacementStatus[]> {
    return (await this.list(workbookId)).map(({ deploymentId, reportId, placement }) => ({ deploymentId, reportId, placement }));
  }

  async connect(ref: ReportRef, input: ConnectReportToWorkbookInput): Promise<Report> {
    this.reports.checkDeployment(ref.deploymentId);
    this.reports.nameWorkbook(input.externalWorkbookId);
    const written = await this.reports.update(ref.reportId, async (kept, contents) => {
      const usedElsewhere = (id: string) => placementIdsOf(contents, ref.reportId).has(id);
      return connectInto(kept.record, input, await currentChecksum(kept.record), this.reports.stamp(), usedElsewhere);
    });
    return reportOf(written, ref.deploymentId, input.externalWorkbookId);
  }

  async recordRefresh(ref: ReportRef, input: RefreshReportInput): Promise<Report> {
    this.reports.checkDeployment(ref.deploymentId);
    this.reports.nameWorkbook(input.externalWorkbookId);
    const written = await this.reports.update(ref.reportId, async (kept) =>
      refreshIn(kept.record, ref.reportId, input, await currentChecksum(kept.record), this.reports.stamp()));
    return reportOf(written, ref.deploymentId, this.reports.workbookId());
  }

  async disconnect(ref: ReportRef, target: DisconnectReportFromWorkbookInput): Promise<void> {
    this.reports.checkDeployment(ref.deploymentId);
    await this.reports.update(ref.reportId, async (kept) => disconnectFrom(kept.record, target));
  }
}

/** The placement ids of every other report's part, readable or not. */
function placementIdsOf(contents: WorkbookContents, exceptReportId: number): Set<string> {
  return new Set([
    ...contents.reports.filter((r) => r.reportId !== exceptReportId).flatMap((r) => r.record.placements.map((p) => p.id)),
    ...contents.unavailable.flatMap((u) => u.placementIds),
  ]);
}
