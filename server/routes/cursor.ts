import { badRequest } from '../http';

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
      if (parsed[0] !== sortBy) throw badRequest(`The cursor 'after' belongs to sortBy=${parsed[0]}, not sortBy=${sortBy}`);
      return { sortBy: parsed[0], key: parsed[1], id: parsed[2] };
    }
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
  }
  throw badRequest(`Invalid cursor 'after'`);
}

/** `first` as the list endpoints accept it: an integer in [1, max], default when absent. */
export function parseFirst(value: string | null, fallback: number, max: number): number {
  if (value === null) return fallback;
  if (!/^\d+$/.test(value)) throw badRequest(`'first' must be an integer from 1 to ${max}`);
  const first = Number(value);
  if (first < 1 || first > max) throw badRequest(`'first' must be an integer from 1 to ${max}`);
  return first;
}
