import type { CubeMeta } from '../../src/contract';

/**
 * A `/v1/meta` answer in Cube's shape, written by hand for the RS function tests: a cube `orders` with measures
 * of each aggregation that matters (count, countDistinct, sum, avg) and dimensions of each type, and a view
 * `sales` whose `Revenue` shares its short title with the cube's, so that title is ambiguous.
 */
const measure = (name: string, title: string, shortTitle: string, aggType: string) => ({
  name, title, shortTitle, type: 'number', aggType, cumulative: false, cumulativeTotal: false, drillMembers: [], isVisible: true, public: true,
});
const dimension = (name: string, title: string, shortTitle: string, type: string) => ({
  name, title, shortTitle, type, suggestFilterValues: true, isVisible: true, public: true, primaryKey: false,
});

export const FORMULA_META: CubeMeta = {
  cubes: [
    {
      name: 'orders',
      title: 'Orders',
      type: 'cube',
      measures: [
        measure('orders.count', 'Orders Count', 'Count', 'count'),
        measure('orders.customers', 'Orders Customers', 'Customers', 'countDistinct'),
        measure('orders.revenue', 'Orders Revenue', 'Revenue', 'sum'),
        measure('orders.average_amount', 'Orders Average Amount', 'Average Amount', 'avg'),
      ],
      dimensions: [
        dimension('orders.region', 'Orders Region', 'Region', 'string'),
        dimension('orders.customer', 'Orders Customer', 'Customer', 'string'),
        dimension('orders.quantity', 'Orders Quantity', 'Quantity', 'number'),
        dimension('orders.is_paid', 'Orders Is Paid', 'Is Paid', 'boolean'),
        dimension('orders.created_at', 'Orders Created at', 'Created at', 'time'),
      ],
      segments: [],
    },
    {
      name: 'sales',
      title: 'Sales',
      type: 'view',
      measures: [measure('sales.revenue', 'Sales Revenue', 'Revenue', 'sum')],
      dimensions: [dimension('sales.region', 'Sales Region', 'Sales region', 'string')],
      segments: [],
    },
    {
      name: 'finance',
      title: 'Finance',
      type: 'view',
      measures: [measure('finance.revenue', 'Finance Revenue', 'Revenue', 'sum')],
      dimensions: [],
      segments: [],
    },
  ],
};
