export { ExcelSimulator, installSimulator, PAYLOAD_LIMIT_BYTES, UNEVALUATED } from './simulator';
export type { SimulatorOptions, SimulatorStats } from './simulator';
export { WorkbookModel } from '../excel-host/workbook/workbook-model';
export type { SerializedWorkbook, CellData } from '../excel-host/workbook/workbook-model';
export { SimulatedOfficeError, ErrorCodes } from './errors';
export { formatCellValue } from '../excel-host/workbook/number-format';
