/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, UserSettings } from '../../src/contract';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import { cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { pastedCubeTokens, useCubeCoreWithReference } from '../support/cube-standin';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep } from '../support/local-platform';
import { done } from '../support/workspace';

/**
 * Issue 42: a placement in "Cube API" mode gets the line naming the report's filters above its table by default, as
 * a platform placement does (the platform's app config has `sheetsUi.showAppliedFilters` on); the user's own sheet
 * setting still turns it off. Expected counts come from SQL of the test's own on the stand-in's sample data.
 */

jest.setTimeout(60_000);

const SECRET = 'cube-filter-line-test-secret';
const standin = useCubeCoreWithReference(SECRET);
const europe: CubeQuery = {
  measures: ['orders.count'], dimensions: ['orders.status'], order: { 'orders.status': 'asc' },
  filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }],
};

async function placedAtA1(settings: UserSettings | null) {
  const sim = installWorkbook();
  const user = cubeApiUser('Anna Analyst', settings, DEFAULT_CUBE_DEPLOYMENT_ID);
  const ws = openCubeWorkspace({ apiUrl: `${standin.cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    dataClient: (apiUrl, t) => new CoreDataClient({ apiUrl, tokens: t, sleep: noSleep }),
  });
  const report = await ws.reports.createReport(DEFAULT_CUBE_DEPLOYMENT_ID, { name: 'Orders in Europe', jsonQuery: JSON.stringify(europe) });
  await selectCell('A1');
  const placed = done(await ws.placements.place(report));
  return { sim, placed };
}

/** Orders per status in Europe, straight from the sample data. */
async function expectedCounts(): Promise<[string, number][]> {
  const rows = await standin.reference.read((tx) => tx.all("SELECT status, count(*) AS n FROM orders WHERE region = 'Europe' GROUP BY status ORDER BY status"));
  return rows.map((r) => [String(r.status), Number(r.n)]);
}

it('a filtered report placed in Cube API mode has the filter line above its table by default', async () => {
  const counts = await expectedCounts();
  const { sim, placed } = await placedAtA1(null);
  // The filter line, then a blank row, then the header and the counts.
  const [line] = cellsOf(sim, 'Sheet1', 0, 0, 1, 1)[0]!;
  expect(String(line)).toMatch(/Europe/);
  expect(cellsOf(sim, 'Sheet1', 1, 0, 1, 2)).toEqual([['', '']]);
  const body = cellsOf(sim, 'Sheet1', 3, 0, counts.length, 2).map(([status, n]) => [String(status), Number(n)]);
  expect(body).toEqual(counts);
  expect(placed.placement.resultLocation).toBe(`Sheet1!A1:B${3 + counts.length}`);
});

it("the user's own sheet setting off places it without the line", async () => {
  const counts = await expectedCounts();
  const { sim, placed } = await placedAtA1({ sheets: { showAppliedFilters: false } });
  const body = cellsOf(sim, 'Sheet1', 1, 0, counts.length, 2).map(([status, n]) => [String(status), Number(n)]);
  expect(body).toEqual(counts);
  expect(placed.placement.resultLocation).toBe(`Sheet1!A1:B${1 + counts.length}`);
});
