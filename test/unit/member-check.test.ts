import type { CubeLoadResult, CubeQuery, MemberFilter } from '../../src/contract';
import { valueRequest } from '../../src/core/formula-args';
import { memberCheckQuery, memberChecks, memberKeys } from '../../src/core/member-check';
import { closestMembers, editDistance, unknownMemberMessage } from '../../src/core/member-suggestions';
import { FormulaError } from '../../src/functions/formula-errors';
import { MemberChecker } from '../../src/functions/member-checker';
import { FORMULA_META as META } from '../support/formula-meta';

/**
 * Member checking and "did you mean", against the members the sample data holds (server/store/sample-data.ts writes
 * these regions, categories and statuses in its CASE expressions), copied here by hand from that SQL.
 */
const REGIONS = ['North America', 'Europe', 'Asia Pacific', 'Latin America'];
const CATEGORIES = ['Electronics', 'Furniture', 'Office Supplies', 'Apparel', 'Books'];
const STATUSES = ['completed', 'shipped', 'processing', 'cancelled', 'returned'];

const result = (data: CubeLoadResult['data']): CubeLoadResult => ({ query: {}, data, annotation: { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} } });

describe('editDistance (optimal string alignment)', () => {
  it('counts insertions, deletions, substitutions and a swap of neighbours as one each', () => {
    // Textbook values: kitten → sitting is 3; a swap is 1 where Levenshtein counts 2; OSA gives "ca" → "abc" 3 (not 2).
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('eurpoe', 'europe')).toBe(1);
    expect(editDistance('ca', 'abc')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('Books', 'Books')).toBe(0);
  });
});

describe('closestMembers', () => {
  it('suggests the member a typo or a case difference was meant for', () => {
    expect(closestMembers('Eurpoe', REGIONS)).toEqual(['Europe']);
    expect(closestMembers('europe', REGIONS)).toEqual(['Europe']);
    expect(closestMembers('Asia Pacifc', REGIONS)).toEqual(['Asia Pacific']);
    expect(closestMembers('Furnture', CATEGORIES)).toEqual(['Furniture']);
    expect(closestMembers('canceled', STATUSES)).toEqual(['cancelled']);
    expect(closestMembers('Office', CATEGORIES)).toEqual(['Office Supplies']);
  });

  it('suggests nothing when no member is close, and at most three, closest first', () => {
    expect(closestMembers('Antarctica', REGIONS)).toEqual([]);
    // 'customer 12' differs in case only (0); the others one letter (1), then alphabetically; 'Customer 99' two.
    expect(closestMembers('Customer 12', ['Customer 11', 'Customer 13', 'customer 12', 'Customer 10', 'Customer 99'])).toEqual([
      'customer 12', 'Customer 10', 'Customer 11',
    ]);
  });

  it('says it in words, naming the dimension as the formula does', () => {
    expect(unknownMemberMessage('Region', 'Eurpoe', ['Europe'])).toBe('Region has no member "Eurpoe"; did you mean "Europe"?');
    expect(unknownMemberMessage('sales.status', 'x', ['a', 'b', 'c'])).toBe('sales.status has no member "x"; did you mean "a", "b" or "c"?');
    expect(unknownMemberMessage('Region', 'Antarctica', [])).toBe('Region has no member "Antarctica".');
  });
});

describe('member checks', () => {
  it('checks the text and number values a batch asks, per dimension, sets included; not periods, not TRUE/FALSE', () => {
    const calls = [
      valueRequest(META, 'orders.count', ['Region', 'Europe', 'orders.created_at.month', '2025-03', 'orders.is_paid', true]),
      valueRequest(META, 'orders.count', ['orders.region', [['Asia Pacific', 'Europe']], 'orders.quantity', 3]),
    ].map((request) => request.filters);
    expect(memberChecks(calls)).toEqual([
      { member: 'orders.quantity', type: 'number', values: ['3'] },
      { member: 'orders.region', type: 'string', values: ['Asia Pacific', 'Europe'] },
    ]);
    expect(memberCheckQuery(memberChecks(calls)[1]!)).toEqual({
      dimensions: ['orders.region'],
      filters: [{ member: 'orders.region', operator: 'equals', values: ['Asia Pacific', 'Europe'] }],
      limit: 2,
    });
    expect(memberKeys(result([{ 'orders.quantity': '3' }, { 'orders.quantity': null }]), 'orders.quantity', 'number')).toEqual(['3']);
  });
});

describe('MemberChecker', () => {
  /** A data API whose orders.region has the sample's regions: `equals` answers the rows of the values it has, exactly. */
  function regionsApi() {
    const queries: CubeQuery[] = [];
    const load = (_deploymentId: number, query: CubeQuery) => {
      queries.push(query);
      const asked = (query.filters?.[0] as MemberFilter | undefined)?.values;
      const rows = REGIONS.filter((region) => !asked || asked.includes(region)).map((region) => ({ 'orders.region': region }));
      return Promise.resolve(result(rows.slice(0, query.limit)));
    };
    return { queries, load, checker: new MemberChecker(load) };
  }
  const filters = (...values: unknown[]) => valueRequest(META, 'orders.count', ['Region', values.length > 1 ? [values] : values[0]]).filters;
  const outcome = (check: Promise<void>) => check.then(() => 'exists', (error: unknown) => error);

  it('asks one query for all the values of a batch, and lists the members only when one is missing', async () => {
    const { queries, checker } = regionsApi();
    const checks = checker.check(1, [filters('Europe'), filters('Asia Pacific'), filters('Latin America', 'Europe')]);
    expect(await Promise.all(checks.map(outcome))).toEqual(['exists', 'exists', 'exists']);
    expect(queries).toHaveLength(1);
    const [typo] = checker.check(1, [filters('Eurpoe')]);
    const error = await outcome(typo!);
    expect(error).toBeInstanceOf(FormulaError);
    expect([(error as FormulaError).kind, (error as FormulaError).message]).toEqual(['notAvailable', 'Region has no member "Eurpoe"; did you mean "Europe"?']);
    expect(queries.slice(1)).toEqual([
      { dimensions: ['orders.region'], filters: [{ member: 'orders.region', operator: 'equals', values: ['Eurpoe'] }], limit: 1 },
      { dimensions: ['orders.region'], limit: 10_000 },
    ]);
  });

  it('finds a typo in a set, keeps what it checked until forgotten, and does not keep a failed query', async () => {
    const { queries, checker } = regionsApi();
    const message = async (check: Promise<void>) => ((await outcome(check)) as Error).message;
    expect(await message(checker.check(1, [filters('Europe', 'Lattin America')])[0]!)).toBe('Region has no member "Lattin America"; did you mean "Latin America"?');
    expect(await message(checker.check(1, [filters('europe')])[0]!)).toBe('Region has no member "europe"; did you mean "Europe"?');
    expect(queries).toHaveLength(3);
    expect(await outcome(checker.check(1, [filters('Europe')])[0]!)).toBe('exists');
    expect(queries).toHaveLength(3);
    checker.forget();
    expect(await outcome(checker.check(1, [filters('Europe')])[0]!)).toBe('exists');
    expect(queries).toHaveLength(4);

    let fail = true;
    const api = regionsApi();
    const failing = new MemberChecker((id, query) => (fail ? Promise.reject(new Error('Query timeout')) : api.load(id, query)));
    expect(((await outcome(failing.check(1, [filters('Europe')])[0]!)) as Error).message).toBe('Query timeout');
    fail = false;
    expect(await outcome(failing.check(1, [filters('Europe')])[0]!)).toBe('exists');
  });
});
