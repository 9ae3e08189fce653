import { ExcelSimulator, installSimulator, WorkbookModel, type SimulatorOptions } from '../../src/workbench/excel-sim';

/** A fresh simulated workbook installed as the global `Excel`, as Office.js would provide it. */
export function installWorkbook(options: SimulatorOptions = {}, model = new WorkbookModel('Budget.xlsx')): ExcelSimulator {
  const simulator = new ExcelSimulator(model, options);
  installSimulator(simulator);
  return simulator;
}

/** Reads cells straight from the model (no syncs counted): what the user would see in the grid. */
export function cellsOf(simulator: ExcelSimulator, sheetName: string, top: number, left: number, rows: number, columns: number) {
  const sheet = simulator.model.sheetByName(sheetName)!;
  return Array.from({ length: rows }, (_, r) =>
    Array.from({ length: columns }, (_, c) => simulator.model.cellAt(sheet, top + r, left + c)?.value ?? ''),
  );
}

/** The whole workbook as comparable data: cells sorted by position, so equal content compares equal. */
export function workbookState(simulator: ExcelSimulator): unknown {
  const json = simulator.model.toJSON();
  return { ...json, sheets: json.sheets.map((sheet) => ({ ...sheet, cells: [...sheet.cells].sort(([a], [b]) => a.localeCompare(b)) })) };
}
