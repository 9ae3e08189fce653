/**
 * Reports and their placements kept in the workbook itself (issue 26, "Every Cube": a Cube API with no Platform
 * API): the report store and placement registry ports over the workbook parts port and `core/workbook-store`.
 */
export { WorkbookReportStore } from './workbook-report-store';
export { WorkbookPlacementRegistry } from './workbook-placement-registry';
export {
  REPORT_IDS_NAMESPACE, WorkbookReports, type UnavailableReport, type WhoWhen, type WorkbookReportsOptions,
} from './report-parts';
export {
  FoldersUnavailableError, OtherDeploymentError, WorkbookPlacementNotFoundError, WorkbookReportNotFoundError, WorkbookReportRequestError,
} from './errors';
