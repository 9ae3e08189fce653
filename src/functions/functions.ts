/// <reference types="custom-functions-runtime" />
/* eslint-disable @typescript-eslint/no-explicit-any -- Microsoft's metadata generator maps `any` to Excel's "any" parameter type (cells of any kind); `unknown` has no mapping. */
import { FormulaError } from './formula-errors';
import { formulaService } from './formula-registry';

/*
 * The add-in's Excel functions (namespace RS, manifest `Functions.Namespace`). Microsoft's
 * custom-functions-metadata-plugin reads these JSDoc blocks into functions.json and appends a
 * `CustomFunctions.associate(id, function)` per function to this module
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json-autogeneration). The ids never change
 * (saved workbooks name them) and are not Excel's own function names, as Microsoft advises
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming); the German names and help are in
 * src/functions/functions-de.ts. Excel passes a repeating parameter's values as one array
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options#repeating-parameters),
 * so member/value pairs are one list; an unpaired last item names the deployment to ask.
 */

/**
 * A governed number: the measure, with each member given filtered to its value.
 * @customfunction RS_VALUE VALUE
 * @param measure The measure, by name (orders.revenue) or by title (Revenue).
 * @param memberValuePairs Pairs of a member and its value, e.g. "Region", "Europe", "orders.created_at.year", 2025. An unpaired last item names the deployment.
 * @returns The measure's value.
 */
export async function value(measure: string, memberValuePairs: any[]): Promise<number | string> {
  return inExcelTerms(async () => (await formulaService()).value(measure, memberValuePairs ?? []));
}

/**
 * A saved report's result, as a dynamic array that spills.
 * @customfunction RS_REPORT REPORT
 * @param report The report's name or title.
 * @param [headers] TRUE (the default) to include the header row.
 * @param [deployment] The deployment to ask, when not the workbook's default.
 * @returns The report's rows.
 */
export async function report(report: string, headers?: boolean, deployment?: string): Promise<any[][]> {
  return inExcelTerms(async () => (await formulaService()).report(report, headers ?? true, deployment ?? null));
}

/**
 * A dimension's values as a column that spills, in the order the data API gives them.
 * @customfunction RS_MEMBERS MEMBERS
 * @param dimension The dimension, by name (orders.region) or by title (Region); a time dimension takes a granularity (orders.created_at.month).
 * @param memberValuePairs Pairs of a member and its value that filter the list. An unpaired last item names the deployment.
 * @returns The dimension's values.
 */
export async function members(dimension: string, memberValuePairs: any[]): Promise<any[][]> {
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
