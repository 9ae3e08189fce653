import type { SheetModel, WorkbookModel } from '../excel-host/workbook/workbook-model';

/**
 * How a table style paints a cell, for the styles the workbench draws. Built-in table styles are drawn in the
 * workbook theme's colours (https://support.microsoft.com/office/format-an-excel-table-6789619f-c889-495c-99c2-2f971c0e2370:
 * "table styles … use the colors of the document theme"); the workbench's theme is Office's default, whose
 * Accent 1 is #4472C4 (Office 2013–2022). TableStyleMedium2: header row filled with Accent 1 in bold white,
 * banded rows in Accent 1 at 80% tint (#D9E1F2). Other styles are drawn as TableStyleLight1's plain header in bold.
 * A cell's own fill and font colour win, as direct formatting does over a table style.
 */
const ACCENT1 = '#4472C4';
const ACCENT1_TINT_80 = '#D9E1F2';

export interface TableLook {
  bold?: boolean;
  background?: string;
  color?: string;
}

export function tableLook(model: WorkbookModel, sheet: SheetModel, row: number, column: number): TableLook | null {
  const table = model.tables.find((t) => t.sheet === sheet && row >= t.rect.top && row <= t.rect.bottom && column >= t.rect.left && column <= t.rect.right);
  if (!table) return null;
  const medium = /^TableStyleMedium/.test(table.style);
  const header = table.showHeaders && row === table.rect.top;
  if (header) return medium ? { bold: true, background: ACCENT1, color: '#FFFFFF' } : { bold: true };
  const dataRow = row - table.rect.top - (table.showHeaders ? 1 : 0);
  if (medium && table.showBandedRows && dataRow % 2 === 0) return { background: ACCENT1_TINT_80 };
  return null;
}
