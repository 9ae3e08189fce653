import { AppConfig, CubeQuery, DeploymentPage, Placement, Report, User, withPivotDefaults } from '../../src/contract';

const placement = {
  id: 'p1', workbookId: 'wb', host: 'EXCEL', sheetId: 's', sheetName: 'Sheet 1', anchorCell: 'B2', workbookName: 'Book.xlsx',
  resultLocation: "'Sheet 1'!B2:C3", endResultCell: 'C3', placedAt: '2026-01-01T00:00:00.000Z', placedByUserId: 'u',
  refreshedAt: null, refreshedByUserId: null, queryChecksum: null, syncStatus: 'UNKNOWN', resultChecksum: null,
};
const report = {
  id: 'r1', name: 'n', title: 't', publicId: null, folderPath: [], canEdit: false, canManage: false,
  query: { measures: ['orders.count'] },
  pivot: { rows: [], columns: [], measuresAxis: 'columns', measuresPosition: 'after', displayScale: 'model', showColumnTotals: false },
  currentQueryChecksum: null, externalWorkbookPlacements: [placement],
  createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00+02:00', lastViewedAt: null,
};

describe('contract schemas', () => {
  it('ignore unknown fields instead of failing', () => {
    const parsed = Report.parse({ ...report, sharedWith: ['x'], externalWorkbookPlacements: [{ ...placement, color: 'red' }] });
    expect(parsed).not.toHaveProperty('sharedWith');
    expect(User.parse({ id: 'u', username: 'a', email: null, firstName: null, lastName: null, settings: { sheets: {}, newThing: 1 }, userPolicies: [], avatar: 'x' }).settings)
      .toHaveProperty('newThing', 1);
  });

  it('keep unknown Cube query keys so a stored query round-trips intact', () => {
    expect(CubeQuery.parse({ measures: ['a.b'], segments: ['a.s'], ungrouped: true })).toEqual({ measures: ['a.b'], segments: ['a.s'], ungrouped: true });
  });

  it('accept the deprecated data, count and pagination on pages', () => {
    const page = DeploymentPage.parse({ items: [{ id: 'd', name: 'D' }], pageInfo: { hasNextPage: false, endCursor: null }, data: [{}], count: 1, pagination: { page: 1 } });
    expect(page.items).toEqual([{ id: 'd', name: 'D' }]);
  });

  it('fail clearly on a missing or mistyped required field', () => {
    const missing = Placement.safeParse({ ...placement, syncStatus: undefined });
    expect(missing.success).toBe(false);
    expect(missing.error!.issues[0]!.path).toEqual(['syncStatus']);
    expect(Placement.safeParse({ ...placement, syncStatus: 'STALE' }).success).toBe(false);
    expect(Report.safeParse({ ...report, createdAt: 'yesterday' }).success).toBe(false);
  });

  it('accept an app config with only some of its fields', () => {
    expect(AppConfig.parse({ sheetsUi: { showAppliedFilters: false } }).sheetsUi?.showAppliedFilters).toBe(false);
  });

  it('default a pivot from its query: dimensions and granular time dimensions on rows', () => {
    expect(withPivotDefaults(undefined, {
      measures: ['o.count'], dimensions: ['o.status'],
      timeDimensions: [{ dimension: 'o.created_at', granularity: 'month' }, { dimension: 'o.updated_at', dateRange: 'last year' }],
    })).toEqual({
      rows: ['o.status', 'o.created_at.month'], columns: [], measuresAxis: 'columns', measuresPosition: 'after',
      displayScale: 'model', showColumnTotals: false,
    });
    expect(withPivotDefaults({ columns: ['o.status'], rows: [] }, { dimensions: ['o.status'] }).columns).toEqual(['o.status']);
  });
});
