// Deep imports, not the barrels: this runs in the initial script, which must not pull in the clients.
import { ApiError, InsecureTransportError, NetworkError, QueryTimeoutError, RequestCancelledError, ResponseFormatError } from '../client/errors';
import { PlacementDetachedError, PlacementOverlapError, WriteFailedError } from '../placement/errors';
import type { I18n } from './i18n';

/** Words a person can act on for each failure, in the pane's language; never a stack trace. */
export function describeError(error: unknown, { m, number }: Pick<I18n, 'm' | 'number'>): string {
  const e = m.errors;
  if (error instanceof InsecureTransportError) return error.reason === 'invalid' ? e.invalidAddress(error.address) : e.insecureAddress(error.address);
  if (error instanceof NetworkError) return e.unreachable;
  if (error instanceof ApiError) {
    if (error.status === 401) return e.unauthorized;
    if (error.status === 403) return e.forbidden(error.message);
    if (error.status === 404) return e.notFound(error.message);
    if (error.status >= 500) return e.serverTrouble;
    return error.message;
  }
  if (error instanceof ResponseFormatError) return e.badAnswer;
  if (error instanceof QueryTimeoutError) return e.queryTimeout(number(Math.round(error.waitedMs / 1000)));
  if (error instanceof RequestCancelledError) return e.stopped;
  if (error instanceof PlacementDetachedError) return e.detached(error.placement.resultLocation);
  if (error instanceof PlacementOverlapError) return e.overlap(error.other.title, error.other.location);
  if (error instanceof WriteFailedError) return e.writeFailed;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'RequestPayloadSizeLimitExceeded' || code === 'ResponsePayloadSizeLimitExceeded') return e.tooMuchData;
  if (typeof code === 'string') return e.excelRefused(code);
  return e.unknown;
}

/** A 401 the user can fix by signing in again (as opposed to other failures). */
export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}
