import type { WorkbookCells } from './workbook-cells';
import type { WorkbookDocument } from './workbook-document';
import type { WorkbookEvents } from './workbook-events';
import type { PlacementNames } from './workbook-names';
import type { PlacementTables } from './workbook-tables';
import type { GridWriter } from './workbook-writes';

/**
 * The workbook port, whole: every role the add-in asks of the workbook, each in plain data. Use cases take only the
 * roles they use — its cells (`WorkbookCells`), grid writes (`GridWriter`), placements' names and what is kept with
 * them (`PlacementNames`), tables (`PlacementTables`), what the file says of itself (`WorkbookDocument`) and what
 * happens in it (`WorkbookEvents`). `src/excel`'s `ExcelConnector` is its adapter over Office.js; tests and
 * benchmarks use the same adapter over Microsoft's Office.js and the host emulator.
 */
export interface Workbook extends WorkbookCells, GridWriter, PlacementNames, PlacementTables, WorkbookDocument, WorkbookEvents {}
