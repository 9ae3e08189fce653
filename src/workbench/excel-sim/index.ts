export { ExcelSimulator, installSimulator, PAYLOAD_LIMIT_BYTES, UNEVALUATED } from './simulator';
export type { SimulatorOptions, SimulatorStats } from './simulator';
export { WorkbookModel } from './workbook-model';
export type { SerializedWorkbook, CellData } from './workbook-model';
export { SimulatedOfficeError, ErrorCodes } from './errors';
export { formatCellValue } from './number-format';
