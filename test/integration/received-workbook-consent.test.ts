/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, Deployment } from '../../src/contract';
import { ExcelCalculation } from '../../src/excel/calculation';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { CONSENT_MESSAGE, formulaCalls, removeFormulaService } from '../../src/functions/formula-registry';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import { formulasAfterConsent, startFormulas } from '../../src/pane/formula-wiring';
import type { ConsentStorage } from '../../src/pane/workbook-consent';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import type { WorkspaceParts } from '../../src/pane/compose/parts';
import { CUBE_API_APP_CONFIG, cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { WorkbookModel, type ExcelHost, type SerializedWorkbook } from '../../workbench/excel-host';
import { pastedCubeTokens, recordingFetch, useCubeCoreWithReference } from '../support/cube-standin';
import { act, installWorkbook, selectCell } from '../support/excel';
import { noSleep } from '../support/local-platform';
import { installRsFunctions } from '../support/rs-functions';
import { done } from '../support/workspace';
import { until, words } from '../support/workspace-store-fakes';
import { formulaPorts, storePorts } from '../../src/pane/compose/parts';

/**
 * Issue 39, "a workbook someone sends you is not you", on Microsoft's Office.js over the host emulator against the
 * Cube Core stand-in (Cube API mode: the reports and placements travel inside the file). A sender makes a file with a
 * report placed on a sheet it then makes very hidden, "Refresh when this workbook opens" on, and an RS formula; the
 * reader opens the saved file. Until the reader allows it, no `/v1/load` is sent — not by refresh on open, not by the
 * formula — and the pane names what the file would query, the very hidden sheet included. Allow sends them; the
 * allowance is the add-in's (a storage beside the file), holds when the pane opens again, and is not in the file.
 * Expected numbers come from SQL of the test's own on the sample data.
 */

jest.setTimeout(60_000);

const SECRET = 'received-workbook-secret';
const DEPLOYMENT_ID = DEFAULT_CUBE_DEPLOYMENT_ID;
const standin = useCubeCoreWithReference(SECRET);
const byRegion: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.region'], order: { 'orders.region': 'asc' } };

async function cubeWorkspace(sent: string[] = []): Promise<WorkspaceParts> {
  return openCubeWorkspace({ apiUrl: `${standin.cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user: cubeApiUser('Anna Analyst', null, DEPLOYMENT_ID), deploymentId: DEPLOYMENT_ID }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    dataClient: (apiUrl, t) => new CoreDataClient({ apiUrl, tokens: t, sleep: noSleep, fetch: recordingFetch(sent) }),
  });
}

/** The add-in's own storage, as a map the test can look into. */
function memoryStorage(): ConsentStorage & { saved: Map<string, readonly string[]> } {
  const saved = new Map<string, readonly string[]>();
  return { saved, allowed: (user, id) => saved.get(`${user}|${id}`) ?? null, allow: (user, id, items) => void saved.set(`${user}|${id}`, items) };
}

/** The sender's file: a report placed on Payroll (then very hidden), refresh on open, RS.VALUE on Sheet1. */
async function sendersFile(): Promise<SerializedWorkbook> {
  const sim = installWorkbook({ profile: 'web' });
  await act((c) => void c.workbook.worksheets.add('Payroll'));
  const ws = await cubeWorkspace();
  const report = await ws.reports.createReport(DEPLOYMENT_ID, { name: 'Orders by region', jsonQuery: JSON.stringify(byRegion) });
  await selectCell('A1', 'Payroll');
  done(await ws.placements.place(report));
  await ws.workbook.writeRefreshOnOpen(true);
  await act((c) => {
    c.workbook.worksheets.getItem('Sheet1').getRange('A1').formulas = [['=RS.VALUE("orders.count","orders.region","Europe")']];
    c.workbook.worksheets.getItem('Payroll').visibility = Excel.SheetVisibility.veryHidden;
  });
  return JSON.parse(JSON.stringify(sim.model.toJSON())) as SerializedWorkbook;
}

/** The reader's pane on the file: the store with consent, and the formulas answered over its workspace. */
async function readersPane(host: ExcelHost, storage: ConsentStorage, sent: string[]) {
  const workspace = await cubeWorkspace(sent);
  const calculation = new ExcelCalculation();
  const store = new WorkspaceStore({
    ports: storePorts(workspace), writeDisabled: () => false, words, liveDebounceMs: 1,
    consent: { storage, user: 'cube:anna', keptInFile: () => true, formulaCalls, afterAllow: () => formulasAfterConsent(calculation) },
  });
  const formulas = startFormulas({
    ports: formulaPorts(workspace), calculation, consent: store.consent,
    deployments: () => [{ id: DEPLOYMENT_ID, name: 'Cube API' } as Deployment],
    appConfig: () => CUBE_API_APP_CONFIG, user: () => cubeApiUser('Anna Analyst', null, DEPLOYMENT_ID), browsedDeployment: () => DEPLOYMENT_ID,
  });
  // Excel calculates the file's formulas as it opens, while the pane starts.
  await act((c) => c.workbook.application.calculate(Excel.CalculationType.full));
  await store.start({ visible: false });
  await until(() => store.getState().consent.kind !== 'deciding');
  await host.model.calculation.idle();
  return { store, formulas };
}

const loads = (sent: readonly string[]) => sent.filter((url) => /\/v1\/load\b/.test(url)).length;
const formulaCell = (host: ExcelHost) => host.model.cellAt(host.model.sheetByName('Sheet1')!, 0, 0);

afterEach(() => removeFormulaService());

test('a received file with refresh on open and a formula sends no /v1/load until Allow, names its very hidden sheet, then queries; the allowance holds on reopening and is not in the file', async () => {
  const saved = await sendersFile();
  const [europe] = await standin.reference.read((tx) => tx.all(`SELECT count(*) AS n FROM orders WHERE region = 'Europe'`));

  const host = installWorkbook({ profile: 'web' }, WorkbookModel.fromJSON(saved));
  await installRsFunctions(host);
  const storage = memoryStorage();
  const sent: string[] = [];
  const { store, formulas } = await readersPane(host, storage, sent);

  const consent = store.getState().consent;
  expect(consent).toMatchObject({
    kind: 'asking',
    queries: {
      reports: [{ title: 'Orders by region', members: ['orders.count', 'orders.region'] }],
      sheets: [{ name: 'Payroll', visibility: 'VeryHidden' }],
      refreshOnOpen: true,
    },
  });
  expect(consent.kind === 'asking' && consent.queries.formulas).toBeGreaterThan(0);
  expect(formulaCell(host)).toMatchObject({ value: '#N/A', error: true, errorMessage: CONSENT_MESSAGE });
  // A while later still nothing: no query was sent, no refresh ran.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(loads(sent)).toBe(0);
  expect(store.getState().run).toBeNull();

  await store.consent!.allow();
  await until(() => store.getState().run?.running === false);
  await host.model.calculation.idle();
  expect(store.getState().run?.items.map((item) => item.state)).toEqual(['done']);
  expect(formulaCell(host)?.value).toBe(Number(europe!.n));
  expect(loads(sent)).toBeGreaterThanOrEqual(2);
  expect(storage.saved.size).toBe(1);
  const [allowance] = [...storage.saved.values()];

  // Not in the file: nothing the allowance holds is saved in the workbook.
  const file = JSON.stringify(host.model.toJSON());
  for (const item of allowance!) expect(file).not.toContain(item);
  formulas.stop();
  await store.dispose();

  // The pane opens again on the same file: allowed from the add-in's storage, refresh on open runs with no question.
  const reopened = installWorkbook({ profile: 'web' }, WorkbookModel.fromJSON(JSON.parse(file) as SerializedWorkbook));
  await installRsFunctions(reopened);
  const again: string[] = [];
  const second = await readersPane(reopened, storage, again);
  expect(second.store.getState().consent).toEqual({ kind: 'allowed' });
  await until(() => second.store.getState().run?.running === false);
  expect(second.store.getState().run?.items.map((item) => item.state)).toEqual(['done']);
  expect(formulaCell(reopened)?.value).toBe(Number(europe!.n));
  expect(loads(again)).toBeGreaterThanOrEqual(2);
  second.formulas.stop();
  await second.store.dispose();
});

test('the same file for a reader who never allowed it, in a storage of its own: asked again', async () => {
  const saved = await sendersFile();
  const host = installWorkbook({ profile: 'web' }, WorkbookModel.fromJSON(saved));
  await installRsFunctions(host);
  const sent: string[] = [];
  const { store, formulas } = await readersPane(host, memoryStorage(), sent);
  expect(store.getState().consent.kind).toBe('asking');
  store.consent!.notNow();
  await store.refreshAll();
  expect(store.getState().consent.kind).toBe('asking');
  expect(loads(sent)).toBe(0);
  formulas.stop();
  await store.dispose();
});
