import type { CubeLoadResult, CubeQuery, PivotItems } from '../../src/contract';
import { firstDifference } from '../../src/core/formula-answers';
import { ENGLISH_CELL_WORDS } from '../../src/core/cell-words';
import { layoutReport } from '../../src/layout/grid';
import type { CellGrid } from '../../src/core/cell-grid';
import { placementFormulas, type ConversionInput } from '../../src/layout/placement-formulas';
import { resolvePivot, type Pivot } from '../../src/core/report-definition';

/**
 * "Convert to formulas": a report laid out as the layout writes it, and the formulas that replace its cells, each
 * written here by hand from where its headers are on the sheet.
 */

const annotation: CubeLoadResult['annotation'] = {
  measures: {
    'orders.count': { title: 'Orders Count', shortTitle: 'Count', type: 'number' },
    'orders.total_amount': { title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number' },
  },
  dimensions: {
    'orders.region': { title: 'Orders Region', shortTitle: 'Region', type: 'string' },
    'orders.status': { title: 'Orders Status', shortTitle: 'Status', type: 'string' },
    'orders.category': { title: 'Orders Category', shortTitle: 'Category', type: 'string' },
  },
  segments: {},
  timeDimensions: {
    'orders.created_at.quarter': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
    'orders.created_at.month': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
  },
};

/** The measures' titles as `RS.VALUE` resolves them in a model where they are unique. */
const titles: Record<string, string> = { Count: 'orders.count', Revenue: 'orders.total_amount' };

function laidOut(query: CubeQuery, items: Partial<PivotItems> | null, data: CubeLoadResult['data'], suppress = false): { grid: CellGrid; pivot: Pivot } {
  const pivot = resolvePivot(items ? { rows: [], columns: [], measures: [], filters: [], ...items } : null, query);
  return { grid: layoutReport({ query, data, annotation }, query, pivot, { suppressDuplicateValues: suppress }), pivot };
}

function convert(query: CubeQuery, laid: { grid: CellGrid; pivot: Pivot }, overrides: Partial<ConversionInput> = {}) {
  return placementFormulas({
    query, pivot: laid.pivot, grid: laid.grid, cells: laid.grid.values, origin: { row: 1, column: 1 }, words: ENGLISH_CELL_WORDS,
    measureNamed: (title) => titles[title] ?? null, deployment: null, ...overrides,
  });
}

const regionByQuarter: CubeQuery = {
  measures: ['orders.total_amount'],
  dimensions: ['orders.region'],
  timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter', dateRange: ['2025-01-01', '2025-06-30'] }],
  filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }],
};
const regionByQuarterData = [
  { 'orders.region': 'Europe', 'orders.created_at.quarter': '2025-01-01T00:00:00.000', 'orders.total_amount': '10' },
  { 'orders.region': 'Europe', 'orders.created_at.quarter': '2025-04-01T00:00:00.000', 'orders.total_amount': '20' },
  { 'orders.region': 'Asia', 'orders.created_at.quarter': '2025-01-01T00:00:00.000', 'orders.total_amount': '5' },
];
const regionByQuarterPivot = { rows: ['orders.region'], columns: ['orders.created_at.quarter'], measures: ['orders.total_amount'] };

describe('building the formulas from a laid-out grid', () => {
  it('a pivot placed at B2: each cell refers to its region by a fixed column and to its quarter and measure by a fixed row', () => {
    const laid = laidOut(regionByQuarter, regionByQuarterPivot, regionByQuarterData);
    // The layout at B2: the quarters across row 2, the measure's title in row 3, the regions down column B.
    expect(laid.grid.values).toEqual([
      ['Created at · Quarter', 'Q1 2025', 'Q2 2025'],
      ['Region', 'Revenue', 'Revenue'],
      ['Europe', 10, 20],
      ['Asia', 5, ''],
    ]);
    const conversion = convert(regionByQuarter, laid);
    if (conversion.kind !== 'formulas') throw new Error(JSON.stringify(conversion));
    expect(conversion.grid.values).toEqual([
      ['Created at · Quarter', '2025-Q1', '2025-Q2'],
      ['Region', 'Revenue', 'Revenue'],
      ['Europe', '=RS.VALUE(C$3,"orders.region",$B4,"orders.created_at.quarter",C$2,"orders.status","completed")',
        '=RS.VALUE(D$3,"orders.region",$B4,"orders.created_at.quarter",D$2,"orders.status","completed")'],
      ['Asia', '=RS.VALUE(C$3,"orders.region",$B5,"orders.created_at.quarter",C$2,"orders.status","completed")',
        '=RS.VALUE(D$3,"orders.region",$B5,"orders.created_at.quarter",D$2,"orders.status","completed")'],
    ]);
    expect(conversion.grid.formulas).toEqual([[false, false, false], [false, false, false], [false, true, true], [false, true, true]]);
    // What Excel passes each formula: the header cells' values.
    expect(conversion.cells[3]).toMatchObject({
      row: 3, column: 2, measure: 'Revenue', now: '',
      pairs: ['orders.region', 'Asia', 'orders.created_at.quarter', '2025-Q2', 'orders.status', 'completed'],
    });
  });

  it('a measure whose title names another member (a view\'s) is named by its full name, and the deployment comes last', () => {
    const laid = laidOut(regionByQuarter, regionByQuarterPivot, regionByQuarterData);
    const conversion = convert(regionByQuarter, laid, { measureNamed: () => 'sales.revenue', deployment: 'Sales "EU"' });
    if (conversion.kind !== 'formulas') throw new Error(JSON.stringify(conversion));
    expect(conversion.grid.values[2]![1]).toBe('=RS.VALUE("orders.total_amount","orders.region",$B4,"orders.created_at.quarter",C$2,"orders.status","completed","Sales ""EU""")');
    expect(conversion.cells[0]!.pairs.at(-1)).toBe('Sales "EU"');
  });

  it('a flat table with duplicate values written once: every row gets its own header, and each cell its row\'s', () => {
    const query: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status', 'orders.region'] };
    const laid = laidOut(query, null, [
      { 'orders.status': 'completed', 'orders.region': 'Europe', 'orders.count': '3' },
      { 'orders.status': 'completed', 'orders.region': 'Asia', 'orders.count': '4' },
      { 'orders.status': '=cmd|x', 'orders.region': 'Asia', 'orders.count': '1' },
    ], true);
    expect(laid.grid.values.map((row) => row[0])).toEqual(['Status', 'completed', '', '=cmd|x']);
    const conversion = convert(query, laid, { origin: { row: 0, column: 0 } });
    if (conversion.kind !== 'formulas') throw new Error(JSON.stringify(conversion));
    expect(conversion.grid.values).toEqual([
      ['Status', 'Region', 'Count'],
      ['completed', 'Europe', '=RS.VALUE(C$1,"orders.status",$A2,"orders.region",$B2)'],
      ['completed', 'Asia', '=RS.VALUE(C$1,"orders.status",$A3,"orders.region",$B3)'],
      // Formula-looking header text stays a value: only the marked cells are formulas.
      ['=cmd|x', 'Asia', '=RS.VALUE(C$1,"orders.status",$A4,"orders.region",$B4)'],
    ]);
    expect(conversion.grid.formulas![3]).toEqual([false, false, true]);
  });

  it('measures on rows, before the categories: the measure is its row\'s title, by a fixed column', () => {
    const query: CubeQuery = { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.category'] };
    const laid = laidOut(query, { columns: ['orders.category'], measures: ['orders.count', 'orders.total_amount'], measuresAxis: 'rows', measuresPosition: 'before' }, [
      { 'orders.category': 'Books', 'orders.count': '3', 'orders.total_amount': '30' },
      { 'orders.category': 'Toys', 'orders.count': '4', 'orders.total_amount': '40' },
    ]);
    expect(laid.grid.values).toEqual([['Measure', 'Books', 'Toys'], ['Count', 3, 4], ['Revenue', 30, 40]]);
    const conversion = convert(query, laid, { origin: { row: 0, column: 0 } });
    if (conversion.kind !== 'formulas') throw new Error(JSON.stringify(conversion));
    expect(conversion.grid.values.slice(1)).toEqual([
      ['Count', '=RS.VALUE($A2,"orders.category",B$1)', '=RS.VALUE($A2,"orders.category",C$1)'],
      ['Revenue', '=RS.VALUE($A3,"orders.category",B$1)', '=RS.VALUE($A3,"orders.category",C$1)'],
    ]);
  });
});

describe('what cannot become formulas is refused before anything is written', () => {
  const refusal = (query: CubeQuery, items: Partial<PivotItems> | null = null, data: CubeLoadResult['data'] = regionByQuarterData) => {
    const conversion = convert(query, laidOut(query, items ?? regionByQuarterPivot, data));
    return conversion.kind === 'refused' ? conversion.refusal : null;
  };

  it('filters RS.VALUE cannot ask: other operators, several values, and/or, on a measure', () => {
    expect(refusal({ ...regionByQuarter, filters: [{ member: 'orders.status', operator: 'notEquals', values: ['x'] }] }))
      .toEqual({ kind: 'filter-operator', member: 'orders.status', operator: 'notEquals' });
    expect(refusal({ ...regionByQuarter, filters: [{ member: 'orders.status', operator: 'equals', values: ['a', 'b'] }] }))
      .toEqual({ kind: 'filter-values', member: 'orders.status' });
    expect(refusal({ ...regionByQuarter, filters: [{ or: [{ member: 'orders.status', operator: 'equals', values: ['a'] }] }] })).toEqual({ kind: 'filter-logic' });
    expect(refusal({ ...regionByQuarter, filters: [{ member: 'orders.total_amount', operator: 'gt', values: ['5'] }] }))
      .toEqual({ kind: 'measure-filter', member: 'orders.total_amount' });
    // Several values on a member the grid shows: each row is one of them, so nothing more to say.
    expect(refusal({ ...regionByQuarter, filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe', 'Asia'] }] })).toBeNull();
  });

  it('a date range on a time dimension the grid does not show, segments, totals, hours', () => {
    const byRegion: CubeQuery = { measures: ['orders.total_amount'], dimensions: ['orders.region'], timeDimensions: [{ dimension: 'orders.created_at', dateRange: 'last year' }] };
    expect(refusal(byRegion, { rows: ['orders.region'], measures: ['orders.total_amount'] })).toEqual({ kind: 'date-range', member: 'orders.created_at' });
    expect(refusal({ ...regionByQuarter, segments: ['orders.europe'] })).toEqual({ kind: 'segments', segments: ['orders.europe'] });
    expect(refusal(regionByQuarter, { ...regionByQuarterPivot, showColumnTotals: true })).toEqual({ kind: 'totals' });
    const hourly: CubeQuery = { measures: ['orders.count'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'hour' }] };
    expect(refusal(hourly, null, [])).toEqual({ kind: 'granularity', member: 'orders.created_at', granularity: 'hour' });
  });

  it('a limit the result reached, an empty member, and cells of another shape than the report\'s', () => {
    expect(refusal({ ...regionByQuarter, limit: 3 })).toEqual({ kind: 'rows-cut' });
    expect(refusal({ ...regionByQuarter, limit: 4 })).toBeNull();
    const withNull = [...regionByQuarterData, { 'orders.region': null, 'orders.created_at.quarter': '2025-01-01T00:00:00.000', 'orders.total_amount': '1' }];
    // Placed at B2: the null region is the third body row, B6.
    expect(refusal(regionByQuarter, null, withNull)).toEqual({ kind: 'empty-member', cell: 'B6' });
    const laid = laidOut(regionByQuarter, regionByQuarterPivot, regionByQuarterData);
    const conversion = convert(regionByQuarter, laid, { cells: laid.grid.values.slice(0, 3) });
    expect(conversion).toEqual({ kind: 'refused', refusal: { kind: 'shape' } });
  });
});

describe('comparing each formula\'s answer with its cell', () => {
  const laid = laidOut(regionByQuarter, regionByQuarterPivot, regionByQuarterData);
  const conversion = convert(regionByQuarter, laid);
  const cells = conversion.kind === 'formulas' ? conversion.cells : [];
  const fulfilled = (value: unknown): PromiseSettledResult<unknown> => ({ status: 'fulfilled', value });

  it('equal numbers, a formatted number and an empty cell answered 0 (no rows) are the same', () => {
    expect(firstDifference(cells, [fulfilled(10), fulfilled({ type: 'Double', basicValue: 20, numberFormat: '$#,##0' }), fulfilled(5), fulfilled(0)], { row: 1, column: 1 })).toBeNull();
  });

  it('names the first cell that differs, or whose formula fails', () => {
    expect(firstDifference(cells, [fulfilled(10), fulfilled(21), fulfilled(5), fulfilled('')], { row: 1, column: 1 }))
      .toEqual({ cell: 'D4', now: 20, answer: 21, error: null });
    expect(firstDifference(cells, [fulfilled(10), fulfilled(20), { status: 'rejected', reason: new Error('Region has no member "Asia"') }, fulfilled('')], { row: 1, column: 1 }))
      .toEqual({ cell: 'C5', now: 5, answer: null, error: 'Region has no member "Asia"' });
  });
});
