import type { Page } from 'playwright-core';
import { runExcel } from './actions';

/**
 * Column widths through Office.js inside the page: what the sheet's columns are, and what a range's cells need, as
 * the host's own autofit measures them. Expected widths come from the host, never from the add-in's code.
 */

/** Each column's width in points (`format.columnWidth` of a cell in it). */
export function columnWidths(page: Page, columns: readonly string[], sheet = 'Sheet1'): Promise<number[]> {
  return runExcel<number[]>(page, `
    const ws = context.workbook.worksheets.getItem(${JSON.stringify(sheet)});
    const formats = ${JSON.stringify(columns)}.map((column) => {
      const format = ws.getRange(column + '1').format;
      format.load('columnWidth');
      return format;
    });
    await context.sync();
    return formats.map((format) => format.columnWidth);`);
}

/**
 * The width each column of `address` needs to show its cells whole: their text as displayed (number formats
 * applied) and their bold copied as text onto a scratch sheet, autofit there alone, widths read, the sheet deleted.
 */
export function neededWidths(page: Page, address: string, sheet = 'Sheet1'): Promise<number[]> {
  return runExcel<number[]>(page, `
    const source = context.workbook.worksheets.getItem(${JSON.stringify(sheet)}).getRange(${JSON.stringify(address)});
    source.load('text, rowCount, columnCount');
    await context.sync();
    const fonts = source.text.map((row, r) => row.map((_, c) => {
      const font = source.getCell(r, c).format.font;
      font.load('bold');
      return font;
    }));
    await context.sync();
    const scratch = context.workbook.worksheets.add('Measure');
    const target = scratch.getRangeByIndexes(0, 0, source.rowCount, source.columnCount);
    target.numberFormat = source.text.map((row) => row.map(() => '@'));
    target.values = source.text;
    fonts.forEach((row, r) => row.forEach((font, c) => { target.getCell(r, c).format.font.bold = font.bold; }));
    target.format.autofitColumns();
    const formats = source.text[0].map((_, c) => {
      const format = target.getCell(0, c).format;
      format.load('columnWidth');
      return format;
    });
    await context.sync();
    const widths = formats.map((format) => format.columnWidth);
    scratch.delete();
    await context.sync();
    return widths;`);
}
