import { formatValue, shownFormat } from '../excel-host/workbook/number-format';
import type { CellData } from '../excel-host/workbook/workbook-model';

/** What a cell looks like in the grid. */
export interface CellView {
  text: string;
  /** Excel's General alignment: numbers right, text left, booleans and errors centred. */
  align: 'left' | 'right' | 'center';
  bold: boolean;
  background?: string;
  color?: string;
  /** A formula the workbench cannot calculate: its text is shown in place of a value. */
  unevaluated: boolean;
  /** The cell's formula (shown as a tooltip; the cell shows its value). */
  formula?: string;
  /** An error's message from the add-in function, shown on hover in place of the formula (Excel's error indicator). */
  message?: string;
}

/** The value older emulators gave a formula cell they had not calculated. */
const UNEVALUATED = '#UNEVALUATED!';

const EMPTY: CellView = { text: '', align: 'left', bold: false, unevaluated: false };

export function cellView(cell: CellData | undefined): CellView {
  if (!cell) return EMPTY;
  const look = { bold: Boolean(cell.bold), background: cell.fill, color: cell.fontColor, formula: cell.formula };
  if (cell.formula && cell.value === UNEVALUATED) return { ...look, text: cell.formula, align: 'left', unevaluated: true };
  if (cell.error) return { ...look, text: String(cell.value), align: 'center', unevaluated: false, message: cell.errorMessage };
  if (typeof cell.value === 'boolean') return { ...look, text: cell.value ? 'TRUE' : 'FALSE', align: 'center', unevaluated: false };
  const formatted = formatValue(cell.value, shownFormat(cell));
  return {
    ...look,
    text: formatted.text,
    align: typeof cell.value === 'number' ? 'right' : 'left',
    // A format's [Color] wins over the font colour, as in Excel.
    color: formatted.color ?? cell.fontColor,
    unevaluated: false,
  };
}
