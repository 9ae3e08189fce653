/// <reference types="custom-functions-runtime" />
/* eslint-disable @typescript-eslint/no-explicit-any -- Microsoft's metadata generator maps `any` to Excel's "any" parameter type (cells of any kind); `unknown` has no mapping. */
import { FormulaError } from './formula-errors';
import { formatted, formattedRows } from './formula-formats';
import { formulaService } from './formula-registry';

/*
 * The add-in's Excel functions (namespace RS, manifest `Functions.Namespace`). Microsoft's
 * custom-functions-metadata-plugin reads these JSDoc blocks into functions.json and appends a
 * `CustomFunctions.associate(id, function)` per function to this module
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json-autogeneration). The ids never change
 * (saved workbooks name them) and are not Excel's own function names, as Microsoft advises
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming); the German names and help are in
 * src/functions/functions-de.ts. Excel passes a repeating parameter's values as one array, and a range or array
 * constant only to a parameter declared a matrix: the member/value pairs are `any[][][]`, a repeating matrix, so each
 * item arrives as a 2-D array (a single value as [[value]]) and a value may be a set of members
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options#repeating-parameters).
 * An unpaired last item names the deployment to ask.
 */

/**
 * A governed number: the measure, with each member given filtered to its value.
 * @customfunction RS_VALUE VALUE
 * @param measure The measure, by name (orders.revenue) or by title (Revenue).
 * @param memberValuePairs Pairs of a member and its value, e.g. "Region", "Europe", "orders.created_at.year", 2025; a value may be a range or {"a","b"}, for the members together. An unpaired last item names the deployment.
 * @param invocation The calling cell, whose format the pane sets where Excel shows no formatted numbers.
 * @returns The measure's value.
 * @requiresAddress
 */
export async function value(measure: string, memberValuePairs: any[][][], invocation?: CustomFunctions.Invocation): Promise<any> {
  return inExcelTerms(async () => {
    const service = await formulaService();
    const answer = await service.value(measure, memberValuePairs ?? []);
    const format = await service.valueFormat(measure, memberValuePairs ?? []);
    if (formattedResults()) return formatted(answer, format);
    service.formatCells(invocation?.address, [[answer]], [[format]]);
    return answer;
  });
}

/**
 * A saved report's result, as a dynamic array that spills.
 * @customfunction RS_REPORT REPORT
 * @param report The report's name or title.
 * @param [headers] TRUE (the default) to include the header row.
 * @param [deployment] The deployment to ask, when not the workbook's default.
 * @param invocation The calling cell, from which the pane sets the formats where Excel shows no formatted numbers.
 * @returns The report's rows.
 * @requiresAddress
 */
export async function report(report: string, headers?: boolean, deployment?: string, invocation?: CustomFunctions.Invocation): Promise<any[][]> {
  return inExcelTerms(async () => {
    const service = await formulaService();
    const rows = await service.report(report, headers ?? true, deployment ?? null);
    const formats = service.reportFormatsOf(report, headers ?? true, deployment ?? null);
    if (formattedResults()) return formattedRows(rows, formats);
    service.formatCells(invocation?.address, rows, formats);
    return rows;
  });
}

/**
 * A dimension's values as a column that spills, in the order the data API gives them.
 * @customfunction RS_MEMBERS MEMBERS
 * @param dimension The dimension, by name (orders.region) or by title (Region); a time dimension takes a granularity (orders.created_at.month).
 * @param memberValuePairs Pairs of a member and its value that filter the list; a value may be a range or {"a","b"}. An unpaired last item names the deployment.
 * @returns The dimension's values.
 */
export async function members(dimension: string, memberValuePairs: any[][][]): Promise<any[][]> {
  return inExcelTerms(async () => (await formulaService()).members(dimension, memberValuePairs ?? []));
}

/**
 * A formula's failure as the error Excel shows, with its message (`#VALUE!` for its own arguments, `#N/A` when the
 * number cannot be had now). An unexpected error becomes `#N/A` with its words, never a silent `#VALUE!`.
 */
async function inExcelTerms<T>(answer: () => Promise<T>): Promise<T> {
  try {
    return await answer();
  } catch (error) {
    const known = error instanceof FormulaError ? error : null;
    const code = known?.kind === 'invalidValue' ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
    throw new CustomFunctions.Error(code, known?.message ?? (error instanceof Error ? error.message : String(error)));
  }
}

/**
 * Whether Excel shows a custom function's formatted number values: CustomFunctionsRuntime 1.4
 * (https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets). Elsewhere
 * the functions answer plain numbers and the pane formats their cells: `@requiresAddress` gives each call its cell
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options#addressing-cells-context-parameter).
 */
function formattedResults(): boolean {
  return typeof Office !== 'undefined' && Office.context?.requirements?.isSetSupported('CustomFunctionsRuntime', '1.4') === true;
}
