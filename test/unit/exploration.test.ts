import type { CubeQuery, MetaCube } from '../../src/contract';
import {
  emptyExploration, fromReport, isRunnable, placeMember, removeMember, reorder, setGranularity, toPivotItems, toQuery, unknownMembers,
  type MemberInfo,
} from '../../src/core/exploration';
import { defaultFilter, filterProblem } from '../../src/core/exploration-filters';
import { explorableCubes, memberGroups } from '../../src/core/member-catalog';
import { SEED_REPORTS } from '../../server/store/seed-content';

const revenue: MemberInfo = { name: 'sales.total_amount', kind: 'measure', type: 'number' };
const count: MemberInfo = { name: 'sales.count', kind: 'measure', type: 'number' };
const region: MemberInfo = { name: 'sales.region', kind: 'dimension', type: 'string' };
const status: MemberInfo = { name: 'sales.status', kind: 'dimension', type: 'string' };
const createdAt: MemberInfo = { name: 'sales.created_at', kind: 'dimension', type: 'time' };
const types: Record<string, MemberInfo['type']> = Object.fromEntries([revenue, count, region, status, createdAt].map((m) => [m.name, m.type]));
const typeOf = (member: string) => types[member];

describe('building an exploration', () => {
  it('puts measures on Measures and dimensions on Rows or Columns, once each', () => {
    let e = placeMember(emptyExploration(), revenue, 'rows');
    e = placeMember(e, region, 'measures');
    e = placeMember(e, status, 'columns');
    expect([e.rows, e.columns, e.measures]).toEqual([['sales.region'], ['sales.status'], ['sales.total_amount']]);
    // Moving a member to another axis takes it off the one it was on.
    e = placeMember(e, region, 'columns', 0);
    expect([e.rows, e.columns]).toEqual([[], ['sales.region', 'sales.status']]);
  });

  it('groups a time dimension by month unless it already has a granularity, and keeps it when moved', () => {
    let e = placeMember(emptyExploration(), createdAt, 'rows');
    expect(e.rows).toEqual(['sales.created_at.month']);
    e = setGranularity(e, 'sales.created_at', 'quarter');
    e = placeMember(e, createdAt, 'columns');
    expect([e.rows, e.columns]).toEqual([[], ['sales.created_at.quarter']]);
  });

  it('reorders within an axis and removes a member with its filters and order', () => {
    let e = placeMember(placeMember(placeMember(emptyExploration(), revenue, 'measures'), count, 'measures'), region, 'rows');
    e = reorder(e, 'measures', 1, 0);
    expect(e.measures).toEqual(['sales.count', 'sales.total_amount']);
    e = { ...placeMember(e, region, 'filters', undefined, { member: 'sales.region', operator: 'equals', values: ['Europe'] }), order: [{ member: 'sales.region', direction: 'asc' }] };
    e = removeMember(e, 'sales.region');
    expect([e.rows, e.filters, e.order]).toEqual([[], [], []]);
  });

  it('has nothing to run while empty', () => {
    expect(isRunnable(emptyExploration())).toBe(false);
    expect(isRunnable(placeMember(emptyExploration(), region, 'rows'))).toBe(true);
  });
});

describe('the query of an exploration (Cube query format, https://cube.dev/docs/product/apis-integrations/rest-api/query-format)', () => {
  it('writes Revenue by Region with a last-year filter: a relative date range Cube resolves itself', () => {
    let e = placeMember(placeMember(emptyExploration(), revenue, 'measures'), region, 'rows');
    e = placeMember(e, createdAt, 'filters', undefined, { member: 'sales.created_at', operator: 'inDateRange', values: ['last year'] });
    expect(toQuery(e, typeOf)).toEqual({
      measures: ['sales.total_amount'], dimensions: ['sales.region'], timeDimensions: [],
      filters: [{ member: 'sales.created_at', operator: 'inDateRange', values: ['last year'] }],
    });
  });

  it('moves a date range onto the time dimension it filters when that one is grouped, as the playground writes it', () => {
    let e = placeMember(placeMember(emptyExploration(), revenue, 'measures'), createdAt, 'columns');
    e = setGranularity(e, 'sales.created_at', 'quarter');
    e = placeMember(e, createdAt, 'filters', undefined, { member: 'sales.created_at', operator: 'inDateRange', values: ['2025-01-01', '2025-12-31'] });
    expect(toQuery(e, typeOf, 'Europe/Berlin')).toEqual({
      measures: ['sales.total_amount'], dimensions: [],
      timeDimensions: [{ dimension: 'sales.created_at', granularity: 'quarter', dateRange: ['2025-01-01', '2025-12-31'] }],
      filters: [], timezone: 'Europe/Berlin',
    });
  });

  it('leaves out filters that cannot run yet, and writes order and limit', () => {
    let e = placeMember(placeMember(emptyExploration(), revenue, 'measures'), region, 'rows');
    e = placeMember(e, status, 'filters', undefined, defaultFilter('sales.status', 'string'));
    e = { ...e, order: [{ member: 'sales.total_amount', direction: 'desc' }], limit: 10 };
    expect(toQuery(e, typeOf)).toEqual({
      measures: ['sales.total_amount'], dimensions: ['sales.region'], timeDimensions: [], filters: [],
      order: [['sales.total_amount', 'desc']], limit: 10,
    });
  });

  it('writes pivot items with the filtered members and the display options', () => {
    let e = placeMember(placeMember(emptyExploration(), revenue, 'measures'), region, 'rows');
    e = placeMember(e, status, 'filters', undefined, { member: 'sales.status', operator: 'equals', values: ['completed'] });
    e = { ...e, display: { ...e.display, displayScale: 'thousands', showColumnTotals: true } };
    expect(toPivotItems(e)).toEqual({
      rows: ['sales.region'], columns: [], measures: ['sales.total_amount'], filters: ['sales.status'],
      measuresAxis: 'columns', measuresPosition: 'after', displayScale: 'thousands', showColumnTotals: true, showRowTotals: false,
      showAppliedFilters: null,
    });
  });
});

describe('opening a saved report in the builder', () => {
  /** A query as Cube normalizes it for comparison: order as pairs, empty lists and absent ones alike. */
  const normalized = (q: CubeQuery) => ({
    measures: q.measures ?? [],
    dimensions: [...(q.dimensions ?? [])].sort(),
    timeDimensions: q.timeDimensions ?? [],
    filters: q.filters ?? [],
    order: Array.isArray(q.order) ? q.order : Object.entries(q.order ?? {}),
    limit: q.limit,
  });

  it.each(SEED_REPORTS.filter((r) => r.jsonQuery?.endsWith('}')).map((r) => [r.publicId, r] as const))('%s comes back as the same query', (_id, seed) => {
    const query = JSON.parse(seed.jsonQuery!) as CubeQuery;
    const { exploration, unsupported } = fromReport(query, seed.pivotItems);
    expect(unsupported).toEqual([]);
    const all = (member: string) => (member.endsWith('created_at') ? 'time' : member.includes('amount') || member.includes('count') || member.includes('percentage') ? 'number' : 'string');
    expect(normalized(toQuery(exploration, all))).toEqual(normalized(query));
  });

  it('names and/or groups it cannot edit, and members the model no longer has', () => {
    const query: CubeQuery = { measures: ['orders.count', 'orders.gone'], filters: [{ or: [{ member: 'orders.status', operator: 'equals', values: ['x'] }] }] };
    const { exploration, unsupported } = fromReport(query, null);
    expect(unsupported).toEqual(['or']);
    expect(unknownMembers(exploration, (m) => m !== 'orders.gone')).toEqual(['orders.gone']);
  });
});

describe('filters by member type', () => {
  it.each([
    [{ member: 'm', operator: 'equals' as const, values: [] }, 'string', 'needs-a-value'],
    [{ member: 'm', operator: 'set' as const, values: [] }, 'string', null],
    [{ member: 'm', operator: 'gt' as const, values: ['ten'] }, 'number', 'not-a-number'],
    [{ member: 'm', operator: 'gt' as const, values: ['1', '2'] }, 'number', 'needs-one-value'],
    [{ member: 'm', operator: 'inDateRange' as const, values: ['last quarter'] }, 'time', null],
    [{ member: 'm', operator: 'inDateRange' as const, values: ['someday'] }, 'time', 'needs-two-dates'],
    [{ member: 'm', operator: 'inDateRange' as const, values: ['2025-01-01', '2025/12/31'] }, 'time', 'not-a-date'],
    [{ member: 'm', operator: 'equals' as const, values: ['yes'] }, 'boolean', 'not-true-or-false'],
  ] as const)('%j on a %s member: %s', (filter, type, problem) => {
    expect(filterProblem({ ...filter, values: [...filter.values] }, type)).toBe(problem);
  });
});

describe('the member catalog', () => {
  const member = (name: string, type: string, extra = {}) => ({ name, title: name, shortTitle: name.split('.')[1], type, ...extra });
  const view: MetaCube = {
    name: 'sales', type: 'view', title: 'Sales',
    measures: [member('sales.count', 'number'), member('sales.total_amount', 'number', { description: 'Sum of order amounts' })],
    dimensions: [member('sales.region', 'string'), member('sales.secret', 'string', { isVisible: false }), member('sales.created_at', 'time')],
    segments: [],
    folders: [{ name: 'Revenue', members: ['sales.total_amount'] }, { name: 'Orders', members: ['sales.count', 'sales.created_at'] }],
  };
  const cube: MetaCube = { ...view, name: 'orders', type: 'cube', folders: [] };

  it('lists views first, then cubes no view draws on (a view member\'s `aliasMember` names its cube), and cubes alone when there are no views', () => {
    const aliased = { ...view, measures: view.measures.map((m) => ({ ...m, aliasMember: m.name.replace('sales.', 'orders.') })) };
    expect(explorableCubes({ cubes: [cube, aliased] }).map((c) => c.name)).toEqual(['sales']);
    expect(explorableCubes({ cubes: [cube, view] }).map((c) => c.name)).toEqual(['sales', 'orders']);
    expect(explorableCubes({ cubes: [cube] }).map((c) => c.name)).toEqual(['orders']);
  });

  it('groups visible members by folder, then the rest, and searches titles and descriptions', () => {
    expect(memberGroups(view).map((g) => [g.folder, g.members.map((m) => m.name)])).toEqual([
      ['Revenue', ['sales.total_amount']], ['Orders', ['sales.count', 'sales.created_at']], [null, ['sales.region']],
    ]);
    expect(memberGroups(view, 'order amounts').map((g) => g.members.map((m) => m.name))).toEqual([['sales.total_amount']]);
  });
});
