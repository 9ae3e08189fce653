import { CubeMeta, type CubeQuery, type PivotItemsInput, type Report, type User } from '../../src/contract';
import { fromReport, unknownMembers } from '../../src/core/exploration';
import { catalogMembers, explorableCubes, modelMembers } from '../../src/core/member-catalog';
import { namedMembers, startingPoint, viewOf, withConsequences } from '../../src/builder/builder-state';
import type { WorkspaceConnection } from '../../src/session/connection';

/**
 * The exploration builder against a model with cubes and views, from a `/v1/meta` answer written by hand as Cube's
 * REST API reference shows it (https://cube.dev/docs/product/apis-integrations/rest-api/reference#base_pathv1meta):
 * cubes and views alike under `cubes`, told apart by `type`; members named `cube.member`; each view with its
 * `folders`; members the model hides with `isVisible: false` (and `public: false`).
 */
const measure = (name: string, title: string, shortTitle: string, aggType: string, extra: object = {}) => ({
  name, title, shortTitle, type: 'number', aggType, cumulative: false, cumulativeTotal: false, drillMembers: [],
  drillMembersGrouped: { measures: [], dimensions: [] }, isVisible: true, public: true, ...extra,
});
const dimension = (name: string, title: string, shortTitle: string, type: string, extra: object = {}) => ({
  name, title, shortTitle, type, suggestFilterValues: true, isVisible: true, public: true, ...extra,
});

const META = {
  cubes: [
    {
      name: 'orders', title: 'Orders', type: 'cube', connectedComponent: 1, description: 'Every order placed in the sample shop.',
      measures: [
        measure('orders.count', 'Orders Count', 'Count', 'count'),
        measure('orders.total_amount', 'Orders Revenue', 'Revenue', 'sum', { format: 'currency' }),
        measure('orders.average_amount', 'Orders Average order value', 'Average order value', 'avg', { format: 'currency' }),
      ],
      dimensions: [
        dimension('orders.status', 'Orders Status', 'Status', 'string'),
        dimension('orders.region', 'Orders Region', 'Region', 'string'),
        dimension('orders.created_at', 'Orders Created at', 'Created at', 'time'),
        dimension('orders.customer_id', 'Orders Customer id', 'Customer id', 'number', { isVisible: false, public: false }),
      ],
      segments: [{ name: 'orders.completed', title: 'Orders Completed orders', shortTitle: 'Completed orders', isVisible: true, public: true }],
    },
    {
      name: 'sales', title: 'Sales', type: 'view', connectedComponent: 1, description: 'Revenue and order counts for analysts.',
      // A view's members name the cube members they stand for (`aliasMember`), as Cube's CubeToMetaTransformer sends them.
      measures: [
        measure('sales.count', 'Sales Count', 'Count', 'count', { aliasMember: 'orders.count' }),
        measure('sales.total_amount', 'Sales Revenue', 'Revenue', 'sum', { aliasMember: 'orders.total_amount' }),
      ],
      dimensions: [
        dimension('sales.region', 'Sales Region', 'Region', 'string', { aliasMember: 'orders.region' }),
        dimension('sales.created_at', 'Sales Created at', 'Created at', 'time', { aliasMember: 'orders.created_at' }),
      ],
      segments: [],
      folders: [{ name: 'Revenue', members: ['sales.total_amount'] }, { name: 'Customers', members: ['sales.region'] }],
    },
  ],
};

/** Parsed as the data client parses `/v1/meta`. */
const meta = CubeMeta.parse(META);
const members = modelMembers(meta);
const known = (member: string) => members.has(member);

/** Reports as the local platform seeds them: most on the `orders` cube, one on the `sales` view. */
const SEEDED: { name: string; query: CubeQuery; pivot: PivotItemsInput | null }[] = [
  {
    name: 'Revenue by region and quarter',
    query: { measures: ['orders.total_amount'], dimensions: ['orders.region'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter', dateRange: ['2025-01-01', '2025-12-31'] }] },
    pivot: { rows: ['orders.region'], columns: ['orders.created_at.quarter'], measures: ['orders.total_amount'], filters: [] },
  },
  {
    name: 'Monthly revenue (no pivot items)',
    query: { measures: ['orders.total_amount', 'orders.count'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }], order: { 'orders.created_at': 'asc' } },
    pivot: null,
  },
  {
    name: 'Filtered on the cube',
    query: { measures: ['orders.count'], dimensions: ['orders.status'], filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe'] }] },
    pivot: { rows: ['orders.status'], columns: [], measures: ['orders.count'], filters: ['orders.region'] },
  },
  {
    name: 'On the view',
    query: { measures: ['sales.total_amount', 'sales.count'], dimensions: ['sales.region'], order: { 'sales.total_amount': 'desc' }, limit: 10 },
    pivot: { rows: ['sales.region'], columns: [], measures: ['sales.total_amount', 'sales.count'], filters: [] },
  },
];

const analyst: User = {
  id: 2, username: 'analyst@example.com', email: 'analyst@example.com', isAdmin: false, notifications: {}, settings: { sheets: {} },
  userPolicies: [
    { resourceType: 'Deployment', actions: ['SchemaRead', 'DownloadData'], resources: ['1'] },
    { resourceType: 'Folder', actions: ['FolderRead', 'ReportRead'], resources: ['1'] },
    { resourceType: 'Folder', actions: ['FolderRead', 'FolderManage', 'ReportRead', 'ReportEdit', 'ReportManage'], resources: ['8'] },
  ],
};
const connection = { user: analyst, appConfig: { applyThemeGlobally: false, restrictDataDownload: false } } as unknown as WorkspaceConnection;

function seededReport(query: CubeQuery, pivotItems: PivotItemsInput | null, canEdit: boolean): Report {
  return { id: 5, deploymentId: 1, name: 'Seeded', folderId: 1, jsonQuery: JSON.stringify(query), pivotItems, canEdit, canManage: canEdit } as unknown as Report;
}

describe('the model\'s members, from cubes and views alike', () => {
  it('knows every member of every cube and view /v1/meta lists, hidden ones included', () => {
    for (const name of ['orders.region', 'orders.created_at', 'orders.total_amount', 'sales.region', 'sales.total_amount', 'orders.customer_id']) {
      expect(known(name)).toBe(true);
    }
    expect(members.get('orders.created_at')).toMatchObject({ kind: 'dimension', type: 'time', shortTitle: 'Created at' });
    expect(members.get('orders.total_amount')).toMatchObject({ kind: 'measure', type: 'number', format: 'currency' });
    expect(known('orders.channel')).toBe(false);
    // The hidden member is the model's, but no list offers it.
    expect(catalogMembers(meta.cubes[0]!).map((m) => m.name)).not.toContain('orders.customer_id');
  });

  it.each(SEEDED)('finds no missing member in a seeded report: $name', ({ query, pivot }) => {
    const { exploration } = fromReport(query, pivot);
    expect(unknownMembers(exploration, known)).toEqual([]);
  });

  it('still names a member the model really no longer has (time member by its base name)', () => {
    const { exploration } = fromReport({ measures: ['orders.total_amount', 'orders.margin'], timeDimensions: [{ dimension: 'orders.shipped_at', granularity: 'week' }] }, null);
    expect(unknownMembers(exploration, known)).toEqual(['orders.shipped_at', 'orders.margin']);
  });

  it('lists the views to explore, and the cube a report uses so it opens on it', () => {
    expect(explorableCubes(meta).map((c) => c.name)).toEqual(['sales']);
    const { exploration } = fromReport(SEEDED[0]!.query, SEEDED[0]!.pivot);
    const cubes = explorableCubes(meta, namedMembers(exploration));
    expect(cubes.map((c) => c.name)).toEqual(['sales', 'orders']);
    expect(viewOf(exploration, cubes.map((c) => c.name))).toBe('orders');
    expect(explorableCubes({ cubes: [meta.cubes[0]!] }).map((c) => c.name)).toEqual(['orders']);
  });
});

describe('a seeded report opened in the builder', () => {
  /** The builder's state once the model is read, as the controller works it out. */
  function opened(canEdit: boolean) {
    const { query, pivot } = SEEDED[0]!;
    const start = startingPoint(connection, { kind: 'placement', report: seededReport(query, pivot, canEdit), placementId: 'p1' });
    const state = withConsequences({ ...start.state, phase: 'ready', cubes: explorableCubes(meta, namedMembers(start.draft.exploration)) }, known, analyst, start.draft.savedFor ?? null);
    return { start, state };
  }

  it('says nothing is missing, and Save is enabled where the report is the user\'s to change', () => {
    const { state } = opened(true);
    expect(state.unknownMembers).toEqual([]);
    expect(state.save).toEqual({ allowed: true, refusal: null });
    expect(state.unsaved).toBe(false);
  });

  it('where the report is not the user\'s to change: Save says why, Save as stays open to her own folder', () => {
    const { state } = opened(false);
    expect(state.unknownMembers).toEqual([]);
    expect(state.save).toEqual({ allowed: false, refusal: 'no-edit-right' });
    expect(state.saveAs).toEqual({ allowed: true, refusal: null });
  });

  it('the same state with the members of only the views known (the old catalog) would name the cube\'s members missing', () => {
    const viewsOnly = new Set(explorableCubes(meta).flatMap((cube) => catalogMembers(cube).map((m) => m.name)));
    const { start } = opened(true);
    expect(unknownMembers(start.draft.exploration, (m) => viewsOnly.has(m))).toEqual(['orders.region', 'orders.created_at', 'orders.total_amount']);
  });
});
