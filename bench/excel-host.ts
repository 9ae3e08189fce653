import { connectOfficeJs, ExcelHost, WorkbookModel, type HostOptions } from '../src/workbench/excel-host';
import { loadOfficeJs } from '../src/workbench/excel-host/node/load-office-js';

/**
 * A workbook behind Microsoft's Office.js in this process: every figure the benchmarks report (syncs,
 * request and response bytes) is measured on the real serialized messages Office.js sends.
 */
export function installHost(name: string, options: HostOptions = {}): ExcelHost {
  loadOfficeJs();
  const host = new ExcelHost(new WorkbookModel(name), options);
  connectOfficeJs(host);
  return host;
}
