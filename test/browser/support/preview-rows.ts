import type { Locator, Page, Request } from 'playwright-core';
import type { RunningCubeCore } from '../../../server/cube-core';
import type { CubeQuery } from '../../../src/contract';

/** What a browser test of a report preview's first rows reads: the pane's loads and Office.js requests, the rows shown. */

/** The pane's `/v1/load` queries (POST bodies) from the moment this is called, wherever the data API is. */
export function recordLoads(page: Page): { readonly queries: CubeQuery[]; stop(): void } {
  const queries: CubeQuery[] = [];
  const listener = (request: Request) => {
    if (request.method() === 'POST' && /\/cubejs-api\/v1\/load$/.test(new URL(request.url()).pathname)) queries.push((request.postDataJSON() as { query: CubeQuery }).query);
  };
  page.on('request', listener);
  return { queries, stop: () => page.off('request', listener) };
}

/** Every Office.js request of the pane that is not a read (a `set`, or a method other than a `get…`): none while previewing. */
export async function paneWrites(page: Page, from: number): Promise<string[]> {
  const requests = await page.evaluate(() => (window as unknown as { workbench: { requests: { customFunctions: boolean; cleanup: boolean; actions: string[] }[] } })
    .workbench.requests.filter((r) => !r.customFunctions && !r.cleanup).map((r) => r.actions));
  return requests.slice(from).flat().filter((action) => !/^(load |get |trace$)|\.get\w*\(\)$/i.test(action));
}
/** How many Office.js requests the pane has sent (the custom-functions runtime's and cleanups left out). */
export const paneRequestCount = (page: Page) => page.evaluate(() => (window as unknown as { workbench: { requests: { customFunctions: boolean; cleanup: boolean }[] } })
  .workbench.requests.filter((r) => !r.customFunctions && !r.cleanup).length);

/** The preview's first rows as shown: the caption, the column headers, and each row's texts. */
export async function shownRows(preview: Locator): Promise<{ caption: string; headers: string[]; rows: string[][] }> {
  const caption = (await preview.getByTestId('preview-sample-caption').textContent())!;
  // The table is named by the caption, and so is the box it scrolls in.
  const table = preview.getByRole('region', { name: caption }).getByRole('table', { name: caption });
  await table.waitFor();
  const rows = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
  return { caption, headers: await table.getByRole('columnheader').allTextContents(), rows };
}

/** An independent `/v1/load` of `query` on the Cube stand-in, sent from here with a token of its own: its rows. */
export async function cubeRows(cube: RunningCubeCore, query: CubeQuery): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${cube.apiUrl}/load?query=${encodeURIComponent(JSON.stringify(query))}`, { headers: { Authorization: await cube.signToken({ user_id: 'checker' }) } });
  if (!response.ok) throw new Error(`load answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { data: Record<string, unknown>[] }).data;
}

// Expected texts, from the values alone: Intl's US-dollar currency, grouped integers, a month as "Jan 2025" and a
// quarter as "Q1 2025" (the first day of the bucket, a wall-clock time), a ratio as a percentage with two decimals.
export const dollars = (value: unknown) => new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(Number(value));
export const grouped = (value: unknown) => new Intl.NumberFormat('en-US').format(Number(value));
const bucket = (value: unknown) => new Date(`${String(value)}Z`);
export const month = (value: unknown) => new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(bucket(value));
export const quarter = (value: unknown) => `Q${Math.floor(bucket(value).getUTCMonth() / 3) + 1} ${bucket(value).getUTCFullYear()}`;
export const percent = (value: unknown, locale: string) => `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(value) * 100)}%`;
