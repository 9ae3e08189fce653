/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import { WORKBOOK_REPORT_NAMESPACE } from '../../src/contract/workbook-report';
import { parseWorkbookReport, serializeWorkbookReport, WorkbookReportPartError } from '../../src/core/workbook-store';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import type { WorkspaceParts } from '../../src/pane/compose/parts';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { WorkbookModel, type SerializedWorkbook } from '../../workbench/excel-host';
import { pastedCubeTokens, useCubeCoreWithReference } from '../support/cube-standin';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep } from '../support/local-platform';
import { done } from '../support/workspace';
import { words } from '../support/workspace-store-fakes';
import { storePorts } from '../../src/pane/compose/parts';

/**
 * Issue 39, "nothing overwritten that the add-in cannot show it wrote": a received file whose placement's hidden name
 * covers Sheet1!A1:D20 but whose record holds no `resultChecksum` (no record of what was written there), with a formula
 * in C3 saved in the file and a value the reader types into D10 after opening. Nothing vouches for those cells, so
 * every one holding anything is the user's: a refresh asks first, naming them, with nothing written; Cancel keeps
 * both; Refresh all leaves it needing the user; a move asks before emptying them; Overwrite writes, and records what
 * it wrote. On Microsoft's Office.js over the host emulator, in Cube API mode (the record is a custom XML part).
 */

jest.setTimeout(60_000);

const SECRET = 'recordless-placement-secret';
const DEPLOYMENT_ID = DEFAULT_CUBE_DEPLOYMENT_ID;
const standin = useCubeCoreWithReference(SECRET);
const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };

async function cubeWorkspace(): Promise<WorkspaceParts> {
  return openCubeWorkspace({ apiUrl: `${standin.cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user: cubeApiUser('Anna Analyst', null, DEPLOYMENT_ID), deploymentId: DEPLOYMENT_ID }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    dataClient: (apiUrl, t) => new CoreDataClient({ apiUrl, tokens: t, sleep: noSleep }),
  });
}

/** The file as received: the placement's record without `resultChecksum`, its name over A1:D20, `=1+1` in C3. */
async function receivedFile(): Promise<SerializedWorkbook> {
  const sender = installWorkbook();
  const ws = await cubeWorkspace();
  const report = await ws.reports.createReport(DEPLOYMENT_ID, { name: 'Orders by status', jsonQuery: JSON.stringify(byStatus) });
  await selectCell('A1');
  const { placement } = done(await ws.placements.place(report));
  const saved = JSON.parse(JSON.stringify(sender.model.toJSON())) as SerializedWorkbook;
  const part = saved.customXmlParts!.find((p) => p.namespaceUri === WORKBOOK_REPORT_NAMESPACE)!;
  const record = parseWorkbookReport(part.xml, { partId: part.id });
  if (record instanceof WorkbookReportPartError) throw record;
  const placements = record.placements.map(({ resultChecksum: _dropped, ...p }) => ({ ...p, resultLocation: 'Sheet1!A1:D20', endResultCell: 'D20' }));
  part.xml = serializeWorkbookReport({ ...record, placements });
  const name = saved.names.find((n) => n.name.toLowerCase() === `reportsync_${placement.id!.replace(/[^A-Za-z0-9_]/g, '_')}`.toLowerCase())!;
  name.formula = '=Sheet1!$A$1:$D$20';
  saved.sheets[0]!.cells.push(['2:2', { value: 0, formula: '=1+1' }]);
  return saved;
}

it('asks before overwriting a formula and a typed value it has no record of writing; Cancel keeps both, Overwrite writes', async () => {
  const sim = installWorkbook({}, WorkbookModel.fromJSON(await receivedFile()));
  await act((c) => {
    c.workbook.worksheets.getItem('Sheet1').getRange('D10').values = [['typed after opening']];
  });
  const formulaAndTyped = () => [sim.model.toJSON().sheets[0]!.cells.find(([key]) => key === '2:2')?.[1].formula, cellsOf(sim, 'Sheet1', 9, 3, 1, 1)[0]![0]];
  expect(formulaAndTyped()).toEqual(['=1+1', 'typed after opening']);
  const untouched = JSON.stringify(sim.model.toJSON());
  const ws = await cubeWorkspace();
  const store = new WorkspaceStore({ ports: storePorts(ws), writeDisabled: () => false, words, liveDebounceMs: 1 });
  try {
    await store.start({ visible: false });
    const [entry] = store.getState().placements!;
    expect(entry!.placement.resultChecksum ?? null).toBeNull();
    expect(entry!.location).toMatchObject({ sheetName: 'Sheet1', rect: { top: 0, left: 0, bottom: 19, right: 3 } });

    // The refresh asks, naming the cells that hold anything (C3's formula and D10's value among them): nothing written.
    expect(await store.refresh(entry!)).toBe(false);
    const question = store.getState().question;
    expect(question).toMatchObject({ kind: 'hand-edits', rows: expect.arrayContaining([3, 10]), cells: expect.arrayContaining(['C3', 'D10']) });
    expect(JSON.stringify(sim.model.toJSON())).toBe(untouched);
    // Cancel: the question goes, both stay.
    store.cancelQuestion();
    expect(store.getState().question).toBeNull();
    expect(formulaAndTyped()).toEqual(['=1+1', 'typed after opening']);
    expect(JSON.stringify(sim.model.toJSON())).toBe(untouched);

    // Refresh all does not write it either: it needs the user, with the same cells.
    const [item] = await startRefreshAll(ws.placements, store.getState().placements!).done;
    expect(item).toMatchObject({ state: 'needs-attention', outcome: { kind: 'hand-edits', cells: expect.arrayContaining(['C3', 'D10']) } });
    expect(JSON.stringify(sim.model.toJSON())).toBe(untouched);

    // Moving it would empty them: asked first as well, nothing written at F1 or here.
    await selectCell('F1');
    const moved = await ws.placements.move({ deploymentId: entry!.deploymentId, reportId: entry!.reportId, placementId: entry!.placement.id! });
    expect(moved).toMatchObject({ kind: 'hand-edits', cells: expect.arrayContaining(['C3', 'D10']) });
    expect(cellsOf(sim, 'Sheet1', 0, 5, 1, 1)).toEqual([['']]);
    expect(formulaAndTyped()).toEqual(['=1+1', 'typed after opening']);

    // Overwrite: written, the leftovers of A1:D20 cleared, and what was written recorded, so the next refresh asks nothing.
    expect(await store.refresh(entry!)).toBe(false);
    expect(await store.answerHandEdits()).toBe(true);
    expect(formulaAndTyped()).toEqual([undefined, '']);
    expect(cellsOf(sim, 'Sheet1', 0, 0, 1, 2)).toEqual([['Status', 'Count']]);
    const [written] = store.getState().placements!;
    expect(written!.placement.resultChecksum).toMatchObject({ v: 3 });
    done(await ws.placements.refresh(written!));
  } finally {
    await store.dispose();
  }
});
