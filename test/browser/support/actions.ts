import type { Page } from 'playwright-core';

/** What a person (or a script acting for them) does in the workbench, shared by the browser tests. */

type WorkbenchWindow = { workbench: { Excel: typeof Excel; reset(): void; model: { toJSON(): unknown } } };

/**
 * Waits until the workbench has opened its workbook (from IndexedDB) and connected Office.js to the host:
 * until then `window.workbench` has only `reset`.
 */
export async function workbenchReady(page: Page): Promise<void> {
  await page.waitForFunction(() => (window as unknown as Partial<WorkbenchWindow>).workbench?.Excel !== undefined);
}

/** A fresh pane: nothing saved, an empty workbook; then opened with `hash` (e.g. `token=…`) when given. */
export async function freshWorkbench(page: Page, url: string, hash = ''): Promise<void> {
  // Forgotten as the page starts (`?fresh`), before its pane could resume a saved connection and save it again.
  const fresh = new URL(url);
  fresh.searchParams.set('fresh', '1');
  await page.goto('about:blank');
  await page.goto(fresh.href);
  await workbenchReady(page);
  await page.goto('about:blank');
  await page.goto(hash ? `${url}#${hash}` : url);
  await workbenchReady(page);
}

export async function selectCell(page: Page, address: string): Promise<void> {
  await workbenchReady(page);
  await page.evaluate(async (a) => {
    const excel = (window as unknown as WorkbenchWindow).workbench.Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.getActiveWorksheet().getRange(a).select();
      await context.sync();
    });
  }, address);
}

/** Reads cells of a sheet through the standard Excel API inside the page. */
export async function readCells(page: Page, address: string, sheet = 'Sheet1') {
  await workbenchReady(page);
  return page.evaluate(async ({ a, s }) => {
    const excel = (window as unknown as WorkbenchWindow).workbench.Excel;
    return excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem(s).getRange(a);
      range.load(['values', 'numberFormat', 'text']);
      await context.sync();
      return { values: range.values, numberFormat: range.numberFormat, text: range.text };
    });
  }, { a: address, s: sheet });
}

export const reportRows = (page: Page) => page.locator('[aria-label="Reports"] li');
export const placementRows = (page: Page) => page.locator('[aria-label="Placements in this workbook"] li');

/** Selects `cell`, finds the report by searching for its title and places it; waits for the pane to say where. */
export async function place(page: Page, cell: string, title: string): Promise<void> {
  await clickPlace(page, cell, title);
  await page.getByText(`${title} is in`).waitFor();
}

/** Selects `cell`, finds the report by searching for its title and clicks its Place (a question may follow). */
export async function clickPlace(page: Page, cell: string, title: string): Promise<void> {
  await selectCell(page, cell);
  await page.getByTestId('place-target').filter({ hasText: `!${cell}` }).waitFor();
  await page.getByRole('searchbox', { name: 'Search reports' }).fill(title);
  await page.waitForFunction(
    (t) => [...document.querySelectorAll('[aria-label="Reports"] li')].some((li) => li.textContent?.includes(t))
      && document.querySelectorAll('[aria-label="Reports"] li').length <= 3,
    title,
  );
  await reportRows(page).filter({ hasText: title }).first().getByRole('button', { name: 'Place' }).click();
}

/** The workbook's external id, as the add-in keeps it (a custom document property). */
export async function workbookId(page: Page): Promise<string> {
  await workbenchReady(page);
  return page.evaluate(async () => {
    const excel = (window as unknown as WorkbenchWindow).workbench.Excel;
    return excel.run(async (context) => {
      const property = context.workbook.properties.custom.getItem('ReportSyncWorkbookId');
      property.load('value');
      await context.sync();
      return String(property.value);
    });
  });
}

/**
 * Signs in through the sign-in dialog (a popup standing in for Office's): `trigger` opens it (a click on a
 * "Sign in" button), then the user picks `user` on the platform's login page and signs in.
 */
export async function signInThroughDialog(page: Page, trigger: () => Promise<void>, user: RegExp = /Anna Analyst/): Promise<void> {
  const [dialog] = await Promise.all([page.context().waitForEvent('page'), trigger()]);
  await dialog.getByRole('radio', { name: user }).check();
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  if (!dialog.isClosed()) await dialog.waitForEvent('close');
}

/** The connection the pane keeps in its own storage (never in the workbook), or null when signed out. */
export function storedConnection(page: Page): Promise<{ kind: string; accessToken: string; refreshToken?: string | null } | null> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('report-sync.connection') ?? 'null') as { kind: string; accessToken: string; refreshToken?: string | null } | null);
}

/** Types an entry into a cell of the workbench grid, as a person does in Excel (not through Office.js). */
export async function typeInto(page: Page, address: string, text: string): Promise<void> {
  await page.locator(`td[data-cell="${address}"]`).click();
  await page.keyboard.type(text);
  await page.keyboard.press('Enter');
}

/** Runs `script` (the body of an `Excel.run` callback, with `context`) through the standard Excel API inside the page. */
export function runExcel<T>(page: Page, script: string): Promise<T> {
  return page.evaluate(async (body) => {
    const run = new Function('Excel', `return Excel.run(async (context) => { ${body} });`) as (e: unknown) => Promise<unknown>;
    return run((window as unknown as { workbench: { Excel: unknown } }).workbench.Excel);
  }, script) as Promise<T>;
}

/**
 * Selects `address` (on the active sheet) and reads the message the workbench shows for it under the formula bar: an
 * error cell's message from the add-in function, as Excel shows it on the cell's error indicator; '' when it has none.
 * Wait for the cell's value first: a pending call (`#BUSY!`) has no message yet.
 */
export async function cellMessage(page: Page, address: string): Promise<string> {
  await selectCell(page, address);
  await page.getByTestId('selection').filter({ hasText: new RegExp(`!\\$?${address.replace(/\$/g, '')}$`) }).waitFor();
  return (await page.getByTestId('cell-message').textContent()) ?? '';
}
