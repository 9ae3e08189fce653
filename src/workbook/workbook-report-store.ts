import { PUBLIC_ID_PATTERN, type CreateReportInput, type Folder, type Report, type ReportListParams, type UpdateReportInput } from '../contract';
import type { WorkbookReportRecord } from '../contract/workbook-report';
import { reportTitle } from '../core/report-definition';
import { ReportChangedElsewhereError } from '../ports/errors';
import type { ReportsPage, ReportStore } from '../ports/report-store';
import { FoldersUnavailableError, WorkbookReportRequestError } from './errors';
import { pageOf } from './listing';
import { connectInto } from './placement-records';
import { newPublicId, WorkbookReports, type UnavailableReport, type WorkbookReportsOptions } from './report-parts';
import { currentChecksum, recordPivot, reportOf } from './report-view';

/**
 * The report store over the reports kept in this workbook (issue 26, no Platform API): one custom XML part per
 * report (`report-parts.ts`). Anyone who opens the file with the add-in sees them and may change them. Decisions:
 * - `id`: the part's record id, a decimal integer; never given twice in the workbook (`report-parts.ts`).
 * - `deploymentId`: the one Cube connection acts as one deployment, given at construction; another id is
 *   `OtherDeploymentError`.
 * - `version`: 1 when created, raised by one on every update; `updateReport` reads the part again first, and a
 *   newer version there than `opened.version` (a save in this or another copy of the file) is
 *   `ReportChangedElsewhereError`. Placements do not raise it (`placement-records.ts`).
 * - `publicId`: 12 random letters and digits, or the one given if no report here has it.
 * - `user`: the saver (`report-view.ts`); `canEdit` and `canManage` are true.
 * - No folders: `allFolders` and `folderAncestors` answer none; filing a report in a folder is
 *   `FoldersUnavailableError`, and listing one folder's reports finds none.
 * - A part this version cannot read (malformed, of a newer version that refuses older readers, or an id it
 *   cannot address) is not a report here: `unavailableReports` lists it in words, and nothing rewrites or deletes it.
 * - The platform's `sqlQuery`, `source`, `meta`, `host`, `sheetId` and `workbookName` are not kept. A report created
 *   without a query keeps `{}` (a part's query is a JSON object).
 */
export class WorkbookReportStore implements ReportStore {
  private readonly reports: WorkbookReports;

  constructor(options: WorkbookReportsOptions | WorkbookReports) {
    this.reports = options instanceof WorkbookReports ? options : new WorkbookReports(options);
  }

  async listReports(deploymentId: number, params: ReportListParams = {}): Promise<ReportsPage> {
    this.reports.checkDeployment(deploymentId);
    const { reports } = await this.reports.read();
    const workbookId = this.reports.workbookId();
    return pageOf(await Promise.all(reports.map((kept) => reportOf(kept, deploymentId, workbookId))), params);
  }

  /** The parts of this workbook's reports that this version cannot read, in words (Browse shows them as unavailable). */
  async unavailableReports(): Promise<UnavailableReport[]> {
    return (await this.reports.read()).unavailable;
  }

  async getReport(deploymentId: number, reportId: number): Promise<Report> {
    this.reports.checkDeployment(deploymentId);
    const { kept } = await this.reports.find(reportId);
    return reportOf(kept, deploymentId, this.reports.workbookId());
  }

  /** One add at a time (`WorkbookReports.adding`), so two reports created at once never share a public or report id. */
  async createReport(deploymentId: number, input: CreateReportInput): Promise<Report> {
    this.reports.checkDeployment(deploymentId);
    if (input.folderId !== null && input.folderId !== undefined) throw new FoldersUnavailableError();
    if (input.publicId && !PUBLIC_ID_PATTERN.test(input.publicId)) throw new WorkbookReportRequestError(`'publicId' must be 12 letters or digits`);
    const kept = await this.reports.adding(async (contents) => {
      const taken = new Set(contents.reports.map((r) => r.record.report.publicId));
      if (input.publicId && taken.has(input.publicId)) throw new WorkbookReportRequestError(`The publicId ${input.publicId} is already used by another report`);
      let publicId = input.publicId ?? newPublicId();
      while (taken.has(publicId)) publicId = newPublicId();
      const stamp = this.reports.stamp();
      const pivotItems = recordPivot(input.pivotItems, undefined);
      const record: WorkbookReportRecord = {
        report: {
          id: '0', publicId, version: 1, name: input.name || input.title || 'Untitled report',
          ...(input.title ? { title: input.title } : {}), jsonQuery: input.jsonQuery ?? '{}',
          ...(pivotItems ? { pivotItems } : {}), created: stamp, updated: stamp,
        },
        placements: [],
      };
      if (!input.externalWorkbookId || !input.resultLocation) return record;
      // As the platform: a report created with where it was placed is created with that placement.
      this.reports.nameWorkbook(input.externalWorkbookId);
      const placedIds = new Set(contents.reports.flatMap((r) => r.record.placements.map((p) => p.id)));
      return connectInto(record, {
        externalWorkbookId: input.externalWorkbookId, resultLocation: input.resultLocation, endResultCell: input.endResultCell,
        resultChecksum: input.resultChecksum,
      }, await currentChecksum(record), stamp, (id) => placedIds.has(id));
    });
    return reportOf(kept, deploymentId, this.reports.workbookId());
  }

  /**
   * Only the fields sent change (a name sent empty keeps the name), as on the platform; the version is checked first,
   * against the part as read in the report's turn (after any change queued before).
   */
  async updateReport(opened: Report, change: UpdateReportInput): Promise<Report> {
    this.reports.checkDeployment(opened.deploymentId);
    const written = await this.reports.update(opened.id, async (kept) => {
      const before = kept.record.report;
      if (typeof opened.version === 'number' && opened.version !== before.version) {
        throw new ReportChangedElsewhereError(reportTitle(opened), new Error(`The report was changed since version ${opened.version} (it is at version ${before.version})`));
      }
      if (change.publicId && change.publicId !== before.publicId) throw new WorkbookReportRequestError(`'publicId' is set once and cannot be changed`);
      if (change.folderId !== null && change.folderId !== undefined) throw new FoldersUnavailableError();
      const report = { ...before, version: before.version + 1, updated: this.reports.stamp() };
      if (change.name) report.name = change.name;
      if (change.title !== undefined) {
        if (change.title) report.title = change.title;
        else delete report.title;
      }
      if (change.jsonQuery !== undefined) report.jsonQuery = change.jsonQuery ?? '{}';
      if (change.pivotItems !== undefined) {
        const pivotItems = recordPivot(change.pivotItems, before.pivotItems);
        if (pivotItems) report.pivotItems = pivotItems;
        else delete report.pivotItems;
      }
      return { ...kept.record, report };
    });
    return reportOf(written, opened.deploymentId, this.reports.workbookId());
  }

  /** Deletes the report's part, its placements with it. Its id is never given again. */
  async deleteReport(deploymentId: number, reportId: number): Promise<void> {
    this.reports.checkDeployment(deploymentId);
    await this.reports.removeReport(reportId);
  }

  async allFolders(deploymentId: number): Promise<Folder[]> {
    this.reports.checkDeployment(deploymentId);
    return [];
  }

  async folderAncestors(deploymentId: number): Promise<Folder[]> {
    this.reports.checkDeployment(deploymentId);
    return [];
  }
}
