import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { parse, stringify } from 'yaml';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { MODEL_PATH } from '../../server/app';
import type { CubeQuery } from '../../src/contract';
import { ENGLISH_CELL_WORDS, type CellWords } from '../../src/core/cell-words';
import { cellsDe } from '../../src/taskpane/i18n/cells-de';
import { builderDe } from '../../src/taskpane/i18n/builder-de';
import { builderEn } from '../../src/taskpane/i18n/builder-en';
import { cubeDe } from '../../src/taskpane/i18n/cube-de';
import { cubeEn } from '../../src/taskpane/i18n/cube-en';
import { de } from '../../src/taskpane/i18n/de';
import { en } from '../../src/taskpane/i18n/en';
import { freshWorkbench, selectCell } from './support/actions';
import { addMember, chooseView } from './support/builder';
import { cubeToken, expectedGrid as cubeGrid } from './support/cube';
import { rangeOf, untilCells } from './support/cube-cells';
import { axeViolations, settledPaint } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(600_000);

/**
 * Issue 42's builder for the self-hosted Cube user, in both modes, through the visible controls: the view's segments
 * listed and applied (the cells equal an independent `/v1/load` with the segment), kept with the saved report and
 * back when it is opened again; a public cube no view draws on under "More"; Show SQL in Cube mode showing exactly
 * what `/v1/sql` answers; no Folder field where reports have no folders.
 *
 * The sample model's only cube is in its view, so the Cube stand-in here serves that model plus a public cube in no
 * view (`returns`, over the same table) and a private one (`audit`, `public: false`), as Cube's data-model reference
 * allows: cubes are public by default, and a view draws on only the cubes its `join_path`s name.
 */
const bench = useWorkbench();
const page = (): Page => bench.page;
const builder = () => page().getByTestId('builder');
let cube: RunningCubeCore;

const REVENUE = 'sales.total_amount';
const REGION = 'sales.region';
const COMPLETED = 'sales.completed';
const SEGMENT_TITLE = 'Completed orders';
const RETURNS = 'returns.count';

function modelWithMoreCubes(): string {
  const model = parse(readFileSync(MODEL_PATH, 'utf8')) as { cubes: unknown[] };
  model.cubes.push(
    {
      name: 'returns', sql_table: 'orders', title: 'Returns', description: 'Orders sent back.',
      measures: [{ name: 'count', type: 'count', title: 'Returned orders', filters: [{ sql: "{CUBE}.status = 'returned'" }] }],
      dimensions: [
        { name: 'id', sql: '{CUBE}.id', type: 'number', primary_key: true },
        { name: 'region', sql: '{CUBE}.region', type: 'string', title: 'Region' },
      ],
    },
    { name: 'audit', sql_table: 'orders', title: 'Audit', public: false, measures: [{ name: 'count', type: 'count' }] },
  );
  const path = join(mkdtempSync(join(tmpdir(), 'builder-segments-')), 'model.yml');
  writeFileSync(path, stringify(model));
  return path;
}

beforeAll(async () => {
  cube = await startCubeCore({ dataDir: ':memory:', corsOrigins: [bench.workbench.server.url], jwt: { apiSecret: 'segments-secret' }, log: () => undefined, modelPath: modelWithMoreCubes() });
});
afterAll(async () => {
  await cube?.close();
});

async function axe() {
  await settledPaint(page());
  return axeViolations(page());
}

async function shot(name: string) {
  await settledPaint(page());
  await page().screenshot({ path: join(screenshots, `${name}.png`) });
}

const segmentBox = (words = builderEn, title = SEGMENT_TITLE) =>
  builder().getByRole('group', { name: words.segmentsList }).getByRole('checkbox', { name: title });

/** The cells an independent `/v1/load` of the platform's data API gives: headers (short titles), then the rows. */
async function platformGrid(query: CubeQuery): Promise<(string | number)[][]> {
  const data = await bench.platform.dataClient(bench.platform.admin);
  const { data: rows, annotation } = await data.load(query);
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  const headers = [...dimensions.map((d) => annotation.dimensions[d]!.shortTitle), ...measures.map((m) => annotation.measures[m]!.shortTitle)];
  return [headers, ...rows.map((row) => [...dimensions.map((d) => String(row[d])), ...measures.map((m) => Number(row[m]))])];
}

/** The segment's short title in an independent load's annotation (Cube's `annotation.segments`). */
async function segmentTitle(load: (query: CubeQuery) => Promise<{ annotation: { segments: Record<string, unknown> } }>): Promise<string> {
  const { annotation } = await load({ ...revenueQuery, segments: [COMPLETED] });
  return (annotation.segments[COMPLETED] as { shortTitle: string }).shortTitle;
}

/** A grid with the filter line above it, as the table is written with its applied-filter summary shown. */
const withFilterLine = (grid: (string | number)[][], line: string) => [[line, ''], ['', ''], ...grid];

/** An independent `/v1/load` of the stand-in, as sent over HTTP. */
async function cubeLoad(query: CubeQuery) {
  const response = await fetch(`${cube.apiUrl}/load?query=${encodeURIComponent(JSON.stringify(query))}`, { headers: { Authorization: await cube.signToken({ user_id: 'checker' }) } });
  return (await response.json()) as { annotation: { segments: Record<string, unknown> } };
}

/** Starts a new exploration at `anchor`, auto-run on, with Revenue by Region of the `sales` view, filter line shown. */
async function revenueByRegion(anchor: string, words = builderEn, newExploration = words.explore) {
  await selectCell(page(), anchor);
  await page().getByRole('button', { name: newExploration }).click();
  await page().getByTestId('builder-view-picker').waitFor();
  // The one view is chosen for the user, cubes under "More" or not.
  await builder().getByRole('combobox', { name: words.view }).filter({ hasText: 'Sales' }).waitFor();
  await page().locator('li[draggable][data-member]').first().waitFor();
  const autoRun = builder().getByRole('switch', { name: words.autoRun });
  if ((await autoRun.count()) && !(await autoRun.isChecked())) await autoRun.click();
  // The summary of applied filters shown, whatever the mode's default: the segment is said in it.
  await builder().getByRole('combobox', { name: words.appliedFilters }).click();
  await page().getByRole('option', { name: words.appliedFilterChoices.show, exact: true }).click();
  await builder().getByRole('combobox', { name: words.appliedFilters }).filter({ hasText: words.appliedFilterChoices.show }).waitFor();
  await addMember(page(), REVENUE, words.addTo.measures, 'measures');
  await addMember(page(), REGION, words.addTo.rows, 'rows');
}

/** Applies the `completed` segment and waits for the cells the independent load with it gives (which differ without it). */
async function applyCompleted(anchor: string, plain: unknown[][], withSegment: unknown[][]) {
  expect(withSegment).not.toEqual(plain);
  await untilCells(page(), rangeOf(anchor, plain), plain);
  expect(await segmentBox().isChecked()).toBe(false);
  await segmentBox().click();
  await untilCells(page(), rangeOf(anchor, withSegment), withSegment);
  expect(await segmentBox().isChecked()).toBe(true);
}

async function saveAs(name: string, folderField: boolean) {
  await builder().getByRole('button', { name: 'Save as report…' }).click();
  await builder().getByRole('textbox', { name: 'Report name' }).fill(name);
  expect(await builder().getByRole('combobox', { name: builderEn.folder }).count()).toBe(folderField ? 1 : 0);
  await builder().getByRole('button', { name: 'Save report' }).click();
  await builder().getByText(`Saved as “${name}”. These cells are now its placement.`).waitFor();
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await builder().waitFor({ state: 'detached' });
}

/** Opens the placement's report again (its card's Edit) and waits until the builder shows its members. */
async function reopen(name: string) {
  await page().getByRole('button', { name: builderEn.editPlacement(name) }).click();
  await builder().locator(`ul[data-axis="measures"] > li[data-member="${REVENUE}"]`).waitFor();
}

async function connectToCube(query = '', m = en, c = cubeEn) {
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html${query}`);
  await page().getByRole('button', { name: m.useCubeApi }).click();
  await page().getByRole('textbox', { name: new RegExp(c.address) }).fill(`${cube.url}/cubejs-api`);
  await page().getByLabel(new RegExp(c.token)).fill(await cubeToken(cube.apiSecret));
  await page().getByRole('button', { name: c.connect, exact: true }).click();
  await page().getByTestId('cube-connected').waitFor();
}

const revenueQuery: CubeQuery = { measures: [REVENUE], dimensions: [REGION] };

test('platform: the completed segment applied equals an independent load with it, and comes back with the saved report', async () => {
  await bench.platform.admin.updateSettings({ sheets: { autoRunQueryOnChange: true, showAppliedFilters: false } });
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`, `token=${bench.platform.platform.tokens.admin}`);
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  await revenueByRegion('B2');
  const plain = await platformGrid(revenueQuery);
  const data = await bench.platform.dataClient(bench.platform.admin);
  const title = await segmentTitle((query) => data.load(query));
  const completed = withFilterLine(await platformGrid({ ...revenueQuery, segments: [COMPLETED] }), ENGLISH_CELL_WORDS.filters(title));
  await applyCompleted('B2', plain, completed);
  expect(await axe()).toEqual([]);

  await saveAs('Completed revenue by region', true);
  await reopen('Completed revenue by region');
  expect(await segmentBox().isChecked()).toBe(true);
  await untilCells(page(), rangeOf('B2', completed), completed);
  // Taken off: the cells go back to the load without it.
  await segmentBox().click();
  await untilCells(page(), rangeOf('B2', plain), plain);
});

test('Cube mode: segments, "More" cubes, Show SQL as /v1/sql answers, and Save without a Folder field', async () => {
  await connectToCube();
  await revenueByRegion('B2');

  // The public cube no view draws on is offered under "More"; the view draws on `orders`, `audit` is private.
  await page().getByTestId('builder-view-picker').click();
  const more = page().getByRole('group', { name: builderEn.moreCubes });
  await more.getByRole('option', { name: /Returns/ }).waitFor();
  expect(await page().getByRole('option').evaluateAll((options) => options.map((o) => o.getAttribute('data-view')))).toEqual(['sales', 'returns']);
  expect(await more.getByRole('option').count()).toBe(1);
  await shot('builder-more-cubes');
  expect(await axe()).toEqual([]);
  await page().keyboard.press('Escape');

  const plain = await cubeGrid(cube, revenueQuery);
  const title = await segmentTitle(cubeLoad);
  const completed = withFilterLine(await cubeGrid(cube, { ...revenueQuery, segments: [COMPLETED] }), ENGLISH_CELL_WORDS.filters(title));
  await applyCompleted('B2', plain, completed);

  // Show SQL is offered without an admin: what an independent `/v1/sql` of the same query answers.
  await builder().getByRole('button', { name: builderEn.showSql }).click();
  const sql = builder().getByTestId('builder-sql');
  await sql.waitFor();
  const answer = await fetch(`${cube.apiUrl}/sql`, {
    method: 'POST',
    headers: { Authorization: await cube.signToken({ user_id: 'checker' }), 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: { ...revenueQuery, segments: [COMPLETED] } }),
  });
  expect(answer.status).toBe(200);
  const [text, params] = ((await answer.json()) as { sql: { sql: [string, unknown[]] } }).sql.sql;
  expect(text).toContain('completed');
  expect(await sql.textContent()).toBe(text);
  const shown = params.length ? await builder().getByTestId('builder-sql-params').locator('li').allTextContents() : [];
  expect(shown).toEqual(params.map((p) => (typeof p === 'string' ? p : JSON.stringify(p))));
  await sql.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await shot('builder-cube-sql');
  expect(await axe()).toEqual([]);

  // Kept in the workbook: no folders, so no Folder field offering only "No folder"; the segment comes back.
  await saveAs('Completed revenue (Cube)', false);
  await reopen('Completed revenue (Cube)');
  expect(await segmentBox().isChecked()).toBe(true);
  await untilCells(page(), rangeOf('B2', completed), completed);
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await builder().waitFor({ state: 'detached' });

  // The cube under "More" is explored as any view is.
  await selectCell(page(), 'H2');
  await page().getByRole('button', { name: builderEn.explore }).click();
  await chooseView(page(), 'returns');
  await addMember(page(), RETURNS, builderEn.addTo.measures, 'measures');
  await addMember(page(), 'returns.region', builderEn.addTo.rows, 'rows');
  const returns = await cubeGrid(cube, { measures: [RETURNS], dimensions: ['returns.region'] });
  await untilCells(page(), rangeOf('H2', returns), returns);
  // `returns` has no segments: no Segments section.
  expect(await builder().getByRole('heading', { name: builderEn.sections.segments }).count()).toBe(0);
});

test('German: Segmente, Weitere, and the SQL in words of the pane\'s language', async () => {
  await connectToCube('?lang=de-DE', de, cubeDe);
  await revenueByRegion('B2', builderDe);
  await builder().getByRole('heading', { name: builderDe.sections.segments }).waitFor();
  await segmentBox(builderDe).click();
  const german: CellWords = cellsDe;
  const completed = withFilterLine(await cubeGrid(cube, { ...revenueQuery, segments: [COMPLETED] }), german.filters(await segmentTitle(cubeLoad)));
  await untilCells(page(), rangeOf('B2', completed), completed);
  await builder().getByRole('button', { name: builderDe.showSql }).click();
  await builder().getByText(builderDe.sqlLabel).waitFor();
  await builder().getByTestId('builder-segments').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot('builder-segments-de');
  expect(await axe()).toEqual([]);
  await page().getByTestId('builder-view-picker').click();
  await page().getByRole('group', { name: builderDe.moreCubes }).getByRole('option', { name: /Returns/ }).waitFor();
  expect(await axe()).toEqual([]);
  await page().keyboard.press('Escape');
});
