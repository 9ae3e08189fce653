import { connectOfficeJs, ExcelHost, WorkbookModel, type HostOptions } from '../../workbench/excel-host';

/**
 * A fresh workbook behind Microsoft's Office.js: the global `Excel` is Office.js's own (loaded by the test
 * file's environment, test/support/office-js-environment.ts), and every sync it makes is carried out by
 * the host emulator on `model`.
 */
export function installWorkbook(options: HostOptions = {}, model = new WorkbookModel('Budget.xlsx')): ExcelHost {
  if (typeof Excel === 'undefined') throw new Error('Office.js is not loaded: give the test file `@jest-environment ./test/support/office-js-environment.ts`.');
  const host = new ExcelHost(model, options);
  connectOfficeJs(host);
  return host;
}

/** Reads cells straight from the model (no syncs counted): what the user would see in the grid. */
export function cellsOf(host: ExcelHost, sheetName: string, top: number, left: number, rows: number, columns: number) {
  const sheet = host.model.sheetByName(sheetName)!;
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => host.model.cellAt(sheet, top + r, left + c)?.value ?? ''),
  );
}

/** The whole workbook as comparable data: cells sorted by position, so equal content compares equal. */
export function workbookState(host: ExcelHost): unknown {
  const json = host.model.toJSON();
  return { ...json, sheets: json.sheets.map((sheet) => ({ ...sheet, cells: [...sheet.cells].sort(([a], [b]) => a.localeCompare(b)) })) };
}

/** Addresses of every cell holding a formula, straight from the model. */
export function formulaCells(host: ExcelHost): string[] {
  return host.model.sheets.flatMap((sheet) => [...sheet.cells].filter(([, cell]) => cell.formula).map(([key]) => `${sheet.name}!${key}`));
}

/** Acts as the user (or any other code in the workbook) through the standard Excel API, in one sync. */
export async function act(action: (context: Excel.RequestContext) => void): Promise<void> {
  await Excel.run(async (context) => {
    action(context);
    await context.sync();
  });
}

/** Selects `address` on a sheet, as the user would. */
export const selectCell = (address: string, sheetName = 'Sheet1') => act((context) => context.workbook.worksheets.getItem(sheetName).getRange(address).select());
