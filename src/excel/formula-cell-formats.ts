import { parseSheetAddress, rectAddress, rectFrom } from '../core/a1';
import type { CellFormatWriter, FormulaCellFormats } from '../ports/formula-cell-formats';

/** Excel's name for a cell's default number format, as `Range.numberFormat` reads it (en-US codes). */
const GENERAL = 'General';

/**
 * The formula-cell-formats port over Office.js, for an Excel without CustomFunctionsRuntime 1.4: every formula's
 * cells in one `Excel.run` and two syncs, however many formulas: the first reads each formula's cells' `numberFormat`
 * (ExcelApi 1.1, https://learn.microsoft.com/javascript/api/excel/excel.range#excel-excel-range-numberformat-member),
 * the second writes the formats of the cells still General, one write per formula whose cells change.
 */
export class ExcelFormulaCellFormats implements CellFormatWriter {
  async formatWhereGeneral(cells: readonly FormulaCellFormats[]): Promise<void> {
    if (!cells.length) return;
    await Excel.run(async (context) => {
      const sheets = context.workbook.worksheets;
      const ranges = cells.map(({ address, formats }) => {
        const { sheetName, rect } = parseSheetAddress(address);
        const sheet = sheetName === null ? sheets.getActiveWorksheet() : sheets.getItem(sheetName);
        const anchor = { row: rect.top, column: rect.left };
        return sheet.getRange(rectAddress(rectFrom(anchor, formats.length, formats[0]?.length ?? 1))).load('numberFormat');
      });
      await context.sync();
      let writes = 0;
      cells.forEach(({ formats }, index) => {
        const range = ranges[index]!;
        const own = range.numberFormat as string[][];
        const next = own.map((row, r) => row.map((format, c) => (format === GENERAL ? formats[r]?.[c] ?? format : format)));
        if (next.some((row, r) => row.some((format, c) => format !== own[r]![c]))) {
          range.numberFormat = next;
          writes += 1;
        }
      });
      if (writes) await context.sync();
    });
  }
}
