import {
  DISPLAY_SCALES, MEASURES_AXES, MEASURES_POSITIONS,
  type ConnectReportToWorkbookInput, type CreateReportInput, type PivotItems, type PivotItemsInput, type Report, type ReportPlacement,
} from '../contract';
import { canonicalJson } from './canonical-json';
import { jsonTextWithinDepth } from './json-depth';

/**
 * Publishing a report kept in the workbook to a platform deployment (issue 26, "Publish to the platform"), the pure
 * part: what the by-public-id upsert is sent, whether a platform report already holds the same report, and each
 * placement's record as `connect-workbook` is sent it. What the platform's `CreateReportInput` has no field for (a
 * workbook report's description, who saved it and when, its version) is not carried over.
 */

/**
 * The upsert's body: the name, the title users see, the Cube query and the pivot items with their display options;
 * the folder only when given (a report the deployment has already stays in its folder: sent, it would be moved).
 */
export function publishInput(report: Pick<Report, 'name' | 'title' | 'jsonQuery' | 'pivotItems'>, folderId?: number | null): CreateReportInput {
  return {
    ...(folderId === undefined ? {} : { folderId }),
    name: report.name,
    title: report.title?.trim() ? report.title : null,
    jsonQuery: report.jsonQuery ?? null,
    pivotItems: pivotInput(report.pivotItems),
    // Create-only on the platform: where the report was made.
    source: 'EXCEL',
    host: 'EXCEL',
  };
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): T | undefined =>
  (values as readonly unknown[]).includes(value) ? (value as T) : undefined;

/** Pivot items as an input: the four zones and the display options set (a value this version does not know is left out). */
export function pivotInput(pivot: PivotItems | null | undefined): PivotItemsInput | null {
  if (!pivot) return null;
  const input: PivotItemsInput = { rows: [...pivot.rows], columns: [...pivot.columns], measures: [...pivot.measures], filters: [...pivot.filters] };
  const measuresAxis = oneOf(MEASURES_AXES, pivot.measuresAxis);
  const measuresPosition = oneOf(MEASURES_POSITIONS, pivot.measuresPosition);
  const displayScale = oneOf(DISPLAY_SCALES, pivot.displayScale);
  if (measuresAxis) input.measuresAxis = measuresAxis;
  if (measuresPosition) input.measuresPosition = measuresPosition;
  if (displayScale) input.displayScale = displayScale;
  for (const flag of ['showAppliedFilters', 'showColumnTotals', 'showRowTotals'] as const) {
    if (typeof pivot[flag] === 'boolean') input[flag] = pivot[flag];
  }
  return input;
}

/** A query as compared: the parsed JSON in canonical form (spacing and key order do not count), else the text. */
function queryKey(jsonQuery: string | null | undefined): string {
  const text = jsonQuery ?? '';
  try {
    if (jsonTextWithinDepth(text)) return canonicalJson(JSON.parse(text));
  } catch {
    // Not JSON: compared as the text it is.
  }
  return text;
}

const titleOf = (report: Pick<Report, 'title'>) => report.title?.trim() || null;

/**
 * Whether a platform report holds the same report as the workbook's: the same name, title users see, query and pivot
 * items (display options included; an absent option and a null one are the same). What else differs (its folder,
 * its other placements) is the platform's own and is kept by the upsert.
 */
export function sameContent(
  workbook: Pick<Report, 'name' | 'title' | 'jsonQuery' | 'pivotItems'>, platform: Pick<Report, 'name' | 'title' | 'jsonQuery' | 'pivotItems'>,
): boolean {
  return workbook.name === platform.name
    && titleOf(workbook) === titleOf(platform)
    && queryKey(workbook.jsonQuery) === queryKey(platform.jsonQuery)
    && canonicalJson(pivotInput(workbook.pivotItems)) === canonicalJson(pivotInput(platform.pivotItems));
}

/**
 * A workbook placement's record as `connect-workbook` is sent it: the same id (so its cells' hidden name and cell
 * options, keyed by it, stay as they are), sheet, anchor, range and result checksum (so a refresh finds the cells as
 * written and asks nothing). The platform stamps the report's current query checksum and who placed it when.
 */
export function connectInputOf(placement: ReportPlacement, externalWorkbookId: string): ConnectReportToWorkbookInput {
  return {
    externalWorkbookId,
    placementId: placement.id ?? null,
    host: 'EXCEL',
    resultLocation: placement.resultLocation,
    sheetName: placement.sheetName ?? null,
    anchorCell: placement.anchorCell ?? null,
    endResultCell: placement.endResultCell ?? null,
    resultChecksum: placement.resultChecksum ?? null,
  };
}

/**
 * Whether the platform's record of a placement is the one sent: the same id, range, sheet and anchor, and result
 * checksum. A record that differs is not taken as published, and the workbook's stays.
 */
export function recordedAsSent(recorded: ReportPlacement | undefined, sent: ConnectReportToWorkbookInput): boolean {
  if (!recorded) return false;
  return recorded.id === sent.placementId
    && recorded.resultLocation === sent.resultLocation
    && (sent.sheetName == null || recorded.sheetName === sent.sheetName)
    && (sent.anchorCell == null || recorded.anchorCell === sent.anchorCell)
    && canonicalJson(recorded.resultChecksum ?? null) === canonicalJson(sent.resultChecksum ?? null);
}
