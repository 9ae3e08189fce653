import {
  WorkbookReportRecord, type KeptElement, type Stamp, type WorkbookPivotItems, type WorkbookPlacement, type WorkbookResultChecksum,
} from '../../contract/workbook-report';
import { element, leaf } from './build-elements';
import { WorkbookReportPartError } from './errors';
import { CURRENT_VERSION } from './versions';
import { encodeXstring } from './xstring';
import { writeXml } from './xml-writer';

/**
 * A workbook report record as the XML of its custom XML part (layout: `workbook-report.xsd`). The record is
 * checked against its schema first; a record that fails is a `WorkbookReportPartError` of kind `unwritable`.
 * A part read from a newer version keeps its versions and everything kept from it.
 */
export function serializeWorkbookReport(input: WorkbookReportRecord): string {
  const checked = WorkbookReportRecord.safeParse(input);
  if (!checked.success) {
    const issue = checked.error.issues[0]!;
    throw new WorkbookReportPartError('unwritable', null, typeof input?.report?.name === 'string' ? input.report.name : null,
      `${issue.path.join('.') || 'the record'} ${issue.message}`, null, { cause: checked.error });
  }
  const record = checked.data;
  const { report } = record;
  const root = element('workbookReport', [
    ['schemaVersion', Math.max(record.schemaVersion ?? CURRENT_VERSION, CURRENT_VERSION)],
    ['minReaderVersion', record.minReaderVersion],
  ], [
    ['report', [element('report', [['id', report.id], ['publicId', report.publicId], ['version', report.version]], [
      ['name', leaf('name', report.name)],
      ['title', leaf('title', report.title)],
      ['description', leaf('description', report.description)],
      ['query', leaf('query', report.jsonQuery)],
      ['pivot', report.pivotItems ? [pivot(report.pivotItems)] : []],
      ['created', [stamp('created', report.created)]],
      ['updated', [stamp('updated', report.updated)]],
    ], report.kept)]],
    ['placement', record.placements.map(placement)],
  ], record.kept);
  try {
    return writeXml(root);
  } catch (error) {
    throw new WorkbookReportPartError('unwritable', null, report.name, error instanceof Error ? error.message : 'it could not be written as XML', null, { cause: error });
  }
}

function stamp(name: string, value: Stamp): KeptElement {
  return element(name, [['at', value.at], ['by', value.by === undefined ? undefined : encodeXstring(value.by)]], [], value.kept);
}

function pivot(items: WorkbookPivotItems): KeptElement {
  const members = (name: string, list: string[]): [string, KeptElement[]] => [name, list.flatMap((member) => leaf(name, member))];
  return element('pivot', [
    ['measuresAxis', items.measuresAxis],
    ['measuresPosition', items.measuresPosition],
    ['displayScale', items.displayScale],
    ['showAppliedFilters', items.showAppliedFilters],
    ['showColumnTotals', items.showColumnTotals],
    ['showRowTotals', items.showRowTotals],
  ], [members('row', items.rows), members('column', items.columns), members('measure', items.measures), members('filter', items.filters)], items.kept);
}

function resultChecksum(value: WorkbookResultChecksum): KeptElement {
  const chunks = value.chunks.map((chunk) => element('chunk', [['from', chunk.from], ['hash', chunk.hash], ['to', chunk.to]], [], chunk.kept));
  return element('resultChecksum', [['v', value.v], ['payload', value.payload]], [['chunk', chunks]], value.kept);
}

function placement(value: WorkbookPlacement): KeptElement {
  return element('placement', [['id', value.id]], [
    ['resultLocation', leaf('resultLocation', value.resultLocation)],
    ['sheetName', leaf('sheetName', value.sheetName)],
    ['anchorCell', leaf('anchorCell', value.anchorCell)],
    ['endResultCell', leaf('endResultCell', value.endResultCell)],
    ['queryChecksum', leaf('queryChecksum', value.queryChecksum)],
    ['resultChecksum', value.resultChecksum ? [resultChecksum(value.resultChecksum)] : []],
    ['placed', [stamp('placed', value.placed)]],
    ['refreshed', value.refreshed ? [stamp('refreshed', value.refreshed)] : []],
  ], value.kept);
}
