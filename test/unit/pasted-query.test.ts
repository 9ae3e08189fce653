import type { CubeMeta } from '../../src/contract';
import { fromReport, toQuery } from '../../src/core/exploration';
import { jsonSyntaxError } from '../../src/core/json-syntax';
import { pastedQuery, readPastedQuery } from '../../src/core/pasted-query';

/**
 * "Paste a query" read and checked in Node, against payloads written by hand from Cube's REST API documentation
 * (https://cube.dev/docs/product/apis-integrations/rest-api/query-format: its `stories` example, the filter
 * operators, the time dimension object, both forms of `order`) and a model as `/v1/meta` answers it.
 */

/** `/v1/meta` of the docs' `stories` cube and a view over it, with one segment each. */
const META: CubeMeta = {
  cubes: [
    {
      name: 'stories', type: 'cube',
      measures: [{ name: 'stories.count', type: 'number' }, { name: 'stories.totalWords', type: 'number' }],
      dimensions: [
        { name: 'stories.category', type: 'string' }, { name: 'stories.isDraft', type: 'string' },
        { name: 'stories.time', type: 'time' }, { name: 'stories.wordCount', type: 'number' },
      ],
      segments: [{ name: 'stories.published' }],
    },
    {
      name: 'newsroom', type: 'view',
      measures: [{ name: 'newsroom.count', type: 'number' }],
      dimensions: [{ name: 'newsroom.category', type: 'string' }, { name: 'newsroom.time', type: 'time' }],
      segments: [{ name: 'newsroom.published' }],
    },
  ],
};

/** The docs' example query, less its `offset` and `timezone` (which the builder does not keep). */
const DOCS_QUERY = {
  measures: ['stories.count'],
  dimensions: ['stories.category'],
  filters: [{ member: 'stories.isDraft', operator: 'equals', values: ['No'] }],
  timeDimensions: [{ dimension: 'stories.time', dateRange: ['2015-01-01', '2015-12-31'], granularity: 'month' }],
  segments: ['stories.published'],
  limit: 100,
  order: { 'stories.time': 'asc', 'stories.count': 'desc' },
};

const typeOf = (member: string) => (member === 'stories.time' ? 'time' : member === 'stories.count' ? 'number' : 'string');
const problemsOf = (text: string) => {
  const outcome = pastedQuery(text, META);
  return outcome.ok ? [] : outcome.problems;
};

describe('a pasted Cube query', () => {
  it("opens the docs' query as the exploration that runs the same query", () => {
    const outcome = pastedQuery(JSON.stringify(DOCS_QUERY, null, 2), META);
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    // The exploration the builder opens the query as (`fromReport`, as for an agent's answer).
    const { exploration, unsupported } = fromReport(outcome.query, null);
    expect(unsupported).toEqual([]);
    expect(exploration).toMatchObject({
      rows: ['stories.category', 'stories.time.month'], columns: [], measures: ['stories.count'], segments: ['stories.published'],
      filters: [
        { member: 'stories.isDraft', operator: 'equals', values: ['No'] },
        { member: 'stories.time', operator: 'inDateRange', values: ['2015-01-01', '2015-12-31'] },
      ],
      order: [{ member: 'stories.time', direction: 'asc' }, { member: 'stories.count', direction: 'desc' }],
      limit: 100,
    });
    // What the builder sends is the pasted query: the date range back on its time dimension, the order as pairs.
    expect(toQuery(exploration, typeOf)).toEqual({
      measures: ['stories.count'],
      dimensions: ['stories.category'],
      timeDimensions: [{ dimension: 'stories.time', granularity: 'month', dateRange: ['2015-01-01', '2015-12-31'] }],
      filters: [{ member: 'stories.isDraft', operator: 'equals', values: ['No'] }],
      segments: ['stories.published'],
      order: [['stories.time', 'asc'], ['stories.count', 'desc']],
      limit: 100,
    });
  });

  it('reads the REST body and Playground form (`{"query": …}`, with `queryType`) as the bare query', () => {
    const bare = pastedQuery(JSON.stringify(DOCS_QUERY), META);
    const wrapped = pastedQuery(JSON.stringify({ query: DOCS_QUERY }), META);
    const multi = pastedQuery(JSON.stringify({ queryType: 'multi', query: DOCS_QUERY }), META);
    expect(bare.ok && wrapped.ok && multi.ok).toBe(true);
    expect(wrapped).toEqual(bare);
    expect(multi).toEqual(bare);
    // The array form of order, a view's members, a granularity in `dimensions`, `dimension` in a filter (older clients).
    const other = pastedQuery(JSON.stringify({
      measures: ['newsroom.count'], dimensions: ['newsroom.time.week'], segments: ['newsroom.published'],
      filters: [{ dimension: 'newsroom.category', operator: 'notEquals', values: ['Sports'] }],
      order: [['newsroom.count', 'desc']], offset: 0, total: false, renewQuery: true,
    }), META);
    if (!other.ok) throw new Error(JSON.stringify(other.problems));
    expect(fromReport(other.query, null).exploration).toMatchObject({ rows: ['newsroom.time.week'], measures: ['newsroom.count'], order: [{ member: 'newsroom.count', direction: 'desc' }] });
  });

  it('tells a syntax error by line and column, and what was expected there', () => {
    expect(problemsOf('{\n  "measures": ["stories.count"]\n  "dimensions": []\n}')).toEqual([
      { kind: 'syntax', line: 3, column: 3, expected: 'comma-or-brace', atEnd: false },
    ]);
    expect(problemsOf('{"measures": ["stories.count",]}')).toEqual([{ kind: 'syntax', line: 1, column: 31, expected: 'value', atEnd: false }]);
    expect(problemsOf('{"measures": ["stories.count"]')).toEqual([{ kind: 'syntax', line: 1, column: 31, expected: 'comma-or-brace', atEnd: true }]);
    expect(problemsOf("{'measures': []}")).toEqual([{ kind: 'syntax', line: 1, column: 2, expected: 'property-name', atEnd: false }]);
    expect(problemsOf('{"measures": ["stories.count]}')).toEqual([{ kind: 'syntax', line: 1, column: 15, expected: 'closing-quote', atEnd: false }]);
    expect(problemsOf('{"limit": 01}')).toEqual([{ kind: 'syntax', line: 1, column: 12, expected: 'number', atEnd: false }]);
    expect(problemsOf('{"limit": 1} x')).toEqual([{ kind: 'syntax', line: 1, column: 14, expected: 'end', atEnd: false }]);
  });

  it('finds exactly what JSON.parse refuses', () => {
    const texts = [
      '{}', '[]', '"a\\u00e9"', '-0.5e+3', 'true', ' null ', '{"a":[1,{"b":null}],"c":"\\n"}',
      '{', '{"a"}', '{"a":}', '[1 2]', '"\\x"', '"a\nb"', 'tru', '1.', '-', '{"a":1,}', '', '[,]', '01',
    ];
    for (const text of texts) {
      let valid = true;
      try {
        JSON.parse(text);
      } catch {
        valid = false;
      }
      expect({ text, found: jsonSyntaxError(text) === null }).toEqual({ text, found: valid });
    }
  });

  it('names unknown fields with the closest one, wrong types, and what the builder cannot keep', () => {
    expect(problemsOf(JSON.stringify({
      measure: ['stories.count'], dimensions: 'stories.category', limit: -1, offset: 50, timezone: 'America/Los_Angeles',
      timeDimensions: [{ dimension: 'stories.time', granularity: 'fortnight', compareDateRange: ['last week', 'this week'] }],
      order: 'stories.count',
    }))).toEqual([
      { kind: 'unknown-key', path: '', key: 'measure', suggestion: 'measures' },
      { kind: 'not-kept', path: 'offset', key: 'offset' },
      { kind: 'not-kept', path: 'timezone', key: 'timezone' },
      { kind: 'wrong-type', path: 'dimensions', expected: 'names' },
      { kind: 'not-kept', path: 'timeDimensions[0].compareDateRange', key: 'compareDateRange' },
      { kind: 'not-one-of', path: 'timeDimensions[0].granularity', value: 'fortnight', allowed: ['second', 'minute', 'hour', 'day', 'week', 'month', 'quarter', 'year'] },
      { kind: 'wrong-type', path: 'order', expected: 'order' },
      { kind: 'wrong-type', path: 'limit', expected: 'whole-number' },
    ]);
  });

  it('refuses what is no single query: nothing, a value, a list of queries, a wrapper around a list, filter groups', () => {
    expect(problemsOf('  ')).toEqual([{ kind: 'empty' }]);
    expect(problemsOf('42')).toEqual([{ kind: 'not-an-object' }]);
    expect(problemsOf(JSON.stringify([DOCS_QUERY, DOCS_QUERY]))).toEqual([{ kind: 'several-queries' }]);
    expect(problemsOf(JSON.stringify({ query: [DOCS_QUERY], extra: 1 }))).toEqual([
      { kind: 'unknown-key', path: '', key: 'extra', suggestion: null }, { kind: 'several-queries' },
    ]);
    expect(problemsOf(JSON.stringify({ measures: [] }))).toEqual([{ kind: 'nothing-to-show' }]);
    expect(problemsOf(JSON.stringify({
      measures: ['stories.count'],
      filters: [{ or: [{ member: 'stories.category', operator: 'equals', values: ['a'] }, { member: 'stories.isDraft', operator: 'set' }] }],
    }))).toEqual([{ kind: 'filter-group', path: 'filters[0]' }]);
    expect(problemsOf(`{"measures": ["stories.count"], "filters": ${'['.repeat(70)}${']'.repeat(70)}}`)).toEqual([{ kind: 'too-deep', limit: 64 }]);
  });

  it('checks each member against the model, in words of what it is and what is near', () => {
    expect(problemsOf(JSON.stringify({
      measures: ['stories.cuont', 'stories.category'],
      dimensions: ['stories.totalWords', 'stories.published'],
      timeDimensions: [{ dimension: 'stories.wordCount', granularity: 'day' }, { dimension: 'stories.tmie', granularity: 'day' }],
      segments: ['stories.isDraft', 'stories.publishd'],
      filters: [{ member: 'stories.category', operator: 'equal', values: ['News'] }],
      order: { 'authors.name': 'asc' },
    }))).toEqual([
      // The query's shape first (the operator), then its members against the model.
      { kind: 'unknown-operator', path: 'filters[0].operator', member: 'stories.category', operator: 'equal', suggestions: ['equals'] },
      { kind: 'unknown-member', path: 'measures[0]', member: 'stories.cuont', role: 'measure', suggestions: ['stories.count'] },
      { kind: 'dimension-as-measure', path: 'measures[1]', member: 'stories.category' },
      { kind: 'measure-as-dimension', path: 'dimensions[0]', member: 'stories.totalWords', field: 'dimensions' },
      { kind: 'segment-as-member', path: 'dimensions[1]', member: 'stories.published', field: 'dimensions' },
      { kind: 'not-time-dimension', path: 'timeDimensions[0]', member: 'stories.wordCount', type: 'number' },
      { kind: 'unknown-member', path: 'timeDimensions[1]', member: 'stories.tmie', role: 'time-dimension', suggestions: ['stories.time'] },
      { kind: 'not-a-segment', path: 'segments[0]', member: 'stories.isDraft', is: 'dimension' },
      { kind: 'unknown-member', path: 'segments[1]', member: 'stories.publishd', role: 'segment', suggestions: ['stories.published'] },
      { kind: 'unknown-member', path: 'order[0]', member: 'authors.name', role: 'member', suggestions: [] },
    ]);
  });

  it("suggests the names of the cube or view the unknown name starts with, before any other's", () => {
    const meta: CubeMeta = {
      cubes: ['sales', 'deals'].map((name) => ({ name, measures: [{ name: `${name}.amount`, type: 'number' }], dimensions: [], segments: [] })),
    };
    const outcome = pastedQuery(JSON.stringify({ measures: ['sales.amont', 'leads.amount'] }), meta);
    expect(outcome.ok ? [] : outcome.problems).toEqual([
      { kind: 'unknown-member', path: 'measures[0]', member: 'sales.amont', role: 'measure', suggestions: ['sales.amount'] },
      { kind: 'unknown-member', path: 'measures[1]', member: 'leads.amount', role: 'measure', suggestions: ['deals.amount', 'sales.amount'] },
    ]);
  });

  it('refuses filters and date ranges the builder would have to leave out, rather than placing something else', () => {
    expect(problemsOf(JSON.stringify({
      measures: ['stories.count'],
      timeDimensions: [{ dimension: 'stories.time', dateRange: 'last 6 months' }, { dimension: 'newsroom.time', dateRange: ['2015-01-01T00:00:00', '2015-12-31'] }],
      filters: [
        { member: 'stories.wordCount', operator: 'gt', values: ['many'] },
        { member: 'stories.category', operator: 'equals' },
        { member: 'stories.time', operator: 'beforeDate', values: ['2015-01-01'] },
      ],
    }))).toEqual([
      { kind: 'date-range', path: 'timeDimensions[0].dateRange', member: 'stories.time', problem: 'needs-two-dates' },
      { kind: 'date-range', path: 'timeDimensions[1].dateRange', member: 'newsroom.time', problem: 'not-a-date' },
      { kind: 'filter-values', path: 'filters[0]', member: 'stories.wordCount', problem: 'not-a-number' },
      { kind: 'filter-values', path: 'filters[1]', member: 'stories.category', problem: 'needs-a-value' },
    ]);
  });

  it('checks the members of the well-formed parts even when other parts are malformed', () => {
    const read = readPastedQuery(JSON.stringify({ measures: ['stories.count', 7], dimensions: ['stories.categroy'], limit: 'ten' }));
    expect(read.query).toEqual({ measures: ['stories.count'], dimensions: ['stories.categroy'] });
    expect(problemsOf(JSON.stringify({ measures: ['stories.count', 7], dimensions: ['stories.categroy'], limit: 'ten' }))).toEqual([
      { kind: 'wrong-type', path: 'measures[1]', expected: 'name' },
      { kind: 'wrong-type', path: 'limit', expected: 'whole-number' },
      { kind: 'unknown-member', path: 'dimensions[0]', member: 'stories.categroy', role: 'dimension', suggestions: ['stories.category'] },
    ]);
  });
});
