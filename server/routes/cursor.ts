import { MAX_INPUT_ID, type PageInfo } from '../../src/contract';
import { badRequest, notFound, type ApiRequest } from '../http';

/** Opaque cursors: base64url JSON of the sort the page used and the last row's sort key and id. */
export interface CursorData {
  sortBy: string;
  key: string | null;
  id: string;
}

export function encodeCursor(data: CursorData): string {
  return Buffer.from(JSON.stringify([data.sortBy, data.key, data.id])).toString('base64url');
}

export function decodeCursor(cursor: string, sortBy: string): CursorData {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 3 && typeof parsed[0] === 'string' && typeof parsed[2] === 'string'
      && (typeof parsed[1] === 'string' || parsed[1] === null)) {
      if (parsed[0] !== sortBy) throw badRequest(`The cursor 'after' belongs to another sort (${parsed[0]}), not ${sortBy}`);
      return { sortBy: parsed[0], key: parsed[1], id: parsed[2] };
    }
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
  }
  throw badRequest(`Invalid cursor 'after'`);
}

/**
 * Ids live in INTEGER columns (DuckDB's int32), so no id is above this. Digits are compared as text first:
 * `Number()` of a long digit string rounds, and the database refuses a parameter beyond int64 (a `500`).
 */
const MAX_STORED_INTEGER = MAX_INPUT_ID;

/** Whether a string of digits is at most `max`, decided without rounding. */
function digitsAtMost(digits: string, max: number): boolean {
  const significant = digits.replace(/^0+(?=\d)/, '');
  return significant.length <= String(max).length && Number(significant) <= max;
}

/** `first` as the list endpoints accept it: an integer in [1, max], the default when absent. */
export function parseFirst(value: string | null, fallback: number, max: number): number {
  if (value === null) return fallback;
  if (!/^\d+$/.test(value) || !digitsAtMost(value, max) || Number(value) < 1) throw badRequest(`'first' must be an integer from 1 to ${max}`);
  return Number(value);
}

/**
 * An optional integer query parameter (`parentId`, `folderId`): absent or empty is null, anything else must be
 * an integer the column can hold; beyond it is `400` naming the parameter (a filter no stored id can match is
 * the caller's mistake, and the real API validates query parameters as `integer`).
 */
export function parseIntegerParam(request: ApiRequest, name: string): number | null {
  const value = request.query.get(name);
  if (value === null || value === '' || value === 'null') return null;
  if (!/^\d+$/.test(value) || !digitsAtMost(value, MAX_STORED_INTEGER)) {
    throw badRequest(`'${name}' must be an integer from 0 to ${MAX_STORED_INTEGER}`);
  }
  return Number(value);
}

/**
 * An optional signed integer query parameter (SCIM's `startIndex` and `count`, which RFC 7644 §3.4.2.4 clamps
 * rather than refuses when small): absent or empty is `fallback`; not an integer, or beyond int32, is `400`.
 */
export function signedIntegerParam(request: ApiRequest, name: string, fallback: number): number {
  const value = request.query.get(name);
  if (value === null || value === '') return fallback;
  const match = /^([+-]?)(\d+)$/.exec(value);
  if (!match || !digitsAtMost(match[2]!, MAX_STORED_INTEGER)) throw badRequest(`'${name}' must be an integer of at most ${MAX_STORED_INTEGER}`);
  return Number(value);
}

/** The words an unknown id of each path parameter is answered with (as the routes answer an unknown id). */
const UNKNOWN_ID_WORDS: Record<string, string> = { deploymentId: 'Deployment', reportId: 'Report', folderId: 'Folder' };

/**
 * A path parameter the real API types as an integer (`deploymentId`, `reportId`, `folderId`). Not digits: `400`.
 * Digits beyond the column's range: `404`, as any id that names nothing (api.yaml gives `integer` no bound, so
 * the value is well typed; it just names no row), echoed as sent.
 */
export function integerPathParam(request: ApiRequest, name: string): number {
  const value = request.params[name] ?? '';
  if (!/^\d+$/.test(value)) throw badRequest(`'${name}' must be an integer, not "${value}"`);
  if (!digitsAtMost(value, MAX_STORED_INTEGER)) throw notFound(`${UNKNOWN_ID_WORDS[name] ?? 'Resource'} ${value} not found`);
  return Number(value);
}

/** api.yaml `PageInfo` for a page that starts after `startKey` (null: the first page). */
export function pageInfo(hasNextPage: boolean, hasPreviousPage: boolean, startCursor: string | null, endCursor: string | null): PageInfo {
  return { hasNextPage, hasPreviousPage, startCursor, endCursor };
}

/**
 * A list page over a small, fully loaded collection in its final order; cursors carry the last item's id. The
 * deprecated `data` and `count` that the real API still sends on newly paged lists are sent too.
 */
export function pageOf<T extends { id: number | string }>(all: T[], request: ApiRequest, kind: string, fallback = 100, max = 100) {
  const first = parseFirst(request.query.get('first'), fallback, max);
  const after = request.query.get('after');
  let start = 0;
  if (after) {
    const index = all.findIndex((item) => String(item.id) === decodeCursor(after, kind).id);
    if (index < 0) throw badRequest(`Invalid cursor 'after'`);
    start = index + 1;
  }
  const items = all.slice(start, start + first);
  const cursor = (item: T | undefined) => (item ? encodeCursor({ sortBy: kind, key: null, id: String(item.id) }) : null);
  return {
    items,
    pageInfo: pageInfo(start + first < all.length, start > 0, cursor(items[0]), cursor(items.at(-1))),
    data: items,
    count: all.length,
  };
}
