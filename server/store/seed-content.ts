import type { AppConfigResponse, CubeQuery, PivotItems } from '../../src/contract';

/**
 * Everything the local platform starts with: one tenant, two deployments, an admin and an analyst, folders (one
 * the analyst may not read, one of her own), reports (one whose query does not parse, one defined in SQL) and the
 * app config. Keys name things here; the database hands out the integer ids.
 */

export type SeedUserKey = 'admin' | 'analyst';

export interface SeedUser {
  key: SeedUserKey;
  userName: string;
  givenName: string;
  familyName: string;
  isAdmin: boolean;
}

export const SEED_USERS: SeedUser[] = [
  { key: 'admin', userName: 'admin@example.com', givenName: 'Ada', familyName: 'Admin', isAdmin: true },
  { key: 'analyst', userName: 'analyst@example.com', givenName: 'Anna', familyName: 'Analyst', isAdmin: false },
];

/**
 * The analyst's grants (api.yaml `Policy`), by key: both deployments' data, the folders listed (and what is
 * inside them) and the one report at the top level, all to read. `Board` is not granted: its report shows up to
 * the analyst only as a placement they cannot read. `ownFolder` is hers to manage, with every report in it: where
 * the workbench's default user saves, renames and deletes her explorations out of the box.
 */
export const ANALYST_GRANTS = {
  deployments: ['sales', 'sandbox'],
  folders: ['sales', 'finance', 'sandbox'],
  reports: ['TopCustomers'],
  ownFolder: 'analystReports',
};

export const SEED_DEPLOYMENTS = [
  // The Sales deployment's REST credential carries the `/v1`; the sandbox has none, so clients fall back to
  // `deploymentUrl` + `/cubejs-api` (both forms the real API produces).
  { key: 'sales', name: 'Sales Analytics', restUrlStyle: 'with-v1' },
  { key: 'sandbox', name: 'Finance Sandbox', restUrlStyle: 'none' },
] as const;

/**
 * Folders by key: [deployment key, parent key or null, name, who created it (the admin unless named)]. Ids
 * follow this order, so a new folder goes last and the others keep theirs.
 */
export const SEED_FOLDERS: Record<string, [string, string | null, string, SeedUserKey?]> = {
  sales: ['sales', null, 'Sales'],
  regional: ['sales', 'sales', 'Regional'],
  finance: ['sales', null, 'Finance'],
  monthly: ['sales', 'finance', 'Monthly'],
  archive: ['sales', 'monthly', 'Archive'],
  board: ['sales', null, 'Board'],
  sandbox: ['sandbox', null, 'Experiments'],
  analystReports: ['sales', null, "Anna's reports", 'analyst'],
};

export interface SeedReport {
  deployment: string;
  /** 12 letters or digits, as the real API requires. */
  publicId: string;
  name: string;
  title?: string;
  /** As the platform's own UI writes it (the Platform API has no field for it). */
  description?: string;
  owner: SeedUserKey;
  folder: string | null;
  /** The query as the report stores it: JSON text (`jsonQuery`). */
  jsonQuery: string | null;
  sqlQuery?: string;
  pivotItems: PivotItems | null;
  createdAt: string;
  updatedAt: string;
  lastViewedAt: string | null;
}

const json = (query: CubeQuery) => JSON.stringify(query);

/** Pivot items with the display options left to their defaults. */
const pivot = (rows: string[], columns: string[], measures: string[], filters: string[] = [], extra: Partial<PivotItems> = {}): PivotItems =>
  ({ rows, columns, measures, filters, ...extra });

export const SEED_REPORTS: SeedReport[] = [
  {
    deployment: 'sales', publicId: 'OrdersStatus', name: 'Orders by status', owner: 'admin', folder: 'sales',
    jsonQuery: json({ measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'], order: { 'orders.count': 'desc' } }),
    pivotItems: pivot(['orders.status'], [], ['orders.count', 'orders.total_amount']),
    createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-03-02T10:15:00.000Z', lastViewedAt: '2026-11-20T08:30:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'MonthlyRevnu', name: 'Monthly revenue', owner: 'admin', folder: 'monthly',
    description: 'Revenue and order count by the month orders were placed, 2023 to 2025.',
    jsonQuery: json({
      measures: ['orders.total_amount', 'orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2023-01-01', '2025-12-31'] }],
      order: { 'orders.created_at': 'asc' },
    }),
    // A report saved before pivot items existed: laid out from its query alone.
    pivotItems: null,
    createdAt: '2026-01-06T09:00:00.000Z', updatedAt: '2026-04-11T14:00:00.000Z', lastViewedAt: '2026-11-21T16:05:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'RevRegionQtr', name: 'Revenue by region and quarter', owner: 'admin', folder: 'regional',
    jsonQuery: json({
      measures: ['orders.total_amount'],
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter', dateRange: ['2025-01-01', '2025-12-31'] }],
    }),
    pivotItems: pivot(['orders.region'], ['orders.created_at.quarter'], ['orders.total_amount'], [], { showColumnTotals: true, showRowTotals: true }),
    createdAt: '2026-01-07T09:00:00.000Z', updatedAt: '2026-05-20T09:30:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'CategoryKpis', name: 'Category KPIs', title: 'Category KPIs (measures on rows)', owner: 'admin',
    description: 'Orders, revenue, average order value and customers per product category, one measure per row.',
    folder: 'sales',
    jsonQuery: json({
      measures: ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'],
      dimensions: ['orders.category'],
    }),
    pivotItems: pivot([], ['orders.category'], ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'], [], {
      measuresAxis: 'rows', measuresPosition: 'before',
    }),
    createdAt: '2026-01-08T09:00:00.000Z', updatedAt: '2026-06-01T12:00:00.000Z', lastViewedAt: '2026-10-02T07:45:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'EuElecComplt', name: 'Completed Electronics orders in Europe', owner: 'admin', folder: 'regional',
    description: 'Completed Electronics orders in Europe: count and revenue by customer segment.',
    jsonQuery: json({
      measures: ['orders.count', 'orders.total_amount'],
      dimensions: ['orders.customer_segment'],
      filters: [
        { member: 'orders.status', operator: 'equals', values: ['completed'] },
        { member: 'orders.category', operator: 'equals', values: ['Electronics'] },
        { member: 'orders.region', operator: 'equals', values: ['Europe'] },
      ],
    }),
    pivotItems: pivot(['orders.customer_segment'], [], ['orders.count', 'orders.total_amount'], ['orders.status', 'orders.category', 'orders.region']),
    createdAt: '2026-01-09T09:00:00.000Z', updatedAt: '2026-07-14T08:00:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'OrderValComp', name: 'Order value and completion rate', owner: 'admin', folder: 'finance',
    jsonQuery: json({ measures: ['orders.average_amount', 'orders.completed_percentage'], dimensions: ['orders.customer_segment'] }),
    pivotItems: pivot(['orders.customer_segment'], [], ['orders.average_amount', 'orders.completed_percentage'], [], { displayScale: 'model' }),
    createdAt: '2026-01-10T09:00:00.000Z', updatedAt: '2026-08-03T17:20:00.000Z', lastViewedAt: '2026-11-01T11:00:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'RevThousYear', name: 'Revenue in thousands by category and year', owner: 'admin', folder: 'archive',
    jsonQuery: json({
      measures: ['orders.total_amount'],
      dimensions: ['orders.category'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'year' }],
    }),
    pivotItems: pivot(['orders.category'], ['orders.created_at.year'], ['orders.total_amount'], [], { displayScale: 'thousands', showColumnTotals: true }),
    createdAt: '2026-01-11T09:00:00.000Z', updatedAt: '2026-02-01T09:00:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'TopCustomers', name: 'Top 10 customers by revenue', owner: 'admin', folder: null,
    description: 'Revenue and order count by customer segment, largest first (at most ten rows).',
    jsonQuery: json({
      measures: ['sales.total_amount', 'sales.count'],
      dimensions: ['sales.customer_segment'],
      order: { 'sales.total_amount': 'desc' },
      limit: 10,
    }),
    pivotItems: pivot(['sales.customer_segment'], [], ['sales.total_amount', 'sales.count']),
    createdAt: '2026-01-12T09:00:00.000Z', updatedAt: '2026-09-09T09:00:00.000Z', lastViewedAt: '2026-11-15T13:00:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'BoardPackKpi', name: 'Board pack KPIs', owner: 'admin', folder: 'board',
    jsonQuery: json({ measures: ['orders.total_amount', 'orders.count'], dimensions: ['orders.region'] }),
    pivotItems: pivot(['orders.region'], [], ['orders.total_amount', 'orders.count']),
    createdAt: '2026-01-13T09:00:00.000Z', updatedAt: '2026-09-10T09:00:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'ChurnDraft01', name: 'Churn analysis (draft)', owner: 'admin', folder: 'finance',
    // Saved half-written by another tool: listed with the reason, never placed.
    jsonQuery: '{"measures": ["orders.count"], "dimensions": ["orders.status"',
    pivotItems: null,
    createdAt: '2026-01-14T09:00:00.000Z', updatedAt: '2026-09-11T09:00:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'RawSqlExport', name: 'Raw order export (SQL)', owner: 'admin', folder: 'finance',
    jsonQuery: null,
    sqlQuery: 'SELECT status, count(*) FROM orders GROUP BY 1',
    pivotItems: null,
    createdAt: '2026-01-15T09:00:00.000Z', updatedAt: '2026-09-12T09:00:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sandbox', publicId: 'WeeklyOrders', name: 'Weekly orders in 2025', owner: 'admin', folder: 'sandbox',
    jsonQuery: json({
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'week', dateRange: ['2025-01-01', '2025-12-31'] }],
    }),
    pivotItems: pivot(['orders.created_at.week'], [], ['orders.count']),
    createdAt: '2026-02-01T09:00:00.000Z', updatedAt: '2026-02-02T09:00:00.000Z', lastViewedAt: null,
  },
];

/**
 * The admin's app config (api.yaml `AppConfigResponse`). The chat's Place in sheet is on, so the first run has
 * no dead end; the admin turns it off with the local platform's `PUT /api/v1/app-config`.
 */
export const SEED_APP_CONFIG: AppConfigResponse = {
  appTheme: {
    palette: {
      accent: { color: '#0F6CBD', hue: null, saturation: null },
      base: { color: '#FFFFFF', hue: null, saturation: null },
      contrastLevel: 50,
      pastel: false,
      surfaceMode: 'neutral',
      themes: null,
    },
    logoUrl: '',
    light: { accentColor: '#0F6CBD', backgroundColor: '#FFFFFF', foregroundColor: '#242424', contrast: 50, logoUrl: '' },
    dark: { accentColor: '#479EF5', backgroundColor: '#292929', foregroundColor: '#FFFFFF', contrast: 50, logoUrl: '' },
    typography: null,
  },
  applyThemeGlobally: false,
  creatorMode: {
    showGeneratedSql: false,
    showSemanticSql: false,
    showWorkspaceTitle: null,
    workspaceTitle: null,
    localizedTitles: [
      { locale: 'en-US', value: 'Reports' },
      { locale: 'de-DE', value: 'Berichte' },
    ],
  },
  embedding: null,
  restrictDataDownload: false,
  sheetsUi: { showAppliedFilters: true },
  sheetsAgentChatEnabled: true,
  timezoneSettings: { enabled: true, timezone: 'UTC', allowUserOverride: true },
  dashboardAppsEnabled: false,
  aiPaywalled: false,
};
