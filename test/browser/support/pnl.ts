import type { Page } from 'playwright-core';
import { freshWorkbench, readCells, typeInto } from './actions';

/**
 * The P&L the RS formula tests type as a finance user would: Revenue in A1, three months across row 1, three regions
 * down column A, an `RS.VALUE` over its headers in each of B2:D4.
 */

export const REGIONS = ['North America', 'Europe', 'Asia Pacific'];
export const MONTHS: { typed: string; range: [string, string] }[] = [
  { typed: '1/1/2024', range: ['2024-01-01', '2024-01-31'] },
  { typed: '2/1/2024', range: ['2024-02-01', '2024-02-29'] },
  { typed: '3/1/2024', range: ['2024-03-01', '2024-03-31'] },
];
export const columnOf = (index: number) => String.fromCharCode(66 + index);

/** Waits (at most `seconds`) until every cell of `address` passes `done` (by default: shows neither #BUSY! nor nothing), and returns the values. */
export async function calculated(page: Page, address: string, done = (v: unknown) => v !== '#BUSY!' && v !== '', seconds = 30): Promise<unknown[][]> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const { values } = await readCells(page, address);
    if (values.flat().every(done)) return values;
    if (Date.now() > deadline) throw new Error(`${address} still shows ${JSON.stringify(values)}`);
    await page.waitForTimeout(100);
  }
}

export interface PnlOptions {
  /** The function's name as typed: `VALUE`, or German `WERT`. */
  name?: string;
  separator?: string;
  /** The workbench in German (`?lang=de-DE`). */
  german?: boolean;
}

/** A fresh workbench at `workbenchUrl`, the pane signed in with `token`, and the P&L typed into the grid. */
export async function typePnl(page: Page, workbenchUrl: string, token: string, { name = 'VALUE', separator = ',', german = false }: PnlOptions = {}): Promise<void> {
  await freshWorkbench(page, `${workbenchUrl}/workbench.html${german ? '?lang=de-DE' : ''}`, `token=${token}`);
  await page.locator('.pane').getByText(/No reports are placed in this workbook yet|noch keine Berichte platziert/).waitFor();
  await typeInto(page, 'A1', 'Revenue');
  for (const [i, month] of MONTHS.entries()) await typeInto(page, `${columnOf(i)}1`, month.typed);
  for (const [r, region] of REGIONS.entries()) {
    await typeInto(page, `A${r + 2}`, region);
    for (const c of MONTHS.keys()) {
      const column = columnOf(c);
      await typeInto(page, `${column}${r + 2}`, `=RS.${name}($A$1${separator}"Region"${separator}$A${r + 2}${separator}"sales.created_at.month"${separator}${column}$1)`);
    }
  }
}
