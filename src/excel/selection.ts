import { rectAddress } from '../core/a1';
import type { Rect } from '../core/a1';
import { sheetNamed } from './reads';

/** Selects cells on a sheet (activating it), found by sheet name. */
export async function selectCells(sheetName: string, rect: Rect): Promise<void> {
  await Excel.run(async (context) => {
    sheetNamed(context, sheetName).getRange(rectAddress(rect)).select();
    await context.sync();
  });
}

/**
 * The selected range's address with its sheet, e.g. `Sheet1!B3`. Fails when the selection is not one range
 * (several areas, a chart or a shape: `getSelectedRange` throws then,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.workbook#excel-excel-workbook-getselectedrange-member(1)).
 */
export async function selectedAddress(): Promise<string> {
  return Excel.run(async (context) => {
    const range = context.workbook.getSelectedRange();
    range.load('address');
    await context.sync();
    return range.address;
  });
}

/**
 * Tells `onChange` the selection's address now and after every change (WorkbookSelectionChanged, ExcelApi 1.2),
 * or null when it is not one range of cells. Resolves to a function that removes the handler.
 */
export async function watchSelection(onChange: (address: string | null) => void): Promise<() => Promise<void>> {
  const report = () => selectedAddress().then(onChange, () => onChange(null));
  const registration = await Excel.run(async (context) => {
    const handler = context.workbook.onSelectionChanged.add(report);
    await context.sync();
    return handler;
  });
  // Read apart from the registration: with a chart selected the read fails, and the handler must still be in place.
  await report();
  return () =>
    Excel.run(registration.context, async (context) => {
      registration.remove();
      await context.sync();
    });
}
