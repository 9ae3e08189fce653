/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { Deployment } from '../../src/contract';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { FormulaService } from '../../src/functions/formula-service';
import { openCubeWorkspace } from '../../src/pane/compose/cube-api';
import { CUBE_API_APP_CONFIG, cubeApiUser, DEFAULT_CUBE_DEPLOYMENT_ID } from '../../src/session/cube-api/cube-api-connection';
import { pastedCubeTokens, useCubeCoreWithReference } from '../support/cube-standin';
import { installWorkbook } from '../support/excel';
import { noSleep } from '../support/local-platform';

/**
 * The RS functions over a Cube REST API alone (issue 26's "Every Cube" connection, no Platform API): the Cube Core
 * stand-in answers, and the expected numbers come from SQL of the test's own on the same deterministic sample data
 * (docs/local-platform.md, "Sample data"), never from the data API. Without an `order`, Cube sorts "by a time dimension, if any;
 * otherwise … by the first measure, if any; otherwise … by the first dimension"
 * (https://cube.dev/docs/product/apis-integrations/queries, "Query defaults"), ascending for a dimension (Cube's
 * query-format docs), which the MEMBERS check follows.
 */

jest.setTimeout(60_000);

const SECRET = 'rs-functions-cube-api-secret';
const standin = useCubeCoreWithReference(SECRET);

async function service(): Promise<FormulaService> {
  installWorkbook();
  const user = cubeApiUser('Anna Analyst', null, DEFAULT_CUBE_DEPLOYMENT_ID);
  const workspace = openCubeWorkspace({ apiUrl: `${standin.cube.url}/cubejs-api`, tokens: await pastedCubeTokens(SECRET), user, deploymentId: DEFAULT_CUBE_DEPLOYMENT_ID }, {
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
  });
  return new FormulaService({
    data: workspace.data, reports: workspace.reports, runner: workspace.runner,
    deployments: () => [{ id: DEFAULT_CUBE_DEPLOYMENT_ID, name: 'Cube API' } as Deployment],
    defaultDeployment: async () => null, appConfig: () => CUBE_API_APP_CONFIG, timezone: () => null,
  });
}

const sql = (text: string, params: string[] = []) => standin.reference.read((tx) => tx.all(text, params));

test('RS.VALUE answers counts and sums of a region and year as SQL on the sample data does', async () => {
  const rs = await service();
  const pairs = ['orders.region', 'Europe', 'orders.created_at.year', 2024];
  const [count, revenue] = await Promise.all([rs.value('orders.count', pairs), rs.value('orders.total_amount', pairs)]);
  const [row] = await sql(
    `SELECT count(*) AS n, sum(amount) AS total FROM orders WHERE region = ? AND created_at >= TIMESTAMP '2024-01-01' AND created_at < TIMESTAMP '2025-01-01'`,
    ['Europe'],
  );
  expect(count).toBe(Number(row!.n));
  expect(revenue).toBeCloseTo(Number(row!.total), 2);
});

test('RS.MEMBERS lists a dimension in the order Cube gives a query without one: ascending', async () => {
  const rs = await service();
  const rows = await sql(`SELECT DISTINCT status FROM orders ORDER BY status`);
  expect(await rs.members('orders.status', [])).toEqual(rows.map((r) => [String(r.status)]));
});
