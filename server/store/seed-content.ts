import type { AppConfig, CubeQuery, PivotInput } from '../../src/contract';

/** Everything the local platform starts with: one tenant, two deployments, two users, folders and reports. */

export const ALL_POLICY_ACTIONS = ['WorkbookEdit', 'SchemaRead', 'SchemaUpdate', 'SecretsManage', 'DownloadData', 'UsersManage'];
export const ADMIN_ACTION = 'UsersManage';

export const SEED_USERS = [
  {
    key: 'admin' as const,
    userName: 'admin@example.com',
    givenName: 'Ada',
    familyName: 'Admin',
    policies: ALL_POLICY_ACTIONS,
  },
  {
    key: 'analyst' as const,
    userName: 'analyst@example.com',
    givenName: 'Anna',
    familyName: 'Analyst',
    policies: ['SchemaRead', 'DownloadData'],
  },
];

export const SEED_DEPLOYMENTS = [
  { key: 'sales', name: 'Sales Analytics' },
  { key: 'sandbox', name: 'Finance Sandbox' },
];

/** Folders by key: [deployment key, parent key or null, name]. */
export const SEED_FOLDERS: Record<string, [string, string | null, string]> = {
  sales: ['sales', null, 'Sales'],
  regional: ['sales', 'sales', 'Regional'],
  finance: ['sales', null, 'Finance'],
  monthly: ['sales', 'finance', 'Monthly'],
  archive: ['sales', 'monthly', 'Archive'],
  sandbox: ['sandbox', null, 'Experiments'],
};

export interface SeedReport {
  deployment: string;
  publicId: string;
  name: string;
  title?: string;
  folder: string | null;
  query: CubeQuery;
  pivot?: PivotInput;
  createdAt: string;
  updatedAt: string;
  lastViewedAt: string | null;
}

export const SEED_REPORTS: SeedReport[] = [
  {
    deployment: 'sales', publicId: 'orders-by-status', name: 'Orders by status', folder: 'sales',
    query: { measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'], order: { 'orders.count': 'desc' } },
    createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-03-02T10:15:00.000Z', lastViewedAt: '2026-11-20T08:30:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'monthly-revenue', name: 'Monthly revenue', folder: 'monthly',
    query: {
      measures: ['orders.total_amount', 'orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2023-01-01', '2025-12-31'] }],
      order: { 'orders.created_at': 'asc' },
    },
    createdAt: '2026-01-06T09:00:00.000Z', updatedAt: '2026-04-11T14:00:00.000Z', lastViewedAt: '2026-11-21T16:05:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'revenue-region-quarter', name: 'Revenue by region and quarter', folder: 'regional',
    query: {
      measures: ['orders.total_amount'],
      dimensions: ['orders.region'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter', dateRange: ['2025-01-01', '2025-12-31'] }],
    },
    pivot: { rows: ['orders.region'], columns: ['orders.created_at.quarter'], showColumnTotals: true },
    createdAt: '2026-01-07T09:00:00.000Z', updatedAt: '2026-05-20T09:30:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'category-kpis', name: 'Category KPIs', title: 'Category KPIs (measures on rows)',
    folder: 'sales',
    query: {
      measures: ['orders.count', 'orders.total_amount', 'orders.average_amount', 'orders.customer_count'],
      dimensions: ['orders.category'],
    },
    pivot: { rows: [], columns: ['orders.category'], measuresAxis: 'rows', measuresPosition: 'before' },
    createdAt: '2026-01-08T09:00:00.000Z', updatedAt: '2026-06-01T12:00:00.000Z', lastViewedAt: '2026-10-02T07:45:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'europe-electronics-completed', name: 'Completed Electronics orders in Europe',
    folder: 'regional',
    query: {
      measures: ['orders.count', 'orders.total_amount'],
      dimensions: ['orders.customer_segment'],
      filters: [
        { member: 'orders.status', operator: 'equals', values: ['completed'] },
        { member: 'orders.category', operator: 'equals', values: ['Electronics'] },
        { member: 'orders.region', operator: 'equals', values: ['Europe'] },
      ],
    },
    createdAt: '2026-01-09T09:00:00.000Z', updatedAt: '2026-07-14T08:00:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'order-value-completion', name: 'Order value and completion rate', folder: 'finance',
    query: { measures: ['orders.average_amount', 'orders.completed_percentage'], dimensions: ['orders.customer_segment'] },
    pivot: { displayScale: 'model' },
    createdAt: '2026-01-10T09:00:00.000Z', updatedAt: '2026-08-03T17:20:00.000Z', lastViewedAt: '2026-11-01T11:00:00.000Z',
  },
  {
    deployment: 'sales', publicId: 'revenue-thousands-by-year', name: 'Revenue in thousands by category and year',
    folder: 'archive',
    query: {
      measures: ['orders.total_amount'],
      dimensions: ['orders.category'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'year' }],
    },
    pivot: { rows: ['orders.category'], columns: ['orders.created_at.year'], displayScale: 'thousands', showColumnTotals: true },
    createdAt: '2026-01-11T09:00:00.000Z', updatedAt: '2026-02-01T09:00:00.000Z', lastViewedAt: null,
  },
  {
    deployment: 'sales', publicId: 'top-customers', name: 'Top 10 customers by revenue', folder: null,
    query: {
      measures: ['sales.total_amount', 'sales.count'],
      dimensions: ['sales.customer_segment'],
      order: { 'sales.total_amount': 'desc' },
      limit: 10,
    },
    createdAt: '2026-01-12T09:00:00.000Z', updatedAt: '2026-09-09T09:00:00.000Z', lastViewedAt: '2026-11-15T13:00:00.000Z',
  },
  {
    deployment: 'sandbox', publicId: 'weekly-orders', name: 'Weekly orders in 2025', folder: 'sandbox',
    query: {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'week', dateRange: ['2025-01-01', '2025-12-31'] }],
    },
    createdAt: '2026-02-01T09:00:00.000Z', updatedAt: '2026-02-02T09:00:00.000Z', lastViewedAt: null,
  },
];

export const SEED_APP_CONFIG: AppConfig = {
  appTheme: {
    palette: { primary: '#0F6CBD', secondary: '#115EA3', background: '#FFFFFF', text: '#242424' },
    logoUrl: null,
  },
  applyThemeGlobally: false,
  creatorMode: {
    showGeneratedSql: false,
    showSemanticSql: false,
    localizedTitles: [
      { locale: 'en-US', value: 'Reports' },
      { locale: 'de-DE', value: 'Berichte' },
    ],
  },
  embedding: {},
  sheetsUi: { showAppliedFilters: true },
  sheetsAgentChatEnabled: false,
  timezoneSettings: { defaultTimezone: 'UTC' },
};
