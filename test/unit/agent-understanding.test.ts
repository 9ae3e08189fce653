import { join } from 'node:path';
import { answerSentence, formatFigure, periodLabel } from '../../server/agent/answer';
import { understand, type AgentCatalog, type CatalogMember, type QueryUnderstanding } from '../../server/agent/understanding';
import { metaResponse } from '../../server/cube/meta';
import { loadSemanticModel } from '../../server/cube/model';

/**
 * The local agent's question understanding, against the sample model's `sales` view as `/v1/meta` describes it.
 * Expected queries are written by hand in Cube's JSON query format (docs: REST API query format): members as
 * `view.member`, `timeDimensions: [{dimension, granularity?, dateRange?}]` with Cube's relative date strings,
 * `filters: [{member, operator: 'equals', values}]`, `order: {member: 'desc'}` and `limit`.
 */

const model = loadSemanticModel(join(__dirname, '..', '..', 'server', 'model', 'sales.yml'));
const [sales] = metaResponse([model.cube('sales')!]).cubes as { measures: CatalogMember[]; dimensions: CatalogMember[] }[];
/** The sample data's values (server/store/sample-data.ts), as the agent looks them up. */
const catalog: AgentCatalog = {
  measures: sales!.measures,
  dimensions: sales!.dimensions,
  values: {
    'sales.status': ['cancelled', 'completed', 'processing', 'returned', 'shipped'],
    'sales.category': ['Apparel', 'Books', 'Electronics', 'Furniture', 'Office Supplies'],
    'sales.region': ['Asia Pacific', 'Europe', 'Latin America', 'North America'],
    'sales.customer_segment': ['Consumer', 'Corporate', 'Small Business'],
  },
};

function queryOf(question: string, within: AgentCatalog = catalog) {
  const understood = understand(question, within);
  if (understood.kind !== 'query') throw new Error(`"${question}" was not understood: ${understood.reason}`);
  return understood.query;
}

const REVENUE_BY_REGION_LAST_YEAR = {
  measures: ['sales.total_amount'],
  dimensions: ['sales.region'],
  timeDimensions: [{ dimension: 'sales.created_at', dateRange: 'last year' }],
};

describe('understanding a question as a Cube query', () => {
  it('maps a measure, a dimension and a relative date range', () => {
    expect(queryOf('revenue by region last year')).toEqual(REVENUE_BY_REGION_LAST_YEAR);
    const understood = understand('revenue by region last year', catalog) as QueryUnderstanding;
    expect(understood.heading).toBe('Revenue by Region, last year');
  });

  it('is not thrown by case, punctuation or spacing', () => {
    for (const question of ['REVENUE, by Region!!! (last year)', '  revenue   BY   region — Last Year?  ', 'Revenue by region, last year.']) {
      expect(queryOf(question)).toEqual(REVENUE_BY_REGION_LAST_YEAR);
    }
  });

  it('reads granularities: per quarter, monthly, by year', () => {
    expect(queryOf('Revenue per quarter')).toEqual({
      measures: ['sales.total_amount'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'quarter' }],
    });
    expect(queryOf('monthly orders this year')).toEqual({
      measures: ['sales.count'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month', dateRange: 'this year' }],
    });
    expect(queryOf('customers by year')).toEqual({
      measures: ['sales.customer_count'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'year' }],
    });
  });

  it('reads date ranges as Cube relative strings, or a year as its first and last day', () => {
    expect(queryOf('orders in the last 12 months').timeDimensions).toEqual([{ dimension: 'sales.created_at', dateRange: 'last 12 months' }]);
    expect(queryOf('orders over the past six months').timeDimensions).toEqual([{ dimension: 'sales.created_at', dateRange: 'last 6 months' }]);
    expect(queryOf('revenue this quarter').timeDimensions).toEqual([{ dimension: 'sales.created_at', dateRange: 'this quarter' }]);
    expect(queryOf('revenue in 2024').timeDimensions).toEqual([{ dimension: 'sales.created_at', dateRange: ['2024-01-01', '2024-12-31'] }]);
  });

  it('ranks the top N by the first measure, descending, limited to N', () => {
    expect(queryOf('Top 5 categories by orders')).toEqual({
      measures: ['sales.count'], dimensions: ['sales.category'], order: { 'sales.count': 'desc' }, limit: 5,
    });
    expect(queryOf('top three regions by revenue last year')).toEqual({
      ...REVENUE_BY_REGION_LAST_YEAR, order: { 'sales.total_amount': 'desc' }, limit: 3,
    });
    expect(queryOf('bottom 2 regions by revenue')).toEqual({
      measures: ['sales.total_amount'], dimensions: ['sales.region'], order: { 'sales.total_amount': 'asc' }, limit: 2,
    });
    expect(queryOf('Which region had the most orders?')).toEqual({
      measures: ['sales.count'], dimensions: ['sales.region'], order: { 'sales.count': 'desc' }, limit: 1,
    });
  });

  it('turns a value of a dimension into an equals filter: "in Europe", "for Electronics"', () => {
    expect(queryOf('How many orders in Europe?')).toEqual({
      measures: ['sales.count'], filters: [{ member: 'sales.region', operator: 'equals', values: ['Europe'] }],
    });
    expect(queryOf('revenue for Electronics by region')).toEqual({
      measures: ['sales.total_amount'], dimensions: ['sales.region'],
      filters: [{ member: 'sales.category', operator: 'equals', values: ['Electronics'] }],
    });
    expect(queryOf('monthly revenue for office supplies in north america')).toEqual({
      measures: ['sales.total_amount'], timeDimensions: [{ dimension: 'sales.created_at', granularity: 'month' }],
      filters: [
        { member: 'sales.category', operator: 'equals', values: ['Office Supplies'] },
        { member: 'sales.region', operator: 'equals', values: ['North America'] },
      ],
    });
    expect((understand('How many orders in Europe?', catalog) as QueryUnderstanding).heading).toBe('Orders in Europe');
  });

  it('knows members by their synonyms in sales.yml meta', () => {
    expect(queryOf('turnover by market')).toEqual({ measures: ['sales.total_amount'], dimensions: ['sales.region'] });
    expect(queryOf('sales by customer type')).toEqual({ measures: ['sales.total_amount'], dimensions: ['sales.customer_segment'] });
    expect(queryOf('number of customers per segment')).toEqual({ measures: ['sales.customer_count'], dimensions: ['sales.customer_segment'] });
    expect(queryOf('AOV by product category')).toEqual({ measures: ['sales.average_amount'], dimensions: ['sales.category'] });
  });

  it('groups by several dimensions in the order the question names them', () => {
    expect(queryOf('orders by category and status')).toEqual({ measures: ['sales.count'], dimensions: ['sales.category', 'sales.status'] });
    expect(queryOf('revenue and orders by status')).toEqual({ measures: ['sales.total_amount', 'sales.count'], dimensions: ['sales.status'] });
  });

  it('says plainly what it cannot map, and suggests questions it can answer', () => {
    for (const question of ['asdf qwerty zxcv', '', 'What is the meaning of life?', 'by region last year']) {
      const understood = understand(question, catalog);
      expect(understood).toMatchObject({ kind: 'unmapped', reason: expect.stringMatching(/couldn't tell which figure/) });
    }
    const planet = understand('revenue by planet', catalog);
    expect(planet).toMatchObject({ kind: 'unmapped', reason: expect.stringContaining('"planet"') });
    const { suggestions } = planet as { suggestions: string[] };
    expect(suggestions).toEqual(expect.arrayContaining(['Revenue by region last year', 'Top 5 categories by orders']));
    // Every suggestion is itself a question the agent answers.
    for (const suggestion of suggestions) expect(understand(suggestion, catalog).kind).toBe('query');
  });

  it('works on any catalog in the /v1/meta shape, not only the sample model', () => {
    const shop: AgentCatalog = {
      measures: [{ name: 'shop.gmv', title: 'Shop GMV', shortTitle: 'GMV', type: 'number', aggType: 'sum', meta: { synonyms: ['gross merchandise value'] } }],
      dimensions: [
        { name: 'shop.country', title: 'Shop Country', shortTitle: 'Country', type: 'string' },
        { name: 'shop.ordered_on', title: 'Shop Ordered on', shortTitle: 'Ordered on', type: 'time' },
      ],
      values: { 'shop.country': ['France', 'Japan'] },
    };
    expect(queryOf('Gross merchandise value per week in Japan, last month', shop)).toEqual({
      measures: ['shop.gmv'],
      timeDimensions: [{ dimension: 'shop.ordered_on', granularity: 'week', dateRange: 'last month' }],
      filters: [{ member: 'shop.country', operator: 'equals', values: ['Japan'] }],
    });
  });
});

describe('answers in words', () => {
  const member = (name: string) => [...catalog.measures, ...catalog.dimensions].find((m) => m.name === name)!;

  it('writes figures plainly: dollars to the unit from 100 up, percentages of a ratio, grouped counts', () => {
    expect(formatFigure(member('sales.total_amount'), '1234567.89')).toBe('$1,234,568');
    expect(formatFigure(member('sales.average_amount'), '42.5')).toBe('$42.5');
    expect(formatFigure(member('sales.completed_percentage'), '0.6023')).toBe('60.2%');
    expect(formatFigure(member('sales.count'), '120000')).toBe('120,000');
    expect(formatFigure(member('sales.count'), null)).toBe('no value');
  });

  it('names periods as people do', () => {
    expect(periodLabel('2025-07-01T00:00:00.000', 'quarter')).toBe('Q3 2025');
    expect(periodLabel('2025-07-01T00:00:00.000', 'month')).toBe('July 2025');
    expect(periodLabel('2025-01-01T00:00:00.000', 'year')).toBe('2025');
  });

  it('leads with the largest group and its share of the total', () => {
    const understood = understand('revenue by region last year', catalog) as QueryUnderstanding;
    const rows = [
      { 'sales.region': 'North America', 'sales.total_amount': '300.4' },
      { 'sales.region': 'Europe', 'sales.total_amount': '1000' },
    ];
    expect(answerSentence(understood, rows)).toBe('Revenue by Region, last year: Europe leads with $1,000 of $1,300 across 2 regions.');
    expect(answerSentence(understood, [])).toBe('Revenue by Region, last year: no data matched.');
  });
});
