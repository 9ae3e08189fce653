/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, ResultChecksum } from '../../src/contract';
import { parseRect } from '../../src/core/a1';
import { ExcelConnector } from '../../src/excel/excel-connector';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { isDamaged } from '../../src/monitoring/live-edit-results';
import { liveHandEdits, type LiveEditResult } from '../../src/monitoring/live-edits';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import type { WorkspaceParts } from '../../src/pane/compose/parts';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { WorkbookModel, type ExcelHost, type SerializedWorkbook } from '../../workbench/excel-host';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { commitEdit } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { claimingChecksum } from '../support/claiming-checksum';
import { pastedCubeTokens, useCubeCoreWithReference } from '../support/cube-standin';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep } from '../support/local-platform';
import { done } from '../support/workspace';

/**
 * Issue 39: a workbook is untrusted input (it may be mailed), and so is a record kept in it. A saved workbook whose
 * placement's record (in its custom XML part: a Cube API workspace keeps its reports there) claims B2:XFD1048576
 * while the hidden name covers B2:C7 — or whose name claims the whole sheet — is opened on Microsoft's Office.js over
 * the host emulator (Excel on the web), and a typed cell is checked live, then the placement refreshed: every read
 * is of the name's cells, a few requests of a few KB, never the billions of cells claimed.
 */

jest.setTimeout(60_000);

const SECRET = 'hostile-record-size-secret';
const DEPLOYMENT_ID = DEFAULT_CUBE_DEPLOYMENT_ID;
const REPORT_PART = 'urn:report-sync:workbook-report';
const WHOLE_SHEET_FROM_B2 = 'Sheet1!B2:XFD1048576';
/** "At most a few requests": the live check reads the names and, through them, the cells in one (issue 27). */
const LIVE_CHECK_SYNCS = 2;
/** Excel's answers to the check: a few KB for the placement's dozen cells, where the claimed range is 17 billion cells. */
const LIVE_CHECK_RESPONSE_BYTES = 20_000;
/**
 * A refresh in a Cube API workspace also reads and writes the workbook's reports (custom XML parts): about ten
 * requests here, where reading the claimed range would take about 95,000. Its answers are a few KB of cells, and the
 * reports' parts, read whole (their size is the workbook's: the format keeps a record under 170 KB).
 */
const REFRESH_SYNCS = 20;
const REFRESH_RESPONSE_BYTES = 50_000;
/** Generous: reading the claimed range took 707 MB before it was stopped. */
const HEAP_GROWTH_BYTES = 50 * 1024 * 1024;
/**
 * A circuit breaker, not a host rule: the code as it was read the whole claimed range (about 95,000 requests of
 * 180,000 cells); past this many requests in a check the host refuses, so that shows as a failed check, not a runaway.
 */
const BREAKER_SYNCS = 10;

const standin = useCubeCoreWithReference(SECRET);

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };

function workspace(): Promise<WorkspaceParts> {
  return pastedCubeTokens(SECRET).then((tokens) => openCubeWorkspace(
    { apiUrl: `${standin.cube.url}/cubejs-api`, tokens, user: cubeApiUser('Anna Analyst', null, DEPLOYMENT_ID), deploymentId: DEPLOYMENT_ID },
    { parts: new ExcelWorkbookParts({ sleep: noSleep }), dataClient: (apiUrl, t) => new CoreDataClient({ apiUrl, tokens: t, sleep: noSleep }) },
  ));
}

/** The statuses in the sample data: the placement's body rows (its header row above them). */
async function statusCount(): Promise<number> {
  const rows = await standin.reference.read((tx) => tx.all('SELECT DISTINCT status FROM orders'));
  return rows.length;
}

/** The record's checksum element as the workbook keeps it (src/core/workbook-store/workbook-report.xsd). */
function checksumXml(checksum: ResultChecksum): string {
  return `<resultChecksum v="${checksum.v}" payload="${checksum.payload}">${checksum.chunks.map((c) => `<chunk from="${c.from}" hash="${c.hash}"/>`).join('')}</resultChecksum>`;
}

/** A workbook with OrdersStatus placed at Sheet1!B2 in a Cube API workspace, saved as the file keeps it. */
async function savedWorkbook(): Promise<{ saved: SerializedWorkbook; placementId: string; location: string }> {
  const sim = installWorkbook();
  const ws = await workspace();
  const report = await ws.reports.createReport(DEPLOYMENT_ID, { name: 'Orders by status', jsonQuery: JSON.stringify(byStatus) });
  await selectCell('B2');
  const placed = done(await ws.placements.place(report));
  return { saved: JSON.parse(JSON.stringify(sim.model.toJSON())) as SerializedWorkbook, placementId: placed.placement.id!, location: placed.placement.resultLocation };
}

/** Rewrites the saved record's XML (the one part of the reports' namespace). */
function editRecord(saved: SerializedWorkbook, edit: (xml: string) => string): void {
  const part = saved.customXmlParts!.find((p) => p.namespaceUri === REPORT_PART)!;
  const edited = edit(part.xml);
  expect(edited).not.toBe(part.xml);
  part.xml = edited;
}

/** Types `text` into a cell as the user does in the workbench grid (not through Office.js). */
function type(host: ExcelHost, row: number, column: number, text: string): void {
  const sheet = host.model.sheetByName('Sheet1')!;
  commitEdit(host.model, { ...startEdit(sheet.id, row, column, host.model.cellAt(sheet, row, column), text), text }, entryFromFormula);
}

async function until(predicate: () => boolean, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!predicate()) {
    if (Date.now() - start > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The saved workbook opened on Excel on the web, its placement listed and watched live. */
async function opened(saved: SerializedWorkbook) {
  let breaker = false;
  const host = installWorkbook({ profile: 'web', failRequest: ({ number }) => (breaker && number > BREAKER_SYNCS ? 'GeneralException' : undefined) }, WorkbookModel.fromJSON(saved));
  const ws = await workspace();
  const [entry] = await ws.placements.workbookPlacements();
  const results: LiveEditResult[] = [];
  const live = liveHandEdits({ workbook: ws.workbook, placements: ws.placements }, {
    onResult: (r) => results.push(r),
    // Watching itself failing is a failed check here too: the test waits for one result either way.
    onError: (e) => results.push({ kind: 'failed', key: '', error: e }), debounceMs: 0,
  });
  await live.watch([entry!]);
  /** Types into C3 (the first status's count) and waits for the check: its requests, response bytes and heap growth. */
  const typeAndCheck = async (text: string) => {
    host.resetStats();
    breaker = true;
    const heap = process.memoryUsage().heapUsed;
    type(host, 2, 2, text);
    await until(() => results.length > 0);
    breaker = false;
    return { result: results.shift()!, syncs: host.stats.syncs, responseBytes: host.stats.responseBytes, heapGrowth: process.memoryUsage().heapUsed - heap };
  };
  /** The bound on a refresh's answers: a few KB of cells, and the reports' parts read whole twice (JSON strings, as Office.js carries them). */
  const refreshBytes = REFRESH_RESPONSE_BYTES + 2 * saved.customXmlParts!.reduce((sum, p) => sum + new TextEncoder().encode(JSON.stringify(p.xml)).length, 0);
  /** A refresh's requests, response bytes and heap growth (the breaker off). */
  const refresh = async (listed: WorkbookPlacement, overwriteHandEdits = false) => {
    host.resetStats();
    const heap = process.memoryUsage().heapUsed;
    const outcome = await ws.placements.refresh(listed, { overwriteHandEdits });
    return { outcome, syncs: host.stats.syncs, responseBytes: host.stats.responseBytes, heapGrowth: process.memoryUsage().heapUsed - heap };
  };
  return { host, ws, entry: entry!, live, typeAndCheck, refresh, refreshBytes };
}

/** A live check (no `responseBytes` bound given) or a refresh: its requests, answers and heap growth bounded. */
function expectBounded(cost: { syncs: number; responseBytes: number; heapGrowth: number }, refreshBytes?: number): void {
  expect(cost.syncs).toBeLessThanOrEqual(refreshBytes === undefined ? LIVE_CHECK_SYNCS : REFRESH_SYNCS);
  expect(cost.responseBytes).toBeLessThan(refreshBytes ?? LIVE_CHECK_RESPONSE_BYTES);
  expect(cost.heapGrowth).toBeLessThan(HEAP_GROWTH_BYTES);
}

describe('reads sized by the workbook, not by the record', () => {
  it('a record claiming B2:XFD1048576 for a name covering B2:C7: Damaged, one small request per live check, a bounded refresh', async () => {
    const rows = 1 + (await statusCount());
    const { saved, location } = await savedWorkbook();
    expect(location).toBe(`Sheet1!B2:C${1 + rows}`);
    editRecord(saved, (xml) => xml.replace(`<resultLocation>${location}</resultLocation>`, `<resultLocation>${WHOLE_SHEET_FROM_B2}</resultLocation>`)
      .replace(`<endResultCell>C${1 + rows}</endResultCell>`, '<endResultCell>XFD1048576</endResultCell>'));
    const { host, ws, entry, live, typeAndCheck, refresh, refreshBytes } = await opened(saved);
    expect(entry.placement.resultLocation).toBe(WHOLE_SHEET_FROM_B2);
    expect(entry.location!.rect).toEqual({ top: 1, left: 1, bottom: rows, right: 2 });
    expect(isDamaged(entry)).toBe(true);

    const check = await typeAndCheck('999');
    // The checksum is the one written for these cells: the typed cell is named.
    expect(check.result).toEqual({ kind: 'edited', key: entry.placement.id, rows: [3], cells: ['C3'] });
    expectBounded(check);

    // Refresh reads the name's cells, finds the typed one, and writes nothing until told.
    const asked = await refresh(entry);
    expect(asked.outcome).toMatchObject({ kind: 'hand-edits', rows: [3] });
    expectBounded(asked, refreshBytes);
    expect(cellsOf(host, 'Sheet1', 2, 2, 1, 1)).toEqual([[999]]);
    // "Place again here": the whole result written back where the name is, and recorded there.
    const placedAgain = await refresh(entry, true);
    expect(done(placedAgain.outcome).placement.resultLocation).toBe(location);
    expectBounded(placedAgain, refreshBytes);
    const [after] = await ws.placements.workbookPlacements();
    expect(isDamaged(after!)).toBe(false);
    await live.stop();
  });

  it('a checksum claiming 1,048,575 × 16,383 cells as well: Damaged, the check reads only the name’s cells and names every row', async () => {
    const rows = 1 + (await statusCount());
    const { saved, location } = await savedWorkbook();
    const claimed = claimingChecksum(1_048_575, 16_383);
    editRecord(saved, (xml) => xml.replace(`<resultLocation>${location}</resultLocation>`, `<resultLocation>${WHOLE_SHEET_FROM_B2}</resultLocation>`)
      .replace(/<resultChecksum\b.*?<\/resultChecksum>/, checksumXml(claimed)));
    const { entry, live, typeAndCheck, refresh, refreshBytes } = await opened(saved);
    expect(entry.placement.resultChecksum?.chunks).toHaveLength(claimed.chunks.length);
    expect(isDamaged(entry)).toBe(true);

    const check = await typeAndCheck('999');
    // Nothing in such a record vouches for any row of the cells there are: each is named.
    expect(check.result).toMatchObject({ kind: 'edited', rows: Array.from({ length: rows }, (_, i) => 2 + i) });
    expectBounded(check);

    const asked = await refresh(entry);
    expect(asked.outcome).toMatchObject({ kind: 'hand-edits' });
    expectBounded(asked, refreshBytes);
    await live.stop();
  });

  it('a name claiming B2:XFD1048576 for a record of B2:C7: the check reads the record’s cells, a refresh the used range, and the name is put right', async () => {
    const rows = 1 + (await statusCount());
    const { saved, placementId, location } = await savedWorkbook();
    const name = saved.names.find((n) => n.name.endsWith(placementId.replace(/-/g, '_')))!;
    expect(name.formula).toBe(`=Sheet1!$B$2:$C$${1 + rows}`);
    name.formula = '=Sheet1!$B$2:$XFD$1048576';
    const { host, ws, entry, live, typeAndCheck, refresh, refreshBytes } = await opened(saved);
    expect(entry.location!.rect).toEqual({ top: 1, left: 1, bottom: 1_048_575, right: 16_383 });
    // More cells than recorded is not damage (rows inserted inside grow a name too): the extra ones count as edited.
    expect(isDamaged(entry)).toBe(false);

    const check = await typeAndCheck('999');
    expect(check.result).toEqual({ kind: 'edited', key: placementId, rows: [3], cells: ['C3'] });
    expectBounded(check);

    // Past the sheet's used range (B2:C7) the name's cells are empty: only the used ones are read.
    const asked = await refresh(entry);
    expect(asked.outcome).toMatchObject({ kind: 'hand-edits', rows: [3], cells: ['C3'] });
    expectBounded(asked, refreshBytes);
    const written = await refresh(entry, true);
    expect(done(written.outcome).placement.resultLocation).toBe(location);
    expectBounded(written, refreshBytes);
    // The name points at the result's cells again, and the cells hold it.
    expect(host.model.toJSON().names.find((n) => n.name === name.name)?.formula).toBe(`=Sheet1!$B$2:$C$${1 + rows}`);
    expect(cellsOf(host, 'Sheet1', 2, 2, 1, 1)).not.toEqual([[999]]);
    const [after] = await ws.placements.workbookPlacements();
    expect(after!.location!.rect).toEqual({ top: 1, left: 1, bottom: rows, right: 2 });
    await live.stop();
  });

  it('reads a name’s cells past the sheet’s used range as empty, and never past the name, whatever size is asked', async () => {
    const host = installWorkbook({ profile: 'web', failRequest: ({ number }) => (number > BREAKER_SYNCS ? 'GeneralException' : undefined) });
    const excel = new ExcelConnector();
    await act((context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2:C4').values = [[1, 2], [3, 4], [5, 6]];
    });
    await excel.recordPlacement('Sheet1', parseRect('B2:C10'), { placementId: 'named', sheetName: 'Sheet1', nameExists: false });
    host.resetStats();
    const read = await excel.readPlacement('named', 1_048_575, 16_383);
    // Rows 5 to 10 of the name are past the used range (B2:C4): empty, not read.
    expect(read).toEqual({ rect: parseRect('B2:C10'), values: [[1, 2], [3, 4], [5, 6], ...Array.from({ length: 6 }, () => ['', ''])] });
    // The name and the used range in one request, the used cells in another.
    expect(host.stats.syncs).toBe(2);
    expect(host.stats.responseBytes).toBeLessThan(LIVE_CHECK_RESPONSE_BYTES);
  });
});
