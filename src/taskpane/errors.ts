import { ApiError, InsecureTransportError, NetworkError, QueryTimeoutError, RequestCancelledError, ResponseFormatError } from '../client';
import { PlacementDetachedError, PlacementOverlapError, WriteFailedError } from '../placement/placement-service';

/** Words a person can act on for each failure; never a stack trace. */
export function describeError(error: unknown): string {
  if (error instanceof InsecureTransportError) return error.message;
  if (error instanceof NetworkError) return 'The platform cannot be reached. Check the address and your connection, then try again.';
  if (error instanceof ApiError) {
    if (error.status === 401) return 'The platform did not accept your token. Check it, or sign in again.';
    if (error.status === 403) return `You do not have permission for this: ${error.message}`;
    if (error.status === 404) return `Not found: ${error.message}`;
    if (error.status >= 500) return 'The platform had a problem answering. Try again in a moment.';
    return error.message;
  }
  if (error instanceof ResponseFormatError) return 'The platform sent an answer this add-in does not understand. Is the address right?';
  if (error instanceof QueryTimeoutError) return error.message;
  if (error instanceof RequestCancelledError) return 'Stopped.';
  if (error instanceof PlacementDetachedError) return `${error.message} Place the report again, or disconnect it.`;
  if (error instanceof PlacementOverlapError || error instanceof WriteFailedError) return error.message;
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'RequestPayloadSizeLimitExceeded' || code === 'ResponsePayloadSizeLimitExceeded') {
    return 'Excel could not take that much data in one go. Try again; if it keeps happening, narrow the report.';
  }
  if (typeof code === 'string') return `Excel could not do that (${code}).`;
  return 'Something went wrong. Try again.';
}
