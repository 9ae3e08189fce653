import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../../src/contract';
import { WORKBOOK_REPORT_NAMESPACE, type WorkbookReportRecord } from '../../../src/contract/workbook-report';
import { parseWorkbookReport, serializeWorkbookReport, WorkbookReportPartError } from '../../../src/core/workbook-store';
import type { SerializedWorkbook } from '../../../workbench/excel-host/workbook/workbook-data';
import { selectCell } from './actions';
import { settledPaint } from './pane';
import { screenshots } from './workbench';

/**
 * What a test of a hostile received workbook needs in Cube API mode (issue 39): workbooks made of report parts written
 * by hand (as a session of the add-in saves them), the records in a saved workbook read and rewritten as a sender
 * could, the pane connected and a report placed through its visible controls, and the emulator's own count of the
 * Office.js requests it answered.
 */

export const NS = WORKBOOK_REPORT_NAMESPACE;

/** A report part as a session of the add-in saved it (format 1, no placements yet), written out by hand. */
export function reportPart(partId: string, id: number, name: string, query: CubeQuery): { id: string; namespaceUri: string; xml: string } {
  const xml = `<workbookReport xmlns="${NS}" schemaVersion="1"><report id="${id}" publicId="Orders00000${id}" version="1">`
    + `<name>${name}</name><query>${JSON.stringify(query)}</query>`
    + '<created at="2026-01-05T09:00:00Z" by="Bo"/><updated at="2026-01-05T09:00:00Z" by="Bo"/></report></workbookReport>';
  return { id: partId, namespaceUri: NS, xml };
}

/** A saved workbook of one empty sheet holding `parts`, as the workbench keeps one (workbench/excel-host/workbook). */
export function workbookWithParts(parts: { id: string; namespaceUri: string; xml: string }[]): SerializedWorkbook {
  return {
    name: 'Sent to you.xlsx',
    sheets: [{ name: 'Sheet1', cells: [] }],
    names: [],
    settings: [],
    customProperties: [],
    customXmlParts: parts,
    activeSheet: 0,
    selection: { top: 0, left: 0, bottom: 0, right: 0 },
    nextSheetNumber: 2,
  };
}

/** The saved workbook's report parts, each with its record read by the add-in's own codec. */
export function reportRecords(workbook: SerializedWorkbook): { part: { id: string; xml: string }; record: WorkbookReportRecord }[] {
  return (workbook.customXmlParts ?? []).filter((p) => p.namespaceUri === NS).map((part) => {
    const record = parseWorkbookReport(part.xml, { partId: part.id });
    if (record instanceof WorkbookReportPartError) throw record;
    return { part, record };
  });
}

/** Writes `record` back into the part `partId` of `workbook` (through the codec, so it stays a well-formed part). */
export function rewriteRecord(workbook: SerializedWorkbook, partId: string, record: WorkbookReportRecord): void {
  const part = workbook.customXmlParts!.find((p) => p.id === partId);
  if (!part) throw new Error(`no part ${partId}`);
  part.xml = serializeWorkbookReport(record);
}

/** The placement's hidden name (`ReportSync_<id>`, every character but letters, digits and `_` written `_`). */
export function placementName(workbook: SerializedWorkbook, placementId: string): { name: string; formula: string } {
  const wanted = `reportsync_${placementId.replace(/[^A-Za-z0-9_]/g, '_')}`.toLowerCase();
  const name = workbook.names.find((n) => n.name.toLowerCase() === wanted);
  if (!name) throw new Error(`no name for placement ${placementId}`);
  return name;
}

/** Selects `cell` and places the workbook report `title` there from the Reports list; waits for the pane to say where. */
export async function placeKept(page: Page, cell: string, title: string): Promise<void> {
  await selectCell(page, cell);
  await page.getByTestId('place-target').filter({ hasText: `!${cell}` }).waitFor();
  await page.getByRole('searchbox', { name: 'Search reports' }).fill(title);
  const row = page.locator('[aria-label="Reports"] li', { hasText: title }).first();
  await row.waitFor();
  await row.getByRole('button', { name: 'Place' }).click();
  await page.getByText(`${title} is in Sheet1!${cell}`).waitFor();
}

/** What the emulator counted of the Office.js requests it answered (workbench/excel-host/host/excel-host.ts `stats`). */
export interface HostCount {
  syncs: number;
  responseBytes: number;
}

export function resetHostCount(page: Page): Promise<void> {
  return page.evaluate(() => (window as unknown as { workbench: { host: { resetStats(): void } } }).workbench.host.resetStats());
}

export function hostCount(page: Page): Promise<HostCount> {
  return page.evaluate(() => {
    const { syncs, responseBytes } = (window as unknown as { workbench: { host: { stats: HostCount } } }).workbench.host.stats;
    return { syncs, responseBytes };
  });
}

/** The pane's Office.js requests logged so far (`window.workbench.requests`), the custom-functions runtime's left out. */
export function paneRequestsLogged(page: Page): Promise<{ actions: string[] }[]> {
  return page.evaluate(() => (window as unknown as { workbench: { requests: { customFunctions: boolean; cleanup: boolean; actions: string[] }[] } })
    .workbench.requests.filter((r) => !r.customFunctions && !r.cleanup).map((r) => ({ actions: r.actions })));
}

/** Once nothing moves, a screenshot of the page into test-results/screenshots; returns its path. */
export async function shot(page: Page, file: string): Promise<string> {
  await settledPaint(page);
  mkdirSync(screenshots, { recursive: true });
  const path = join(screenshots, file);
  await page.screenshot({ path });
  return path;
}
