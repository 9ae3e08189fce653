export { ExcelHost } from './host/excel-host';
export type { HostOptions, HostStats } from './host/excel-host';
export { connectOfficeJs } from './host/office-context';
export { HOST_PROFILES, PAYLOAD_LIMIT_BYTES } from './host/profiles';
export type { HostProfile } from './host/profiles';
export { WorkbookModel } from './workbook/workbook-model';
export type { CellData, SerializedWorkbook, SheetModel } from './workbook/workbook-model';
export { formatCellValue } from './workbook/number-format';
