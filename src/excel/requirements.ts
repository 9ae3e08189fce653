/**
 * Which ExcelApi requirement sets the host supports. The manifest asks for ExcelApi 1.7, so anything from a
 * newer set is used only after asking Office: Office.js queues a call to any member it knows, and a host
 * without the member's set fails the whole batch with `ApiNotFound` — an optional-chaining guard (`?.`) does
 * not help, the method exists on the proxy either way. "Use runtime checks in your JavaScript code"
 * (https://learn.microsoft.com/en-us/office/dev/add-ins/develop/specify-office-hosts-and-api-requirements).
 */

/** The newer members this add-in uses, and the set each came with (their reference pages' "Api set" remarks). */
export const API_SETS = {
  /** `Application.suspendApiCalculationUntilNextSync()` (https://learn.microsoft.com/en-us/javascript/api/excel/excel.application). */
  suspendApiCalculation: '1.6',
  /** `Application.suspendScreenUpdatingUntilNextSync()` (same page). */
  suspendScreenUpdating: '1.9',
  /** `Workbook.getSelectedRanges()`, to tell a multi-area selection (https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook). */
  selectedRanges: '1.9',
  /**
   * `Range.getCellProperties()`, every cell's bold and fill in one read (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-getcellproperties-member(1)).
   */
  cellProperties: '1.9',
  /** `Table.resize(newRange)` (https://learn.microsoft.com/en-us/javascript/api/excel/excel.table#excel-excel-table-resize-member(1)). */
  tableResize: '1.13',
} as const;

// Answers per `Office.context.requirements` object: asked once per host session, and a test that installs
// another host (another profile) gets fresh answers.
const answers = new WeakMap<object, Map<string, boolean>>();

function requirements(): Office.RequirementSetSupport | null {
  try {
    return typeof Office === 'undefined' ? null : (Office.context?.requirements ?? null);
  } catch {
    // Office.js loaded but not initialized: nothing beyond the manifest's minimum is known to be there.
    return null;
  }
}

/** Whether the host supports ExcelApi `version` (e.g. `'1.9'`); false when Office cannot tell. */
export function supportsExcelApi(version: string): boolean {
  const matrix = requirements();
  if (!matrix) return false;
  let known = answers.get(matrix);
  if (!known) {
    known = new Map();
    answers.set(matrix, known);
  }
  let answer = known.get(version);
  if (answer === undefined) {
    answer = matrix.isSetSupported('ExcelApi', version);
    known.set(version, answer);
  }
  return answer;
}

/**
 * Whether the host supports another requirement set (e.g. `'SharedRuntime'`, `'1.1'`); false when Office
 * cannot tell. Asked of Office each time: these checks are rare (once when the pane opens).
 */
export function supportsRequirementSet(name: string, version: string): boolean {
  const matrix = requirements();
  return matrix ? matrix.isSetSupported(name, version) : false;
}

/**
 * Whether Excel shows a custom function's formatted number values (CustomFunctionsRuntime 1.4,
 * https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets; asked as
 * https://learn.microsoft.com/office/dev/add-ins/develop/specify-api-requirements-runtime says). Retail perpetual and
 * LTSC Excel run the functions without it: there the pane formats the formulas' cells.
 */
export const showsFormattedNumberResults = (): boolean => supportsRequirementSet('CustomFunctionsRuntime', '1.4');
