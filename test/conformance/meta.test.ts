/**
 * `/v1/meta` as Cube 1.7.43 builds it from server/model/sales.yml.
 *
 * Sources: schema-compiler/src/compiler/CubeToMetaTransformer.js (every field of a cube, measure, dimension and
 * segment; titles "<Cube title> <member title>" with `titleize(name)` when a member has no title; visibility from
 * `public`, primary keys hidden unless public; formats and formatDescription; folders), named-numeric-formats.js
 * (number_0 → ',.0f', default specifiers), CubeSymbols.generateIncludeMembers and CubeEvaluator.prepareMembers
 * (view members: the cube member's title/description/format/currency, `aliasMember`), api-gateway gateway.ts
 * (meta: non-visible members filtered out outside dev mode, `onlyViews`); docs
 * https://cube.dev/docs/product/apis-integrations/rest-api/reference#base_pathv1meta and
 * https://cube.dev/docs/reference/data-model/dimensions#public.
 */
import cube from '@cubejs-client/core';
import { memberMeta, useConformance, type Body, type Row } from './support';

const c = useConformance();

const DEFAULT_NUMBER = { name: 'number', specifier: ',.2~f' }; // named-numeric-formats.js DEFAULT_FORMAT_SPECIFIER
const CURRENCY = { name: 'currency', specifier: '$,.2~f' }; // STANDARD_FORMAT_SPECIFIERS.currency
const PERCENT = { name: 'percent', specifier: '.2~%' }; // STANDARD_FORMAT_SPECIFIERS.percent

/** CubeToMetaTransformer.measureConfig + visibility; `type` is 'number' for every aggregate (CubeSymbols.toMemberDataType). */
const measure = (name: string, title: string, shortTitle: string, aggType: string, extra: Row = {}) => ({
  name, title, shortTitle, ...memberMeta(name),
  formatDescription: DEFAULT_NUMBER,
  cumulativeTotal: false, cumulative: false,
  type: 'number', aggType,
  drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] },
  isVisible: true, public: true,
  ...extra,
});

/** CubeToMetaTransformer dimensions: formatDescription only for number dimensions. */
const dimension = (name: string, title: string, shortTitle: string, type: string, extra: Row = {}) => ({
  name, title, type, shortTitle, ...memberMeta(name),
  suggestFilterValues: true,
  ...(type === 'number' ? { formatDescription: DEFAULT_NUMBER } : {}),
  isVisible: true, public: true, primaryKey: false,
  ...extra,
});

const ordersMeasures = [
  measure('orders.count', 'Orders Count', 'Count', 'count'),
  measure('orders.total_amount', 'Orders Revenue', 'Revenue', 'sum', {
    description: 'Sum of order amounts, in US dollars.',
    // `currency: usd` is upper-cased and added to the formatDescription (resolveFormatDescription).
    format: 'currency', currency: 'USD', formatDescription: { ...CURRENCY, currency: 'USD' },
  }),
  measure('orders.average_amount', 'Orders Average order value', 'Average order value', 'avg', { format: 'currency', formatDescription: CURRENCY }),
  // YAML `count_distinct` is Cube's countDistinct.
  measure('orders.customer_count', 'Orders Customers', 'Customers', 'countDistinct'),
  // A named numeric format becomes {type: 'custom-numeric', value, alias} (transformMeasureFormat).
  measure('orders.total_quantity', 'Orders Units', 'Units', 'sum', {
    format: { type: 'custom-numeric', value: ',.0f', alias: 'number_0' }, formatDescription: { name: 'number_0', specifier: ',.0f' },
  }),
  // A raw d3 specifier becomes {type: 'custom-numeric', value}, described as 'custom'.
  measure('orders.average_quantity', 'Orders Units per order', 'Units per order', 'avg', {
    format: { type: 'custom-numeric', value: '.2f' }, formatDescription: { name: 'custom', specifier: '.2f' },
  }),
  measure('orders.completed_count', 'Orders Completed orders', 'Completed orders', 'count'),
  measure('orders.completed_percentage', 'Orders Completion rate', 'Completion rate', 'number', { format: 'percent', formatDescription: PERCENT }),
];

const ordersDimensions = [
  // A primary key is hidden by default; this one says `public: true`.
  dimension('orders.id', 'Orders Order id', 'Order id', 'number', { primaryKey: true }),
  // No title: titleize('status') → 'Status'.
  dimension('orders.status', 'Orders Status', 'Status', 'string'),
  dimension('orders.category', 'Orders Category', 'Category', 'string'),
  dimension('orders.region', 'Orders Region', 'Region', 'string'),
  dimension('orders.customer_segment', 'Orders Customer segment', 'Customer segment', 'string'),
  dimension('orders.customer_name', 'Orders Customer', 'Customer', 'string'),
  // orders.customer_id (public: false) is not listed.
  // An object format passes through as is (transformDimensionFormat).
  dimension('orders.order_link', 'Orders Order page', 'Order page', 'string', { format: { type: 'link', label: 'Open order' } }),
  dimension('orders.amount', 'Orders Order amount', 'Order amount', 'number', { format: 'currency', formatDescription: CURRENCY }),
  dimension('orders.is_returning_customer', 'Orders Returning customer', 'Returning customer', 'boolean'),
  dimension('orders.created_at', 'Orders Created at', 'Created at', 'time'),
];

const ordersSegments = [
  { name: 'orders.completed', title: 'Orders Completed orders', shortTitle: 'Completed orders', isVisible: true, public: true },
  { name: 'orders.large_orders', title: 'Orders Large orders', shortTitle: 'Large orders', description: 'Orders of 500 or more.', isVisible: true, public: true },
  // No title: titleize('europe').
  { name: 'orders.europe', title: 'Orders Europe', shortTitle: 'Europe', isVisible: true, public: true },
];

// View members take the cube member's title, description, format and currency under the view's title, and
// name the member they alias (CubeEvaluator.prepareMembers aliasMember). Order: the view's `includes`.
const salesMeasures = [
  measure('sales.count', 'Sales Count', 'Count', 'count', { aliasMember: 'orders.count' }),
  measure('sales.total_amount', 'Sales Revenue', 'Revenue', 'sum', {
    description: 'Sum of order amounts, in US dollars.', format: 'currency', currency: 'USD',
    formatDescription: { ...CURRENCY, currency: 'USD' }, aliasMember: 'orders.total_amount',
  }),
  measure('sales.average_amount', 'Sales Average order value', 'Average order value', 'avg', { format: 'currency', formatDescription: CURRENCY, aliasMember: 'orders.average_amount' }),
  measure('sales.customer_count', 'Sales Customers', 'Customers', 'countDistinct', { aliasMember: 'orders.customer_count' }),
  measure('sales.completed_percentage', 'Sales Completion rate', 'Completion rate', 'number', { format: 'percent', formatDescription: PERCENT, aliasMember: 'orders.completed_percentage' }),
];
const salesDimensions = [
  dimension('sales.status', 'Sales Status', 'Status', 'string', { aliasMember: 'orders.status' }),
  dimension('sales.category', 'Sales Category', 'Category', 'string', { aliasMember: 'orders.category' }),
  dimension('sales.region', 'Sales Region', 'Region', 'string', { aliasMember: 'orders.region' }),
  dimension('sales.customer_segment', 'Sales Customer segment', 'Customer segment', 'string', { aliasMember: 'orders.customer_segment' }),
  dimension('sales.created_at', 'Sales Created at', 'Created at', 'time', { aliasMember: 'orders.created_at' }),
];
// Folders: `name` and the members as `<view>.<member>`, in the folder's `includes` order; flat and nested alike
// when the folders are not nested (CUBEJS_NESTED_FOLDERS_DELIMITER unset).
const salesFolders = [
  { name: 'Revenue', members: ['sales.total_amount', 'sales.average_amount'] },
  { name: 'Orders', members: ['sales.count', 'sales.completed_percentage', 'sales.status', 'sales.category', 'sales.created_at'] },
  { name: 'Customers', members: ['sales.customer_count', 'sales.customer_segment', 'sales.region'] },
];

let meta: Body;
const cubeNamed = (name: string) => (meta.cubes as Row[]).find((entry) => entry.name === name) as Body;

beforeAll(async () => {
  const reply = await c.meta();
  expect(reply.status).toBe(200);
  meta = reply.body;
});

describe('/v1/meta', () => {
  it('lists the cube and the view, and nothing else at the top level', () => {
    expect(Object.keys(meta)).toEqual(['cubes']);
    expect((meta.cubes as Row[]).map((entry) => [entry.name, entry.type]).sort()).toEqual([['orders', 'cube'], ['sales', 'view']]);
  });

  it.each(['orders', 'sales'])('gives %s the fields of CubeToMetaTransformer.transform', (name) => {
    const entry = cubeNamed(name);
    // connectedComponent comes from the join graph and is absent for a cube without joins.
    expect(Object.keys(entry).filter((key) => key !== 'connectedComponent').sort()).toEqual(
      ['description', 'dimensions', 'folders', 'hierarchies', 'isVisible', 'measures', 'name', 'nestedFolders', 'public', 'segments', 'title', 'type'],
    );
    expect(entry.hierarchies).toEqual([]);
  });

  it('describes the orders cube', () => {
    expect(cubeNamed('orders')).toMatchObject({
      name: 'orders', type: 'cube', title: 'Orders', isVisible: true, public: true,
      description: 'Every order placed in the sample shop, 2023 to 2025.', folders: [], nestedFolders: [],
    });
  });

  it.each(ordersMeasures.map((m) => [m.name, m] as const))('measure %s', (name, expected) => {
    expect((cubeNamed('orders').measures as Row[]).find((m) => m.name === name)).toEqual(expected);
  });

  it.each(ordersDimensions.map((d) => [d.name, d] as const))('dimension %s', (name, expected) => {
    expect((cubeNamed('orders').dimensions as Row[]).find((d) => d.name === name)).toEqual(expected);
  });

  it('lists members in definition order and leaves the hidden customer_id out', () => {
    const orders = cubeNamed('orders');
    expect((orders.measures as Row[]).map((m) => m.name)).toEqual(ordersMeasures.map((m) => m.name));
    expect((orders.dimensions as Row[]).map((d) => d.name)).toEqual(ordersDimensions.map((d) => d.name));
    const names = (meta.cubes as Body[]).flatMap((entry) => [...entry.measures, ...entry.dimensions, ...entry.segments].map((m: Row) => m.name));
    expect(names).not.toContain('orders.customer_id');
  });

  it('lists segments with title and shortTitle', () => {
    expect(cubeNamed('orders').segments).toEqual(ordersSegments);
  });

  it('describes the sales view: members with aliasMember, the view segment, folders', () => {
    const sales = cubeNamed('sales');
    expect(sales).toMatchObject({ name: 'sales', type: 'view', title: 'Sales', isVisible: true, public: true, description: 'Revenue and order counts for analysts.' });
    expect(sales.measures).toEqual(salesMeasures);
    expect(sales.dimensions).toEqual(salesDimensions);
    expect(sales.segments).toEqual([{ name: 'sales.completed', title: 'Sales Completed orders', shortTitle: 'Completed orders', isVisible: true, public: true }]);
    expect(sales.folders).toEqual(salesFolders);
    expect(sales.nestedFolders).toEqual(salesFolders);
  });

  it('answers only views with ?onlyViews=true (gateway.ts meta)', async () => {
    const { status, body } = await c.request('/v1/meta?onlyViews=true');
    expect(status).toBe(200);
    expect((body.cubes as Row[]).map((entry) => entry.name)).toEqual(['sales']);
  });

  it("is what Cube's own client library resolves members from", async () => {
    const api = cube(c.token, { apiUrl: `${c.base}/v1` });
    const clientMeta = await api.meta();
    expect(clientMeta.resolveMember('sales.total_amount', 'measures')).toMatchObject({ title: 'Sales Revenue', shortTitle: 'Revenue', format: 'currency' });
    expect(clientMeta.resolveMember('orders.created_at', 'dimensions')).toMatchObject({ type: 'time' });
    expect(clientMeta.resolveMember('orders.customer_id', 'dimensions')).toMatchObject({ error: expect.any(String) });
  });
});
