import { membersRequest, unpairedDimension, valueRequest } from '../../src/core/formula-args';
import { FormulaArgumentError } from '../../src/core/formula-error';
import { FORMULA_META as META } from '../support/formula-meta';

const argumentError = (run: () => unknown): string => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(FormulaArgumentError);
    return (error as Error).message;
  }
  throw new Error('expected a FormulaArgumentError');
};

describe('RS.VALUE arguments', () => {
  it('resolves full names, with a time member granularity as suffix, and sorts the filters by member', () => {
    expect(valueRequest(META, 'orders.revenue', ['orders.region', 'North', 'orders.created_at.month', '2025-03'])).toEqual({
      measure: 'orders.revenue',
      emptyAnswer: null,
      filters: [
        { member: 'orders.created_at', type: 'time', granularity: 'month', values: ['2025-03-01'], shown: 'orders.created_at.month' },
        { member: 'orders.region', type: 'string', granularity: null, values: ['North'], shown: 'orders.region' },
      ],
      source: null,
    });
  });

  it('takes names in any case and titles as /v1/meta gives them', () => {
    const byTitle = valueRequest(META, 'Orders Count', ['region', 'North', 'CREATED AT.YEAR', 2025]);
    expect(byTitle.measure).toBe('orders.count');
    expect(byTitle.filters).toEqual([
      { member: 'orders.created_at', type: 'time', granularity: 'year', values: ['2025-01-01'], shown: 'CREATED AT.YEAR' },
      { member: 'orders.region', type: 'string', granularity: null, values: ['North'], shown: 'region' },
    ]);
    expect(valueRequest(META, 'ORDERS.Revenue', []).measure).toBe('orders.revenue');
    expect(valueRequest(META, 'Sales Revenue', []).measure).toBe('sales.revenue');
  });

  it("refuses a title that several views' members share, naming them", () => {
    expect(argumentError(() => valueRequest(META, 'Revenue', []))).toBe(
      '"Revenue" could be any of finance.revenue, sales.revenue: give the full name of the one you mean.',
    );
  });

  it("takes a title a view's member shares with its cube's member as the view's", () => {
    // Cube's views show a cube's members under the same titles; the view is what users explore.
    const viewAndCube = { cubes: META.cubes.filter((cube) => cube.name !== 'finance') };
    expect(valueRequest(viewAndCube, 'Revenue', []).measure).toBe('sales.revenue');
  });

  it('answers 0 for a count with no rows and null for other aggregations', () => {
    expect(valueRequest(META, 'orders.count', []).emptyAnswer).toBe(0);
    expect(valueRequest(META, 'orders.customers', []).emptyAnswer).toBe(0);
    expect(valueRequest(META, 'orders.revenue', []).emptyAnswer).toBeNull();
    expect(valueRequest(META, 'orders.average_amount', []).emptyAnswer).toBeNull();
  });

  it('takes an odd last item as the source to ask', () => {
    expect(valueRequest(META, 'orders.count', ['orders.region', 'North', 'Production']).source).toBe('Production');
    expect(valueRequest(META, 'orders.count', ['Production']).source).toBe('Production');
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.region', 'North', '']))).toMatch(/must name a deployment/);
  });

  it('reads a time member without granularity as a day, from ISO text or an Excel date serial', () => {
    // 45730 is 2025-03-14 (see formula-periods.test.ts).
    for (const date of ['2025-03-14', 45730]) {
      expect(valueRequest(META, 'orders.count', ['orders.created_at', date]).filters).toEqual([
        { member: 'orders.created_at', type: 'time', granularity: 'day', values: ['2025-03-14'], shown: 'orders.created_at' },
      ]);
    }
    expect(valueRequest(META, 'orders.count', ['orders.created_at.quarter', '2025-Q2']).filters[0]!.values).toEqual(['2025-04-01']);
  });

  it("turns values into the text Cube filters a member's type by", () => {
    const filters = valueRequest(META, 'orders.count', ['orders.region', 2025, 'orders.quantity', '3.50', 'orders.is_paid', true]).filters;
    expect(filters.map((f) => f.values)).toEqual([['true'], ['3.5'], ['2025']]);
    expect(valueRequest(META, 'orders.count', ['orders.is_paid', 'FALSE']).filters[0]!.values).toEqual(['false']);
  });

  it('refuses an empty or unknown member, a measure as a member and a dimension as the measure', () => {
    expect(argumentError(() => valueRequest(META, '', []))).toBe("The measure is empty: give a member's name (orders.revenue) or its title.");
    expect(argumentError(() => valueRequest(META, 'orders.count', [' ', 'North']))).toBe(
      "The member of pair 1 is empty: give a member's name (orders.revenue) or its title.",
    );
    expect(argumentError(() => valueRequest(META, 'orders.profit', []))).toBe(
      'The measure "orders.profit" is not in the model: give a measure\'s full name (orders.revenue) or its title.',
    );
    expect(argumentError(() => valueRequest(META, 'orders.region', []))).toBe(
      '"orders.region" is a dimension, not a measure: give a measure to show.',
    );
    expect(argumentError(() => valueRequest(META, 'orders.count', ['Count', 5]))).toBe(
      '"Count" (orders.count) is a measure, not a dimension: give a dimension to filter or list by.',
    );
  });

  it('refuses a value that is missing or no value of its member, naming both', () => {
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.created_at.month', '2025-13']))).toBe(
      '"2025-13" is not a value of orders.created_at.month: give a month (2025-03) or a date (2025-03-14).',
    );
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.quantity', 'many']))).toBe(
      '"many" is not a value of orders.quantity: give a number.',
    );
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.region', '']))).toBe(
      '"orders.region" has no value: give the value to filter orders.region by.',
    );
  });

  it('refuses granularities it does not take and a granularity on a member that is no time', () => {
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.created_at.fiscal_year', 2025]))).toBe(
      '"orders.created_at.fiscal_year": .fiscal_year is not a granularity the RS functions take; use year, quarter, month, week, day.',
    );
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.region.month', '2025-03']))).toBe(
      '"orders.region.month": orders.region is not a time member, so it takes no granularity (.month).',
    );
  });

  it('refuses one member twice in a call, also with two granularities', () => {
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.created_at.year', 2025, 'orders.created_at.month', '2025-03']))).toBe(
      'orders.created_at is given twice: give each member once per call.',
    );
  });
});

describe('sets: a range or an array constant as a value', () => {
  // Excel passes each item of a repeating matrix parameter as a 2-D array, a single value as [[value]]
  // (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options#repeating-parameters).
  it('takes a 1×1 array as the value itself, and a member given as a 1×1 array', () => {
    expect(valueRequest(META, 'orders.count', [[['orders.region']], [['North']]])).toEqual(valueRequest(META, 'orders.count', ['orders.region', 'North']));
  });

  it('takes the filled cells of a range or array constant as a set, sorted and distinct, empty cells skipped', () => {
    const range = [['North'], [null], ['South'], [''], ['North']];
    expect(valueRequest(META, 'orders.count', ['Region', range]).filters).toEqual([
      { member: 'orders.region', type: 'string', granularity: null, values: ['North', 'South'], shown: 'Region' },
    ]);
    expect(valueRequest(META, 'orders.count', ['orders.quantity', [[3, '5', 3.0]]]).filters[0]!.values).toEqual(['3', '5']);
  });

  it('takes a set of consecutive periods and refuses periods with a gap, saying why', () => {
    expect(valueRequest(META, 'orders.count', ['orders.created_at.month', [['2025-03', '2025-01', '2025-02']]]).filters[0]!.values).toEqual([
      '2025-01-01', '2025-02-01', '2025-03-01',
    ]);
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.created_at.month', [['2025-01', '2025-03']]]))).toBe(
      'The periods of orders.created_at.month are not consecutive: a set of periods must be one run (2025-01, 2025-02, 2025-03); give each run its own formula.',
    );
  });

  it('refuses a set with no values, and a value of the set that is no value of the member, naming the argument', () => {
    expect(argumentError(() => valueRequest(META, 'orders.count', ['Region', [[null], ['']]]))).toBe(
      '"Region" has no value: give the value to filter orders.region by (its cells are empty).',
    );
    expect(argumentError(() => valueRequest(META, 'orders.count', ['orders.quantity', [[1, 'many']]]))).toBe(
      '"many" is not a value of orders.quantity: give a number.',
    );
    expect(argumentError(() => valueRequest(META, 'orders.count', [[['Region', 'orders.quantity']], 'North']))).toBe(
      "The member of pair 1 is a range of several cells: give one member's name or title.",
    );
  });
});

describe('arguments in the wrong shape name the argument', () => {
  it('says an unpaired dimension has no member, not that no deployment has its name', () => {
    expect(unpairedDimension(META, 'Region', 'value')?.message).toBe(
      'After the measure, RS.VALUE takes pairs of dimension and member: "Region" has no member. Give the member after it.',
    );
    expect(unpairedDimension(META, 'orders.created_at.month', 'members')?.message).toBe(
      'After the dimension, RS.MEMBERS takes pairs of dimension and member: "orders.created_at.month" has no member. Give the member after it.',
    );
    // A deployment's name is no dimension: the unpaired item names the deployment as before.
    expect(unpairedDimension(META, 'Production', 'value')).toBeNull();
  });

  it('says a pair given member first is the wrong way round', () => {
    expect(argumentError(() => valueRequest(META, 'orders.count', ['North', 'Region']))).toBe(
      'After the measure, RS.VALUE takes pairs of dimension and member, the dimension first: "Region" comes before "North".',
    );
  });

  it('names the argument that is not in the model', () => {
    expect(argumentError(() => valueRequest(META, 'orders.count', ['Regoin', 'North']))).toBe(
      'The member of pair 1 "Regoin" is not in the model: give a dimension\'s full name (orders.region) or its title.',
    );
    expect(argumentError(() => membersRequest(META, 'Regoin', []))).toBe(
      'The dimension "Regoin" is not in the model: give a dimension\'s full name (orders.region) or its title.',
    );
  });
});

describe('RS.MEMBERS arguments', () => {
  it('resolves the dimension to list, with its granularity, and the filters', () => {
    expect(membersRequest(META, 'Created at.quarter', ['Region', 'North'])).toEqual({
      dimension: { member: 'orders.created_at', type: 'time', granularity: 'quarter' },
      filters: [{ member: 'orders.region', type: 'string', granularity: null, values: ['North'], shown: 'Region' }],
      source: null,
    });
  });

  it('refuses a measure to list', () => {
    expect(argumentError(() => membersRequest(META, 'orders.revenue', []))).toBe('"orders.revenue" is a measure, not a dimension: give a dimension to filter or list by.');
  });
});
