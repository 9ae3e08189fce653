import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { readCells, selectCell } from './support/actions';
import { addMember, newExplorationAt, saveAsReport } from './support/builder';
import { cubeShot, expectedGrid, openEmptyWorkbookOnCube, useCubeStandIn } from './support/cube';
import { rangeOf, untilCells } from './support/cube-cells';
import { axeViolations, settledPaint } from './support/pane';

/**
 * Issue 42: connected straight to a Cube API, a report with a filter is placed with the line naming its filters above
 * the table, as the platform places it by default. The cells under the line are what an independent `/v1/load` of
 * the stand-in gives.
 */
const bench = useCubeStandIn();
const page = (): Page => bench.page;

const REVENUE = 'sales.total_amount';
const REGION = 'sales.region';
const CREATED = 'sales.created_at';
const NAME = 'Revenue by region, last 12 months';
/** A date filter added in the builder starts as the last 12 months. */
const QUERY: CubeQuery = { measures: [REVENUE], dimensions: [REGION], filters: [{ member: CREATED, operator: 'inDateRange', values: ['last 12 months'] }] };

const reportRow = (title: string) => page().locator('[aria-label="Reports"] li', { hasText: title });

/** Two rows down from `anchor`: where the table starts under the filter line and the blank row after it. */
const below = (anchor: string) => anchor.replace(/\d+$/, (row) => String(Number(row) + 2));

/** The filter line at `anchor`: it names the filtered member by its title in the model, as the platform writes it. */
async function filterLine(anchor: string): Promise<string> {
  return String((await readCells(page(), anchor)).values[0]![0]);
}

test('a filtered exploration and the report saved from it are placed with the filter line above the table', async () => {
  await openEmptyWorkbookOnCube(bench);

  await newExplorationAt(page(), 'B2', 'sales');
  await addMember(page(), REVENUE, 'Add to Measures', 'measures');
  await addMember(page(), REGION, 'Add to Rows', 'rows');
  await addMember(page(), CREATED, 'Add to Filters', 'filters');
  const expected = await expectedGrid(bench.cube, QUERY);
  await untilCells(page(), rangeOf(below('B2'), expected), expected);
  expect(await filterLine('B2')).toMatch(/^Filters: Created at\b.*12 months/);
  expect((await readCells(page(), 'B3')).values).toEqual([['']]);

  await saveAsReport(page(), NAME);

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
