import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { RunningCubeCore } from '../../server/cube-core';
import type { CubeQuery } from '../../src/contract';
import { freshWorkbench, readCells, selectCell } from './support/actions';
import { closeReference, connectCube as connectCubeApi, expectedGrid as cubeGrid, recordRequests, startCubeStandIn } from './support/cube';
import { rangeOf } from './support/cube-cells';
import { axeViolations, settledPaint } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

// The first file to run builds the add-in (minutes on a busy machine).
jest.setTimeout(600_000);

/**
 * "Paste a query" (issue 42), through the pane's visible controls, in both modes: a Cube Playground query (its REST
 * body, `{"query": …}`) pasted, opened in the builder and placed equals an independent `/v1/load` of the same query;
 * saved as a report it is listed; a bad paste lists every problem in words, in English and in German.
 */
const bench = useWorkbench();
const page = (): Page => bench.page;

/** A Playground query over the sample model: a segment, a date range, a filter, an order and a limit. */
const PLAYGROUND: { query: CubeQuery } = {
  query: {
    measures: ['sales.total_amount', 'sales.count'],
    dimensions: ['sales.region'],
    segments: ['sales.completed'],
    timeDimensions: [{ dimension: 'sales.created_at', dateRange: ['2024-01-01', '2024-12-31'] }],
    filters: [{ member: 'sales.category', operator: 'notEquals', values: ['Books'] }],
    order: { 'sales.total_amount': 'desc' },
    limit: 3,
  },
};

/** Six mistakes at once: a typo, a dimension and a measure swapped, text as time, a dimension as a segment, an operator. */
const BAD = {
  query: {
    measures: ['sales.total_amont', 'sales.region'],
    dimensions: ['sales.count'],
    timeDimensions: [{ dimension: 'sales.status', granularity: 'month' }],
    segments: ['sales.category'],
    filters: [{ member: 'sales.region', operator: 'equal', values: ['Europe'] }],
  },
};
const BAD_WORDS = [
  'The filter on “sales.region” has the operator “equal”, which Cube does not know. Did you mean “equals”?',
  'The model has no measure “sales.total_amont”. Did you mean “sales.total_amount”?',
  '“sales.region” is a dimension, not a measure: move it from measures to dimensions.',
  '“sales.count” is a measure, not a dimension: move it from dimensions to measures.',
  '“sales.status” is a text dimension, not a time dimension: move it from timeDimensions to dimensions.',
  '“sales.category” is a dimension, not a segment: move it from segments to dimensions.',
];

const builder = () => page().getByTestId('builder');
const form = (name = 'Paste a Cube query') => page().getByRole('form', { name });
const reportRow = (title: string) => page().locator('[aria-label="Reports"] li', { hasText: title });
const problems = () => page().getByTestId('paste-problems');

/**
 * Waits until the cells from B2 hold `expected` (headers, then rows), below the title and filter lines the user's
 * settings may put above it: those lines are the layout's, the grid is the query's. Fails with what is there otherwise.
 */
async function untilPlaced(expected: (string | number)[][], timeoutMs = 30_000): Promise<void> {
  const above = 4;
  const range = rangeOf('B2', [...expected, ...Array.from({ length: above }, () => [])]);
  const deadline = Date.now() + timeoutMs;
  let cells: unknown[][] = [];
  while (Date.now() < deadline) {
    cells = (await readCells(page(), range)).values;
    const header = cells.findIndex((row) => row[0] === expected[0]![0]);
    if (header >= 0 && JSON.stringify(cells.slice(header, header + expected.length)) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  expect(cells).toEqual(expected);
}

async function axe() {
  await settledPaint(page());
  return axeViolations(page());
}

/** Opens the form from the reports list's header, pastes `json` and opens it. */
async function paste(json: string, words = { open: 'Paste a query', form: 'Paste a Cube query', field: 'Cube query (JSON)', submit: 'Open in builder' }) {
  if (!(await form(words.form).isVisible())) await page().getByRole('button', { name: words.open }).click();
  await form(words.form).getByRole('textbox', { name: words.field }).fill(json);
  await form(words.form).getByRole('button', { name: words.submit }).click();
}

/** The problems listed: the title, then each sentence. */
async function listedProblems(): Promise<{ title: string; items: string[] }> {
  await problems().locator('li').first().waitFor();
  return {
    title: (await problems().locator('.fui-MessageBarTitle').innerText()).trim(),
    items: (await problems().locator('li').allInnerTexts()).map((t) => t.trim()),
  };
}

/** The problem list has the focus and is inside the pane's visible area (and the window's). */
async function refusalInView(): Promise<boolean> {
  return problems().evaluate((el) => {
    if (document.activeElement !== el) return false;
    const rect = el.getBoundingClientRect();
    let box = { top: 0, bottom: window.innerHeight };
    for (let parent = el.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (/(auto|scroll)/.test(style.overflowY)) {
        const r = parent.getBoundingClientRect();
        box = { top: Math.max(box.top, r.top), bottom: Math.min(box.bottom, r.bottom) };
      }
    }
    return rect.top >= box.top - 1 && rect.top < box.bottom;
  });
}

/** Saves the open exploration as a report, closes the builder, and finds the report in the list. */
async function saveAndFind(name: string) {
  await builder().getByRole('button', { name: 'Save as report…' }).click();
  await builder().getByRole('textbox', { name: 'Report name' }).fill(name);
  await builder().getByRole('button', { name: 'Save report' }).click();
  await builder().getByText(`Saved as “${name}”. These cells are now its placement.`).waitFor();
  await builder().getByRole('button', { name: 'Close', exact: true }).click();
  await builder().waitFor({ state: 'detached' });
  await page().getByRole('searchbox', { name: 'Search reports' }).fill(name);
  await reportRow(name).waitFor();
  expect(await reportRow(name).count()).toBe(1);
}

describe('on the platform', () => {
  /** The cells an independent `/v1/load` through the platform's data API gives: headers (short titles), then rows. */
  async function platformGrid(query: CubeQuery): Promise<(string | number)[][]> {
    const { data: rows, annotation } = await (await bench.platform.dataClient(bench.platform.admin)).load(query);
    const dimensions = query.dimensions ?? [];
    const measures = query.measures ?? [];
    const headers = [...dimensions.map((d) => annotation.dimensions[d]!.shortTitle), ...measures.map((m) => annotation.measures[m]!.shortTitle)];
    return [headers, ...rows.map((row) => [...dimensions.map((d) => String(row[d])), ...measures.map((m) => Number(row[m]))])];
  }

  async function openPane(lang = '', ready = /No reports are placed in this workbook yet/) {
    await bench.platform.admin.updateSettings({ sheets: { autoRunQueryOnChange: true, showAppliedFilters: false } });
    await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html${lang}`, `token=${bench.platform.platform.tokens.admin}`);
    await page().getByText(ready).waitFor();
  }

  test('a pasted Playground query opens in the builder, is placed as its own load gives it, and is saved as a report', async () => {
    await openPane();
    await selectCell(page(), 'B2');
    await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B2' }).waitFor();
    await page().getByRole('button', { name: 'Paste a query' }).click();
    await form().waitFor();
    expect(await axe()).toEqual([]);
    await page().screenshot({ path: join(screenshots, 'paste-query-form.png') });

    await paste(JSON.stringify(PLAYGROUND, null, 2));
    await builder().waitFor();
    const expected = await platformGrid(PLAYGROUND.query);
    // The limit and the segment hold: three regions, headed Region, Revenue, Count.
    expect(expected[0]).toEqual(['Region', 'Revenue', 'Count']);
    expect(expected).toHaveLength(4);
    await untilPlaced(expected);
    await saveAndFind('Pasted: completed revenue by region');
  });

  test('a bad paste lists every problem in words, focused and in view; a syntax error by line and column; in German too', async () => {
    await openPane();
    await paste(JSON.stringify(BAD, null, 2));
    expect(await listedProblems()).toEqual({ title: 'This query cannot be opened: 6 problems', items: BAD_WORDS });
    expect(await refusalInView()).toBe(true);
    await settledPaint(page());
    await page().screenshot({ path: join(screenshots, 'paste-query-problems.png') });
    expect(await axe()).toEqual([]);

    await paste('{\n  "measures": ["sales.count"]\n  "dimensions": ["sales.region"]\n}');
    expect(await listedProblems()).toEqual({
      title: 'This query cannot be opened: 1 problem',
      items: ['This is not valid JSON: at line 3, column 3, a comma or the closing } was expected.'],
    });
    expect(await builder().count()).toBe(0);

    await openPane('?lang=de-DE', /In dieser Arbeitsmappe sind noch keine Berichte platziert/);
    await paste(JSON.stringify(BAD), { open: 'Abfrage einfügen', form: 'Cube-Abfrage einfügen', field: 'Cube-Abfrage (JSON)', submit: 'Im Editor öffnen' });
    const german = await listedProblems();
    expect(german.title).toBe('Diese Abfrage lässt sich nicht öffnen: 6 Probleme');
    expect(german.items).toEqual([
      'Der Filter auf „sales.region“ hat den Operator „equal“, den Cube nicht kennt. Meinten Sie „equals“?',
      'Das Modell hat keine Kennzahl „sales.total_amont“. Meinten Sie „sales.total_amount“?',
      '„sales.region“ ist ein Merkmal, keine Kennzahl: Verschieben Sie es von measures nach dimensions.',
      '„sales.count“ ist eine Kennzahl, kein Merkmal: Verschieben Sie sie von dimensions nach measures.',
      '„sales.status“ ist ein Merkmal vom Typ Text, kein Zeitmerkmal: Verschieben Sie es von timeDimensions nach dimensions.',
      '„sales.category“ ist ein Merkmal, kein Segment: Verschieben Sie es von segments nach dimensions.',
    ]);
    await settledPaint(page());
    await form('Cube-Abfrage einfügen').screenshot({ path: join(screenshots, 'paste-query-problems-de.png') });
    expect(await axe()).toEqual([]);
  });
});

describe('straight to a Cube API', () => {
  let cube: RunningCubeCore;
  beforeAll(async () => {
    cube = await startCubeStandIn([bench.workbench.server.url]);
  });
  afterAll(async () => {
    await cube?.close();
    await closeReference();
  });

  async function connectCube() {
    await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`);
    await connectCubeApi(page(), cube);
    await page().getByText(/No reports are placed in this workbook yet/).waitFor();
    await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  }

  test('the pasted Playground query is placed as an independent load gives it and saved into the workbook; a bad paste is told', async () => {
    await connectCube();
    await selectCell(page(), 'B2');
    await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B2' }).waitFor();

    // Text that is no JSON is told without a request to the Cube API.
    const requests = recordRequests(page());
    await paste('{"query": {"measures": ["sales.count"],}}');
    expect(await listedProblems()).toEqual({
      title: 'This query cannot be opened: 1 problem',
      items: ['This is not valid JSON: at line 1, column 40, a field name in double quotes was expected.'],
    });
    requests.stop();
    expect(requests.all.filter(({ url }) => url.startsWith(cube.url))).toEqual([]);

    await paste(JSON.stringify(BAD));
    expect(await listedProblems()).toEqual({ title: 'This query cannot be opened: 6 problems', items: BAD_WORDS });
    expect(await refusalInView()).toBe(true);
    expect(await axe()).toEqual([]);

    await paste(JSON.stringify(PLAYGROUND));
    await builder().waitFor();
    const expected = await cubeGrid(cube, PLAYGROUND.query);
    expect(expected[0]).toEqual(['Region', 'Revenue', 'Count']);
    expect(expected).toHaveLength(4);
    await untilPlaced(expected);
    await saveAndFind('Pasted in Cube mode');
    expect(await axe()).toEqual([]);
  });
});
