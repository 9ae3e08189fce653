/**
 * Why a workbook report part could not be read (or a record not written), in words for the user. The reader
 * never throws: `parseWorkbookReport` answers one of these, and the part is left as it was. The kinds:
 *
 * - `malformed`: the part is not well-formed XML (`detail` says where).
 * - `foreign`: its root is not this add-in's `workbookReport` element (another namespace or name).
 * - `invalid`: well-formed, ours, but not a report this version can read whole (a field missing or wrong,
 *   something unknown in a part of this version, or something of a newer version that could not be kept).
 * - `newer-version`: a newer version of the add-in wrote it and says older ones may not read it.
 * - `unwritable`: a record the writer refused (a programming error: records are checked before saving).
 */
export type WorkbookReportProblem = 'malformed' | 'foreign' | 'invalid' | 'newer-version' | 'unwritable';

/** How the reader names a part in words: its id in the workbook when the caller knows it. */
const partWords = (partId: string | null) => (partId ? `custom XML part ${partId}` : 'a custom XML part');

export class WorkbookReportPartError extends Error {
  override readonly name = 'WorkbookReportPartError';
  constructor(
    readonly kind: WorkbookReportProblem,
    /** The part's id (`Excel.CustomXmlPart.id`), when given. */
    readonly partId: string | null,
    /** The report's name, when it could be read. */
    readonly reportName: string | null,
    /** What exactly is wrong, for logs and support; the message already says it. */
    readonly detail: string,
    /** The schema version the part says it has, when it says one. */
    readonly schemaVersion: number | null = null,
    options?: ErrorOptions,
  ) {
    super(messageFor(kind, partId, reportName, detail, schemaVersion), options);
  }
}

/** A report's name as a message quotes it: at most 100 characters. */
const shortened = (name: string) => (name.length > 100 ? `${name.slice(0, 99)}…` : name);

function messageFor(kind: WorkbookReportProblem, partId: string | null, fullName: string | null, detail: string, version: number | null): string {
  const reportName = fullName === null ? null : shortened(fullName);
  const report = reportName === null ? `A report kept in this workbook (${partWords(partId)})` : `The report "${reportName}" kept in this workbook (${partWords(partId)})`;
  switch (kind) {
    case 'malformed':
      return `${report} cannot be read: it is not well-formed XML (${detail}). The add-in left it as it is.`;
    case 'foreign':
      return `The workbook's ${partWords(partId)} is not a Report Sync report (${detail}). The add-in left it as it is.`;
    case 'invalid':
      return `${report} cannot be read: ${detail}. The add-in left it as it is.`;
    case 'newer-version': {
      const name = reportName === null ? 'a report' : `"${reportName}"`;
      return `This workbook's report ${name} was saved by a newer version of the add-in${version === null ? '' : ` (format ${version})`}; update the add-in to open or edit this report. Until then it is left as it is.`;
    }
    case 'unwritable':
      return `The report ${reportName === null ? '' : `"${reportName}" `}could not be saved into the workbook: ${detail}.`;
  }
}
