import {
  WORKBOOK_REPORT_NAMESPACE as NS, WorkbookReportRecord, type KeptElement, type Stamp, type WorkbookPivotItems,
  type WorkbookPlacement, type WorkbookResultChecksum,
} from '../../contract/workbook-report';
import { WorkbookReportPartError } from './errors';
import { boolean, defined, integer, leafText, named, one, optionalLeaf, requiredLeaf, split, Unreadable, type Known, type Shape } from './read-elements';
import { CURRENT_VERSION, upgraded, versionVerdict } from './versions';
import { decodeXstring } from './xstring';
import { readXml, XmlSyntaxError } from './xml-reader';

/**
 * A workbook report part's XML as its record, or why not, in words (`WorkbookReportPartError`): never a
 * throw, and never a record read in part. The versioning rule is `versions.ts`'s; the layout, `workbook-report.xsd`'s.
 */

const ROOT: Shape = { attributes: ['schemaVersion', 'minReaderVersion'], children: ['report', 'placement'] };
const REPORT: Shape = { attributes: ['id', 'publicId', 'version'], children: ['name', 'title', 'description', 'query', 'pivot', 'created', 'updated'] };
const PIVOT: Shape = {
  attributes: ['measuresAxis', 'measuresPosition', 'displayScale', 'showAppliedFilters', 'showColumnTotals', 'showRowTotals'],
  children: ['row', 'column', 'measure', 'filter'],
};
const STAMP: Shape = { attributes: ['at', 'by'], children: [] };
const PLACEMENT: Shape = {
  attributes: ['id'],
  children: ['resultLocation', 'sheetName', 'anchorCell', 'endResultCell', 'queryChecksum', 'resultChecksum', 'placed', 'refreshed'],
};
const CHECKSUM: Shape = { attributes: ['v', 'payload'], children: ['chunk'] };
const CHUNK: Shape = { attributes: ['from', 'hash', 'to'], children: [] };

export interface ParseOptions {
  /** The part's id in the workbook (`Excel.CustomXmlPart.id`), to name it in words. */
  partId?: string;
}

export function parseWorkbookReport(xml: string, options: ParseOptions = {}): WorkbookReportRecord | WorkbookReportPartError {
  const partId = options.partId ?? null;
  let root: KeptElement;
  try {
    root = readXml(xml);
  } catch (error) {
    const detail = error instanceof XmlSyntaxError ? error.message : 'it could not be read';
    return new WorkbookReportPartError('malformed', partId, null, detail, null, { cause: error });
  }
  if (root.namespace !== NS || root.name !== 'workbookReport') {
    return new WorkbookReportPartError('foreign', partId, null, `its root element is <${root.name}> in ${root.namespace ?? 'no namespace'}`);
  }
  const name = nameForWords(root);
  let schemaVersion: number | null = null;
  try {
    const versions = split(root, { attributes: ROOT.attributes, children: [] }, true, '<workbookReport>');
    schemaVersion = integer(versions, 'schemaVersion', '<workbookReport>') ?? null;
    if (schemaVersion === null || schemaVersion < 1) throw new Unreadable('its root has no schemaVersion of 1 or more');
    const minReaderVersion = integer(versions, 'minReaderVersion', '<workbookReport>');
    const verdict = versionVerdict(schemaVersion, minReaderVersion ?? 1);
    if (verdict === 'newer-refused') {
      return new WorkbookReportPartError('newer-version', partId, name, `it needs format ${minReaderVersion}; this version reads up to ${CURRENT_VERSION}`, schemaVersion);
    }
    const current = verdict === 'older' ? upgraded(root, schemaVersion) : root;
    if (!current) throw new Unreadable(`no version of the add-in reads format ${schemaVersion}`);
    const record = readRoot(current, verdict === 'newer-readable', Math.max(schemaVersion, CURRENT_VERSION), minReaderVersion);
    const checked = WorkbookReportRecord.safeParse(record);
    if (checked.success) return checked.data;
    const issue = checked.error.issues[0]!;
    return new WorkbookReportPartError('invalid', partId, name, `its ${issue.path.join('.')} ${issue.message}`, schemaVersion, { cause: checked.error });
  } catch (error) {
    const detail = error instanceof Unreadable ? error.message : 'it holds something this version cannot read';
    return new WorkbookReportPartError('invalid', partId, name, detail, schemaVersion, { cause: error });
  }
}

/** The report's name for a message, read leniently (the part may be invalid). */
function nameForWords(root: KeptElement): string | null {
  const report = root.children.find((c): c is KeptElement => typeof c !== 'string' && c.namespace === NS && c.name === 'report');
  const name = report?.children.find((c): c is KeptElement => typeof c !== 'string' && c.namespace === NS && c.name === 'name');
  if (!name || name.children.some((c) => typeof c !== 'string')) return null;
  return decodeXstring(name.children.join('')) || null;
}

function readRoot(root: KeptElement, newer: boolean, schemaVersion: number, minReaderVersion: number | undefined): unknown {
  const known = split(root, ROOT, newer, '<workbookReport>');
  const placements = (known.children.get('placement') ?? []).map((p) => readPlacement(p, newer));
  return defined({ schemaVersion, minReaderVersion, report: readReport(one(known, 'report', 'the part', true)!, newer), placements, kept: known.kept });
}

function readReport(element: KeptElement, newer: boolean): unknown {
  const where = named(element);
  const known = split(element, REPORT, newer, where);
  const pivot = one(known, 'pivot', where, false);
  return defined({
    id: known.attributes.get('id'),
    publicId: known.attributes.get('publicId'),
    version: integer(known, 'version', where),
    name: requiredLeaf(known, 'name', where),
    title: optionalLeaf(known, 'title', where),
    description: optionalLeaf(known, 'description', where),
    jsonQuery: requiredLeaf(known, 'query', where),
    pivotItems: pivot && readPivot(pivot, newer),
    created: readStamp(one(known, 'created', where, true)!, newer, where),
    updated: readStamp(one(known, 'updated', where, true)!, newer, where),
    kept: known.kept,
  });
}

function readPivot(element: KeptElement, newer: boolean): WorkbookPivotItems {
  const where = '<pivot>';
  const known = split(element, PIVOT, newer, where);
  const members = (name: string) => (known.children.get(name) ?? []).map((member) => leafText(member, where));
  return defined({
    rows: members('row'),
    columns: members('column'),
    measures: members('measure'),
    filters: members('filter'),
    measuresAxis: known.attributes.get('measuresAxis') as WorkbookPivotItems['measuresAxis'],
    measuresPosition: known.attributes.get('measuresPosition') as WorkbookPivotItems['measuresPosition'],
    displayScale: known.attributes.get('displayScale') as WorkbookPivotItems['displayScale'],
    showAppliedFilters: boolean(known, 'showAppliedFilters', where),
    showColumnTotals: boolean(known, 'showColumnTotals', where),
    showRowTotals: boolean(known, 'showRowTotals', where),
    kept: known.kept,
  });
}

function readStamp(element: KeptElement, newer: boolean, within: string): Stamp {
  const where = `${named(element)} in ${within}`;
  const known: Known = split(element, STAMP, newer, where);
  const by = known.attributes.get('by');
  return defined({ at: known.attributes.get('at')!, by: by === undefined ? undefined : decodeXstring(by), kept: known.kept });
}

function readChecksum(element: KeptElement, newer: boolean, within: string): WorkbookResultChecksum {
  const where = `<resultChecksum> in ${within}`;
  const known = split(element, CHECKSUM, newer, where);
  const chunks = (known.children.get('chunk') ?? []).map((chunk, i) => {
    const at = `chunk ${i + 1} of ${where}`;
    const parts = split(chunk, CHUNK, newer, at);
    return defined({ from: integer(parts, 'from', at)!, hash: parts.attributes.get('hash')!, to: integer(parts, 'to', at), kept: parts.kept });
  });
  return defined({ v: integer(known, 'v', where)!, chunks, payload: known.attributes.get('payload'), kept: known.kept });
}

function readPlacement(element: KeptElement, newer: boolean): WorkbookPlacement {
  const id = element.attributes.find((a) => a.namespace === null && a.name === 'id')?.value;
  const where = named(element, id);
  const known = split(element, PLACEMENT, newer, where);
  const checksum = one(known, 'resultChecksum', where, false);
  const refreshed = one(known, 'refreshed', where, false);
  return defined({
    id: id!,
    resultLocation: requiredLeaf(known, 'resultLocation', where),
    sheetName: requiredLeaf(known, 'sheetName', where),
    anchorCell: requiredLeaf(known, 'anchorCell', where),
    endResultCell: optionalLeaf(known, 'endResultCell', where),
    queryChecksum: requiredLeaf(known, 'queryChecksum', where),
    resultChecksum: checksum && readChecksum(checksum, newer, where),
    placed: readStamp(one(known, 'placed', where, true)!, newer, where),
    refreshed: refreshed && readStamp(refreshed, newer, where),
    kept: known.kept,
  });
}
