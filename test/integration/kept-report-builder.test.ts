/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import type { BuilderState } from '../../src/builder/builder-model';
import { ExplorationController } from '../../src/builder/exploration-controller';
import type { CubeQuery } from '../../src/contract';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import { CUBE_API_APP_CONFIG, cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import type { SettingsConnection } from '../../src/session/connection';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { pastedCubeTokens } from '../support/cube-standin';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep } from '../support/local-platform';

/**
 * Browse's "Open in builder" of a report kept in the workbook (issue 26): the builder opens the report with no
 * placement (`{ kind: 'report' }`), writes its draft at the selection as a new exploration does, and Save saves into
 * that report (its version raised, no placement added), over the Cube Core stand-in and Microsoft's Office.js on the
 * host emulator.
 */

jest.setTimeout(60_000);

const SECRET = 'kept-report-builder-secret';
const DEPLOYMENT_ID = DEFAULT_CUBE_DEPLOYMENT_ID;

let cube: RunningCubeCore;
beforeAll(async () => {
  cube = await startCubeCore({ dataDir: ':memory:', port: 0, jwt: { apiSecret: SECRET }, corsOrigins: [], log: () => {} });
});
afterAll(async () => {
  await cube?.close();
});

const byStatus: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' } };

function settledOn(controller: ExplorationController, done: (state: BuilderState) => boolean): Promise<BuilderState> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const state = controller.getState();
      if (state.saving) return;
      if (done(state)) {
        stop();
        resolve(state);
      } else if (state.actionError || state.changedElsewhere || state.question || state.run.kind === 'failed') {
        stop();
        reject(new Error(state.actionError ?? (state.run.kind === 'failed' ? state.run.message : 'asked or changed elsewhere')));
      }
    };
    const stop = controller.subscribe(check);
    check();
  });
}

it('opens a kept report without a placement, writes at the selection, and saves into the report', async () => {
  const sim = installWorkbook();
  const user = cubeApiUser('Anna Analyst', null, DEPLOYMENT_ID);
  const workspace = openCubeWorkspace({ apiUrl: `${cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user, deploymentId: DEPLOYMENT_ID }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
  });
  const report = await workspace.reports.createReport(DEPLOYMENT_ID, { name: 'Orders by status', jsonQuery: JSON.stringify(byStatus) });
  await selectCell('D2');
  const connection: SettingsConnection = { user, deployments: [], appConfig: CUBE_API_APP_CONFIG, updateSettings: async () => user };
  const controller = new ExplorationController(
    { ports: workspace, connection, describe: (e) => describeError(e, i18nFor('en-US')), debounceMs: 0 },
    { kind: 'report', report: await workspace.reports.getReport(DEPLOYMENT_ID, report.id) },
  );
  await controller.open();
  expect(controller.getState()).toMatchObject({
    phase: 'ready', loadError: null, hasCells: false, resultLocation: 'Sheet1!D2', unsaved: false,
    opened: { report: { id: report.id }, placementId: null }, save: { allowed: true },
  });
  expect(controller.getState().exploration).toMatchObject({ measures: ['orders.count'], rows: ['orders.status'] });

  // Changed (statuses descending) and run: written at the selection, as the draft's cells.
  controller.setOrder([{ member: 'orders.status', direction: 'desc' }]);
  controller.run();
  const ran = await settledOn(controller, (s) => s.run.kind === 'done');
  expect(ran).toMatchObject({ unsaved: true, hasCells: true, resultLocation: expect.stringMatching(/^Sheet1!D2:E\d+$/) });
  const statuses = cellsOf(sim, 'Sheet1', 2, 3, 3, 1).map(([s]) => String(s));
  expect([...statuses].sort().reverse()).toEqual(statuses);

  // Save: into the report (a new version with the new order), no placement, the cells still the draft's.
  controller.save();
  const saved = await settledOn(controller, (s) => s.notice === 'saved');
  expect(saved).toMatchObject({ unsaved: false, opened: { report: { id: report.id }, placementId: null } });
  const after = await workspace.reports.getReport(DEPLOYMENT_ID, report.id);
  expect(after.version).toBe((report.version ?? 1) + 1);
  expect(JSON.parse(after.jsonQuery!)).toMatchObject({ measures: ['orders.count'], dimensions: ['orders.status'], order: [['orders.status', 'desc']] });
  expect(after.externalWorkbookPlacements ?? []).toEqual([]);
  expect((await workspace.reports.listReports(DEPLOYMENT_ID)).items).toHaveLength(1);
  expect(sim.model.names.map((n) => n.name)).toContain('ReportSync_draft');
  await controller.close({ clearCells: false });
});
