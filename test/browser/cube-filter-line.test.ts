import type { Page } from 'playwright-core';
import type { RunningCubeCore } from '../../server/cube-core';
import type { CubeQuery } from '../../src/contract';
import { freshWorkbench, readCells, selectCell } from './support/actions';
import { addMember, chooseView } from './support/builder';
import { connectCube, cubeShot, expectedGrid, startCubeStandIn } from './support/cube';
import { rangeOf, untilCells } from './support/cube-cells';
import { axeViolations, settledPaint } from './support/pane';
import { useWorkbench } from './support/workbench';

// The first file to run builds the add-in (minutes on a busy machine).
jest.setTimeout(600_000);

/**
 * Issue 42: connected straight to a Cube API, a report with a filter is placed with the line naming its filters above
 * the table, as the platform places it by default. The cells under the line are what an independent `/v1/load` of
 * the stand-in gives.
 */
const bench = useWorkbench();
const page = (): Page => bench.page;
let cube: RunningCubeCore;

beforeAll(async () => {
  cube = await startCubeStandIn([bench.workbench.server.url]);
});
afterAll(async () => {
  await cube?.close();
});

const REVENUE = 'sales.total_amount';
const REGION = 'sales.region';
const CREATED = 'sales.created_at';
const NAME = 'Revenue by region, last 12 months';
/** A date filter added in the builder starts as the last 12 months. */
const QUERY: CubeQuery = { measures: [REVENUE], dimensions: [REGION], filters: [{ member: CREATED, operator: 'inDateRange', values: ['last 12 months'] }] };

const builder = () => page().getByTestId('builder');
const reportRow = (title: string) => page().locator('[aria-label="Reports"] li', { hasText: title });

/** Two rows down from `anchor`: where the table starts under the filter line and the blank row after it. */
const below = (anchor: string) => anchor.replace(/\d+$/, (row) => String(Number(row) + 2));

/** The filter line at `anchor`: it names the filtered member by its title in the model, as the platform writes it. */
async function filterLine(anchor: string): Promise<string> {
  return String((await readCells(page(), anchor)).values[0]![0]);
}

test('a filtered exploration and the report saved from it are placed with the filter line above the table', async () => {
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`);
  await connectCube(page(), cube);
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();

  await selectCell(page(), 'B2');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B2' }).waitFor();
  await page().getByRole('button', { name: 'New exploration' }).click();
  await page().getByTestId('builder-view-picker').waitFor();
  await chooseView(page(), 'sales');
  const autoRun = builder().getByRole('switch', { name: 'Auto-run' });
  if (!(await autoRun.isChecked())) await autoRun.click();
  await addMember(page(), REVENUE, 'Add to Measures', 'measures');
  await addMember(page(), REGION, 'Add to Rows', 'rows');
  await addMember(page(), CREATED, 'Add to Filters', 'filters');
  const expected = await expectedGrid(cube, QUERY);
  await untilCells(page(), rangeOf(below('B2'), expected), expected);
  expect(await filterLine('B2')).toMatch(/^Filters: Created at\b.*12 months/);
  expect((await readCells(page(), 'B3')).values).toEqual([['']]);

  await builder().getByRole('button', { name: 'Save as report…' }).click();
  await builder().getByRole('textbox', { name: 'Report name' }).fill(NAME);
  await builder().getByRole('button', { name: 'Save report' }).click();
  await builder().getByText(`Saved as “${NAME}”. These cells are now its placement.`).waitFor();
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await builder().waitFor({ state: 'detached' });

  // Placed again from the Reports list, as a platform report is placed: the line above the table there too.
  await selectCell(page(), 'B20');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B20' }).waitFor();
  await page().getByRole('searchbox', { name: 'Search reports' }).fill(NAME);
  await reportRow(NAME).first().getByRole('button', { name: 'Place' }).click();
  await page().getByText(`${NAME} is in Sheet1!B20`).waitFor();
  await untilCells(page(), rangeOf(below('B20'), expected), expected);
  expect(await filterLine('B20')).toBe(await filterLine('B2'));
  const card = page().locator('[aria-label="Placements in this workbook"] li', { hasText: `Sheet1!${rangeOf('B20', [[''], [''], ...expected])}` });
  await card.getByText('Up to date').waitFor();
  await settledPaint(page());
  await cubeShot(page(), 'cube-filter-line');
  expect(await axeViolations(page())).toEqual([]);
});
