import type { PageInfo } from '../../src/contract';
import { badRequest, type ApiRequest } from '../http';

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

/** `first` as the list endpoints accept it: an integer in [1, max], the default when absent. */
export function parseFirst(value: string | null, fallback: number, max: number): number {
  if (value === null) return fallback;
  if (!/^\d+$/.test(value)) throw badRequest(`'first' must be an integer from 1 to ${max}`);
  const first = Number(value);
  if (first < 1 || first > max) throw badRequest(`'first' must be an integer from 1 to ${max}`);
  return first;
}

/** An optional integer query parameter (`parentId`, `folderId`): absent or empty is null, anything else must be an integer. */
export function parseIntegerParam(request: ApiRequest, name: string): number | null {
  const value = request.query.get(name);
  if (value === null || value === '' || value === 'null') return null;
  if (!/^\d+$/.test(value)) throw badRequest(`'${name}' must be an integer`);
  return Number(value);
}

/** A path parameter the real API types as an integer (`deploymentId`, `reportId`, `folderId`). */
export function integerPathParam(request: ApiRequest, name: string): number {
  const value = request.params[name] ?? '';
  if (!/^\d+$/.test(value)) throw badRequest(`'${name}' must be an integer, not "${value}"`);
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
