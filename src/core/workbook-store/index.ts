/**
 * Reports kept in the workbook (issue 26): one custom XML part per report, in the namespace
 * `WORKBOOK_REPORT_NAMESPACE`, laid out as `workbook-report.xsd` says, versioned as `versions.ts` says. Pure:
 * the Excel adapter reads and writes the parts' text, this turns it into records and back.
 */
export { serializeWorkbookReport } from './to-xml';
export { parseWorkbookReport, type ParseOptions } from './from-xml';
export { WorkbookReportPartError, type WorkbookReportProblem } from './errors';
export { CURRENT_VERSION, versionVerdict, type VersionVerdict } from './versions';
