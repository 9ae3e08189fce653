import { z } from 'zod';
import { MAX_NAME_LENGTH } from './common';
import { DISPLAY_SCALES, MEASURES_AXES, MEASURES_POSITIONS, PublicId, RESULT_CHECKSUM_MAX_CHUNKS } from './report';

/**
 * A report kept in the workbook itself (issue 26, "Every Cube": a Cube deployment reached with no Platform API):
 * one custom XML part per report, in the add-in's own namespace, holding the report and the placements of its
 * result in this workbook. `src/core/workbook-store/` turns a record into the part's XML and back;
 * `src/core/workbook-store/workbook-report.xsd` is the part's schema. These are the record's rules, the same
 * whichever way it was made: read from a part, or built by the builder before it is written.
 *
 * Each object that stands for an element of the part may carry `kept`: what a newer version of the add-in wrote
 * there that this version does not know (see `src/core/workbook-store/versions.ts`). It is written back as it was
 * read, so a rewrite by this version loses nothing; an object made anew has none.
 */

/** The root element's namespace: the same for every schema version, so `getByNamespace` finds them all. */
export const WORKBOOK_REPORT_NAMESPACE = 'urn:report-sync:workbook-report';
/** The schema version this add-in writes and reads in full. */
export const WORKBOOK_REPORT_SCHEMA_VERSION = 1;

/** XML 1.0's `Char`: what a part can hold at all (no C0 controls but tab, LF and CR; no lone surrogates, U+FFFE, U+FFFF). */
export const XML_CHARS = /^(?:[\t\n\r\u0020-\uD7FF\uE000-\uFFFD]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
/** A name without a colon (Namespaces in XML 1.0 `NCName`), ASCII and the letters of the BMP. */
export const NCNAME = /^[A-Za-z_\u00C0-\uD7FF\uF900-\uFFFD][A-Za-z0-9._\u00B7\u00C0-\uD7FF\uF900-\uFFFD-]*$/;

const xmlText = z.string().regex(XML_CHARS, 'holds a character XML cannot carry');

/** An attribute of an element kept unread. `namespace` null: an attribute without a prefix. */
export const KeptAttribute = z.object({
  namespace: z.string().min(1).nullable(),
  prefix: z.string().regex(NCNAME).nullable(),
  name: z.string().regex(NCNAME),
  value: xmlText,
});
export type KeptAttribute = z.infer<typeof KeptAttribute>;

/** An element kept unread, whole: its children are elements and text (comments and processing instructions are not kept). */
export interface KeptElement {
  namespace: string | null;
  prefix: string | null;
  name: string;
  attributes: KeptAttribute[];
  children: (KeptElement | string)[];
}
export const KeptElement: z.ZodType<KeptElement> = z.lazy(() =>
  z.object({
    namespace: z.string().min(1).nullable(),
    prefix: z.string().regex(NCNAME).nullable(),
    name: z.string().regex(NCNAME),
    attributes: z.array(KeptAttribute),
    children: z.array(z.union([xmlText, KeptElement])),
  }),
);

/**
 * What a newer version wrote on one element that this version does not read: its unknown attributes, and its
 * unknown child elements, which a newer version puts after all of version 1's children of that element.
 */
export const Kept = z.object({
  attributes: z.array(KeptAttribute),
  elements: z.array(KeptElement),
});
export type Kept = z.infer<typeof Kept>;

/** Free text from users or data (names, titles, sheet names, the query): any string, any length within `max`. */
const text = (max: number) => z.string().max(max, `must be at most ${max} characters`);
/** Ids made by the add-in: letters, digits and `._~-`, so they need no escaping anywhere. */
export const WorkbookLocalId = z.string().regex(/^[A-Za-z0-9._~-]{1,128}$/, 'must be 1–128 letters, digits or ._~-');
/** An ISO 8601 date-time with seconds and a zone (`Z` or an offset), as `xs:dateTime` with a zone. */
export const StampTime = z.iso.datetime({ offset: true }).regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,9})?(Z|[+-]\d\d:\d\d)$/, 'must be a date-time with seconds and a zone');
/** An A1 cell address without `$`, as `core/a1.ts` writes it. */
export const CellAddress = z.string().regex(/^[A-Z]{1,3}[1-9][0-9]{0,6}$/, 'must be an A1 cell address');

/** When something happened and who did it: `by` is the name the add-in knew the user by (none when it knew none). */
export const Stamp = z.object({ at: StampTime, by: text(MAX_NAME_LENGTH).min(1).optional(), kept: Kept.optional() });
export type Stamp = z.infer<typeof Stamp>;

export const MAX_PIVOT_MEMBERS = 1000;
const members = z.array(text(1000).min(1)).max(MAX_PIVOT_MEMBERS);

/** The report's pivot items and display options (`PivotItemsInput`'s fields; absent rather than null). */
export const WorkbookPivotItems = z.object({
  rows: members,
  columns: members,
  measures: members,
  filters: members,
  measuresAxis: z.enum(MEASURES_AXES).optional(),
  measuresPosition: z.enum(MEASURES_POSITIONS).optional(),
  displayScale: z.enum(DISPLAY_SCALES).optional(),
  showAppliedFilters: z.boolean().optional(),
  showColumnTotals: z.boolean().optional(),
  showRowTotals: z.boolean().optional(),
  kept: Kept.optional(),
});
export type WorkbookPivotItems = z.infer<typeof WorkbookPivotItems>;

/** Printable ASCII without space: the result checksum's hashes and payload (base64url today). */
const checksumText = (max: number) => z.string().regex(/^[\x21-\x7E]+$/, 'must be printable ASCII without spaces').max(max);

/** The placement's `resultChecksum` (`ResultChecksum`), as `core/result-checksum.ts` makes it. */
export const WorkbookResultChecksum = z.object({
  v: z.number().int().min(1),
  chunks: z.array(z.object({
    from: z.number().int().min(0),
    hash: checksumText(64),
    to: z.number().int().min(0).optional(),
    kept: Kept.optional(),
  })).max(RESULT_CHECKSUM_MAX_CHUNKS),
  payload: checksumText(128).optional(),
  kept: Kept.optional(),
});
export type WorkbookResultChecksum = z.infer<typeof WorkbookResultChecksum>;

/** The largest query JSON text kept (Office refuses requests of 5 MB; a part is written in one). */
export const MAX_QUERY_JSON = 2_000_000;
export const MAX_DESCRIPTION = 10_000;
/** Excel's own limit on a sheet's name. */
export const MAX_SHEET_NAME = 31;

const jsonObjectText = text(MAX_QUERY_JSON).refine((value) => {
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
  } catch {
    return false;
  }
}, 'must be the JSON text of a Cube query object');

/** The report: the platform `Report`'s definition fields, with a workbook-local id and who saved it. */
export const WorkbookReportDefinition = z.object({
  /** This workbook's own id for the report (the key of its placements' cell names and settings). */
  id: WorkbookLocalId,
  publicId: PublicId,
  /** Raised by one on every save: a save over a newer version than the one opened is a conflict. */
  version: z.number().int().min(1),
  name: text(MAX_NAME_LENGTH).min(1, 'must not be empty'),
  title: text(MAX_NAME_LENGTH).optional(),
  description: text(MAX_DESCRIPTION).optional(),
  /** The Cube query as JSON text (`Report.jsonQuery`). */
  jsonQuery: jsonObjectText,
  pivotItems: WorkbookPivotItems.optional(),
  created: Stamp,
  updated: Stamp,
  kept: Kept.optional(),
});
export type WorkbookReportDefinition = z.infer<typeof WorkbookReportDefinition>;

/** A placement of the report's result in this workbook: the platform `ReportPlacement`'s record. */
export const WorkbookPlacement = z.object({
  id: WorkbookLocalId,
  resultLocation: text(300).min(1),
  sheetName: text(MAX_SHEET_NAME).min(1),
  anchorCell: CellAddress,
  endResultCell: CellAddress.optional(),
  /** `core/checksum.ts` `queryChecksum` of the report when its result was last written here. */
  queryChecksum: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in lowercase hex'),
  resultChecksum: WorkbookResultChecksum.optional(),
  placed: Stamp,
  refreshed: Stamp.optional(),
  kept: Kept.optional(),
});
export type WorkbookPlacement = z.infer<typeof WorkbookPlacement>;

export const MAX_PLACEMENTS = 1000;

/**
 * One part: its schema version as read (a record made anew: absent, written as the current one), the lowest
 * version that may read it (`minReaderVersion`, absent: 1), the report and its placements.
 */
export const WorkbookReportRecord = z.object({
  schemaVersion: z.number().int().min(1).optional(),
  minReaderVersion: z.number().int().min(1).optional(),
  report: WorkbookReportDefinition,
  placements: z.array(WorkbookPlacement).max(MAX_PLACEMENTS),
  kept: Kept.optional(),
}).refine((r) => (r.minReaderVersion ?? 1) <= (r.schemaVersion ?? WORKBOOK_REPORT_SCHEMA_VERSION), {
  message: 'minReaderVersion must not be above schemaVersion', path: ['minReaderVersion'],
}).refine((r) => new Set(r.placements.map((p) => p.id)).size === r.placements.length, {
  message: 'placement ids must differ', path: ['placements'],
});
export type WorkbookReportRecord = z.infer<typeof WorkbookReportRecord>;
