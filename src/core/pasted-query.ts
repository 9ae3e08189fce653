import { CubeQuery, FilterOperator, Granularity, OrderDirection, type CubeMeta } from '../contract';
import { jsonTextWithinDepth, MAX_JSON_DEPTH } from './json-depth';
import { jsonSyntaxError } from './json-syntax';
import { closestMembers } from './member-suggestions';
import { modelProblems } from './pasted-query-model';
import type { PastedQueryProblem } from './pasted-query-problems';

/**
 * "Paste a query": a query a Cube user already has, as Cube's REST API takes it or wrapped as the REST body and the
 * Playground send it (`{"query": {…}}`; https://cube.dev/docs/product/apis-integrations/rest-api/query-format),
 * read into the exploration builder. Every problem is found, not only the first: the JSON's syntax (line and column),
 * the query's shape (fields, types), then each member against the deployment's `/v1/meta` (pasted-query-model.ts).
 * Parts of Cube's format the builder cannot keep (filter groups, an offset, a time zone) are refused in words rather
 * than dropped, so what is placed is what was pasted. Pure: the pane's store reads the model and opens the builder.
 */

/** Far longer than any hand-written query; a paste beyond it is something else. */
export const MAX_PASTED_LENGTH = 100_000;

/** The query fields the builder keeps. */
const KEPT = ['measures', 'dimensions', 'timeDimensions', 'filters', 'segments', 'order', 'limit'] as const;
/** Cube's other query fields, accepted at the value that changes nothing (none: always refused). */
const NOT_KEPT: Record<string, unknown> = { offset: 0, total: false, ungrouped: false, timezone: undefined, joinHints: undefined };
/** Cube's cache hint: it changes no result, so it is let through and not kept. */
const IGNORED = ['renewQuery'];
/** The REST body's fields beside `query` (cubejs-client sends `queryType: "multi"`). */
const WRAPPER = ['query', 'queryType'];

export type PastedQueryText = { query: CubeQuery | null; problems: PastedQueryProblem[] };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The query in pasted text, unwrapped, with every problem of its syntax and shape. `query` holds the parts that are
 * well formed (null when the text is no query at all), so the model can still be asked about their members.
 */
export function readPastedQuery(text: string): PastedQueryText {
  const none = (problem: PastedQueryProblem): PastedQueryText => ({ query: null, problems: [problem] });
  if (text.trim() === '') return none({ kind: 'empty' });
  if (text.length > MAX_PASTED_LENGTH) return none({ kind: 'too-long', limit: MAX_PASTED_LENGTH });
  // Cube's filters nest: a hostile depth is refused before the parser and the checks recurse into it.
  if (!jsonTextWithinDepth(text, MAX_JSON_DEPTH)) return none({ kind: 'too-deep', limit: MAX_JSON_DEPTH });
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const where = jsonSyntaxError(text);
    return none(where ? { kind: 'syntax', ...where } : { kind: 'not-an-object' });
  }
  const problems: PastedQueryProblem[] = [];
  let body = json;
  if (isObject(json) && 'query' in json) {
    for (const key of Object.keys(json)) if (!WRAPPER.includes(key)) problems.push(unknownKey('', key, WRAPPER));
    body = json.query;
  }
  if (Array.isArray(body)) return { query: null, problems: [...problems, { kind: 'several-queries' }] };
  if (!isObject(body)) return { query: null, problems: [...problems, { kind: 'not-an-object' }] };
  const query = shapeOf(body, problems);
  return { query: CubeQuery.parse(query), problems };
}

function unknownKey(path: string, key: string, known: readonly string[]): PastedQueryProblem {
  return { kind: 'unknown-key', path, key, suggestion: closestMembers(key, known)[0] ?? null };
}

const at = (path: string, index: number) => `${path}[${index}]`;
const field = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** The well-formed parts of a query object; a problem for each other part. */
function shapeOf(body: Record<string, unknown>, problems: PastedQueryProblem[]): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (key in NOT_KEPT) {
      if (value !== NOT_KEPT[key]) problems.push({ kind: 'not-kept', path: key, key });
    } else if (IGNORED.includes(key)) {
      if (typeof value !== 'boolean') problems.push({ kind: 'wrong-type', path: key, expected: 'true-or-false' });
    } else if (!(KEPT as readonly string[]).includes(key)) {
      problems.push(unknownKey('', key, [...KEPT, ...Object.keys(NOT_KEPT), ...IGNORED]));
    }
  }
  for (const key of ['measures', 'dimensions', 'segments'] as const) {
    if (body[key] !== undefined) query[key] = names(body[key], key, problems);
  }
  if (body.timeDimensions !== undefined) {
    query.timeDimensions = listOf(body.timeDimensions, 'timeDimensions', problems, timeDimension);
  }
  if (body.filters !== undefined) query.filters = listOf(body.filters, 'filters', problems, filter);
  if (body.order !== undefined) {
    const order = orderOf(body.order, problems);
    if (order) query.order = order;
  }
  if (body.limit !== undefined) {
    if (Number.isInteger(body.limit) && (body.limit as number) >= 1) query.limit = body.limit;
    else problems.push({ kind: 'wrong-type', path: 'limit', expected: 'whole-number' });
  }
  const grouped = [query.measures, query.dimensions].some((list) => Array.isArray(list) && list.length > 0)
    || ((query.timeDimensions ?? []) as { granularity?: string }[]).some((td) => td.granularity);
  if (!grouped && !problems.some((p) => p.kind === 'wrong-type' || p.kind === 'not-one-of')) problems.push({ kind: 'nothing-to-show' });
  return query;
}

/** A list of member names; a problem for the list, or for each entry that is not text. */
function names(value: unknown, path: string, problems: PastedQueryProblem[]): string[] {
  if (!Array.isArray(value)) {
    problems.push({ kind: 'wrong-type', path, expected: 'names' });
    return [];
  }
  return value.filter((entry, index) => {
    if (typeof entry === 'string') return true;
    problems.push({ kind: 'wrong-type', path: at(path, index), expected: 'name' });
    return false;
  }) as string[];
}

/** A list of objects, each read by `read` (null: left out, its problems told). */
function listOf<T>(value: unknown, path: string, problems: PastedQueryProblem[], read: (entry: Record<string, unknown>, path: string, problems: PastedQueryProblem[]) => T | null): T[] {
  if (!Array.isArray(value)) {
    problems.push({ kind: 'wrong-type', path, expected: 'list' });
    return [];
  }
  return value.flatMap((entry, index) => {
    if (!isObject(entry)) {
      problems.push({ kind: 'wrong-type', path: at(path, index), expected: 'object' });
      return [];
    }
    const read_ = read(entry, at(path, index), problems);
    return read_ === null ? [] : [read_];
  });
}

const TIME_DIMENSION_KEYS = ['dimension', 'granularity', 'dateRange'];

function timeDimension(entry: Record<string, unknown>, path: string, problems: PastedQueryProblem[]): Record<string, unknown> | null {
  const before = problems.length;
  for (const key of Object.keys(entry)) {
    if (key === 'compareDateRange') problems.push({ kind: 'not-kept', path: field(path, key), key });
    else if (!TIME_DIMENSION_KEYS.includes(key)) problems.push(unknownKey(path, key, [...TIME_DIMENSION_KEYS, 'compareDateRange']));
  }
  const { dimension, granularity, dateRange } = entry;
  if (dimension === undefined) problems.push({ kind: 'missing', path, key: 'dimension' });
  else if (typeof dimension !== 'string') problems.push({ kind: 'wrong-type', path: field(path, 'dimension'), expected: 'name' });
  if (granularity !== undefined && !Granularity.safeParse(granularity).success) {
    problems.push({ kind: 'not-one-of', path: field(path, 'granularity'), value: String(granularity), allowed: Granularity.options });
  }
  const range = dateRange === undefined || typeof dateRange === 'string'
    || (Array.isArray(dateRange) && dateRange.length === 2 && dateRange.every((d) => typeof d === 'string'));
  if (!range) problems.push({ kind: 'wrong-type', path: field(path, 'dateRange'), expected: 'date-range' });
  if (problems.length > before) return null;
  return { dimension, ...(granularity !== undefined ? { granularity } : {}), ...(dateRange !== undefined ? { dateRange } : {}) };
}

const FILTER_KEYS = ['member', 'dimension', 'operator', 'values'];

function filter(entry: Record<string, unknown>, path: string, problems: PastedQueryProblem[]): Record<string, unknown> | null {
  if ('and' in entry || 'or' in entry) {
    problems.push({ kind: 'filter-group', path });
    return null;
  }
  const before = problems.length;
  for (const key of Object.keys(entry)) if (!FILTER_KEYS.includes(key)) problems.push(unknownKey(path, key, FILTER_KEYS));
  const memberKey = entry.member !== undefined ? 'member' : 'dimension';
  const member = entry[memberKey];
  if (member === undefined) problems.push({ kind: 'missing', path, key: 'member' });
  else if (typeof member !== 'string') problems.push({ kind: 'wrong-type', path: field(path, memberKey), expected: 'name' });
  const { operator, values } = entry;
  if (operator === undefined) problems.push({ kind: 'missing', path, key: 'operator' });
  else if (!FilterOperator.safeParse(operator).success) {
    problems.push({
      kind: 'unknown-operator', path: field(path, 'operator'), member: typeof member === 'string' ? member : null, operator: String(operator),
      suggestions: closestMembers(String(operator), FilterOperator.options),
    });
  }
  const scalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);
  if (values !== undefined && !(Array.isArray(values) && values.every(scalar))) problems.push({ kind: 'wrong-type', path: field(path, 'values'), expected: 'values' });
  if (problems.length > before) return null;
  return { [memberKey]: member, operator, ...(values !== undefined ? { values } : {}) };
}

/** Cube's two forms of order: `{member: direction}` or `[[member, direction], …]`; the array form is kept. */
function orderOf(value: unknown, problems: PastedQueryProblem[]): [string, 'asc' | 'desc'][] | null {
  const isPair = (pair: unknown): pair is [string, unknown] => Array.isArray(pair) && pair.length === 2 && typeof pair[0] === 'string';
  let pairs: [string, unknown, string][];
  if (isObject(value)) pairs = Object.entries(value).map(([member, direction]) => [member, direction, field('order', member)]);
  else if (Array.isArray(value) && value.every(isPair)) pairs = value.map(([member, direction], index) => [member, direction, at('order', index)]);
  else {
    problems.push({ kind: 'wrong-type', path: 'order', expected: 'order' });
    return null;
  }
  const kept: [string, 'asc' | 'desc'][] = [];
  for (const [member, direction, path] of pairs) {
    const parsed = OrderDirection.safeParse(direction);
    if (parsed.success) kept.push([member, parsed.data]);
    else problems.push({ kind: 'not-one-of', path, value: String(direction), allowed: OrderDirection.options });
  }
  return kept;
}

export type PastedQuery = { ok: true; query: CubeQuery } | { ok: false; problems: PastedQueryProblem[] };

/**
 * Pasted text checked whole against the deployment's model: the query, unwrapped (the builder opens it as its
 * exploration with `fromReport`, as it opens an agent's answer), or every problem found.
 */
export function pastedQuery(text: string, meta: CubeMeta): PastedQuery {
  const read = readPastedQuery(text);
  const problems = [...read.problems, ...(read.query ? modelProblems(read.query, meta) : [])];
  if (problems.length || !read.query) return { ok: false, problems };
  return { ok: true, query: read.query };
}
