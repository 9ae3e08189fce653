import { WorkbookModel, type ExcelHost, type HostOptions } from '../workbench/excel-host';
import { loadOfficeJs } from '../workbench/excel-host/node/load-office-js';
import { installWorkbook } from '../test/support/excel';

/**
 * A workbook behind Microsoft's Office.js in this process: every figure the benchmarks report (syncs,
 * request and response bytes) is measured on the real serialized messages Office.js sends.
 */
export function installHost(name: string, options: HostOptions = {}): ExcelHost {
  loadOfficeJs();
  return installWorkbook(options, new WorkbookModel(name));
}
