// Deep imports, not the barrels: this runs in the initial script, which must not pull in the clients.
import { ApiError, InsecureTransportError, NetworkError, QueryTimeoutError, RequestCancelledError, ResponseFormatError, SignInError } from '../client/errors';
import { CorsRefusedError } from '../client/cors-errors';
import { connectedToOf, PLATFORM_ONLY, type ConnectedTo, type PaneConnectedTo } from '../core/connected-to';
import {
  DataDownloadRestrictedError, PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError, PlacementOverlapError,
  ReportChangedElsewhereError, ReportKeptChangingError, RestoreFailedError, SelectionNotRangeError, UnplaceableReportError, WriteFailedError,
  MoveNotUndoneError, PlacementIdSharedError, PlacementNotTakenBackError, RecordUnconfirmedError, TableNotPossibleError,
} from '../placements/errors';
import type { UnplaceableReason } from '../core/report-definition';
import type { TableRefusal } from '../placements/placement-service';
import type { I18n, Messages } from './i18n';
import { connectionWordsOf } from './i18n/connection-words';
import { otherRecords } from './shared-id-words';
import { signInWords } from './sign-in-words';

/**
 * Words for failures of parts of the pane loaded after its start, for what the pane is connected to; undefined for a
 * failure they do not know.
 */
export type ErrorWords = (error: unknown, m: Messages, connectedTo: PaneConnectedTo) => string | undefined;

/** What `describeError` needs: the pane's words and numbers, and what they speak for (the platform when not given). */
export type ErrorSpeech = Pick<I18n, 'm' | 'number'> & Partial<Pick<I18n, 'connectedTo'>>;

const laterWords: ErrorWords[] = [];

/**
 * Adds the words of a part loaded later (`cube-error-words.ts`), asked before the pane's own; adding the same twice
 * changes nothing.
 */
export function addErrorWords(words: ErrorWords): void {
  if (!laterWords.includes(words)) laterWords.push(words);
}

/**
 * Words a person can act on for each failure, in the pane's language, naming what it is about: the platform, or the
 * Cube deployment by its address (issue 42); never a stack trace.
 */
export function describeError(error: unknown, { m, number, connectedTo = PLATFORM_ONLY }: ErrorSpeech): string {
  const e = m.errors;
  for (const words of laterWords) {
    const said = words(error, m, connectedTo);
    if (said !== undefined) return said;
  }
  const to = connectedToOf(connectedTo, requestUrlOf(error));
  const w = connectionWordsOf(m)(to);
  const c = w.failures;
  if (error instanceof SignInError) return signInWords(error, m, w.signIn);
  if (error instanceof InsecureTransportError) return error.reason === 'invalid' ? e.invalidAddress(error.address) : c.insecureAddress(error.address);
  if (error instanceof CorsRefusedError) return c.corsRefused(error.origin, error.addinOrigin);
  if (error instanceof NetworkError) return c.unreachable;
  if (error instanceof ApiError) {
    if (error.status === 401 || isCubeTokenRefusal(error, to)) return c.unauthorized;
    if (error.status === 403) return e.forbidden(error.message);
    if (error.status === 404) return e.notFound(error.message);
    if (error.status >= 500) return c.serverTrouble;
    return error.message;
  }
  if (error instanceof ResponseFormatError) return c.badAnswer;
  if (error instanceof QueryTimeoutError) return e.queryTimeout(number(Math.round(error.waitedMs / 1000)));
  if (error instanceof RequestCancelledError) return e.stopped;
  if (error instanceof PlacementDetachedError) return e.detached(error.placement.resultLocation);
  if (error instanceof PlacementOverlapError) return e.overlap(error.other.title, error.other.location);
  if (error instanceof PlacementIdSharedError) return m.sharedId.refused(error.placement.resultLocation, otherRecords(error.others, m));
  if (error instanceof MoveNotUndoneError) return error.cellsAt ? c.moveNotUndoneCells(error.oldLocation, error.newLocation, error.cellsAt) : c.moveNotUndone(error.oldLocation, error.newLocation);
  if (error instanceof PlacementNotTakenBackError) return c.notTakenBack(error.location);
  if (error instanceof TableNotPossibleError) return e.tableNotPossible(error.title);
  if (error instanceof WriteFailedError) return e.writeFailed;
  if (error instanceof RestoreFailedError) return e.restoreFailed(error.location);
  if (error instanceof RecordUnconfirmedError) return c.recordUnconfirmed(error.location);
  if (error instanceof ReportChangedElsewhereError) return e.changedElsewhere(error.title);
  if (error instanceof SelectionNotRangeError) return e.selectionNotRange;
  if (error instanceof UnplaceableReportError) return e.unplaceable(error.title, unplaceableReason(error.reason, m));
  if (error instanceof DataDownloadRestrictedError) return e.downloadRestricted;
  if (error instanceof PlacementGoneError) return c.placementGone(error.placement.resultLocation);
  if (error instanceof ReportKeptChangingError) return c.keptChanging(error.title, number(error.attempts));
  if (error instanceof PlacementAccessDeniedError) {
    const owner = error.owner.name ?? error.owner.email;
    return owner ? e.accessDenied(error.owner.email && owner !== error.owner.email ? `${owner} (${error.owner.email})` : owner) : e.accessDeniedNoOwner;
  }
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'RequestPayloadSizeLimitExceeded' || code === 'ResponsePayloadSizeLimitExceeded') return e.tooMuchData;
  if (typeof code === 'string') return e.excelRefused(code);
  return e.unknown;
}

/** Where the failed request went, for the failures that know it. */
function requestUrlOf(error: unknown): string | undefined {
  return error instanceof ApiError || error instanceof NetworkError || error instanceof ResponseFormatError ? error.request.url : undefined;
}

/**
 * Cube answers a token it does not take with 403 (`Invalid token`, or no token at all), not 401: from a Cube
 * deployment that 403 asks for a new token, where the platform's means a right is missing.
 */
function isCubeTokenRefusal(error: ApiError, to: ConnectedTo): boolean {
  return to.kind === 'cube' && error.status === 403 && /invalid token|authorization header/i.test(error.message);
}

/** Why Excel would not make a placement's table (it is plain cells), in the pane's words: the end of a sentence. */
export function tableRefusalReason(refusal: TableRefusal, m: I18n['m']): string {
  return refusal.reason === 'overlap' ? m.tableBecauseOverlap(refusal.table) : m.tableBecauseRefused(refusal.code ?? 'GeneralException');
}

/** Why a report cannot be placed, in the pane's words. */
export function unplaceableReason(reason: UnplaceableReason, m: I18n['m']): string {
  const words = m.unplaceable;
  switch (reason.kind) {
    case 'no-query': return words['no-query'];
    case 'sql-only': return words['sql-only'];
    case 'invalid-json': return words['invalid-json'](reason.detail);
    case 'invalid-query': return words['invalid-query'](reason.detail);
  }
}

/**
 * A background check's failure in the pane's words: `phrase` says what failed and what happens next, around the
 * failure's own words (`describeError`), which end as a sentence so the phrase can go on after them.
 */
export function describeFailedCheck(phrase: (reason: string) => string, error: unknown, i18n: ErrorSpeech): string {
  const reason = describeError(error, i18n).trim();
  return phrase(/[.!?…]$/.test(reason) ? reason : `${reason}.`);
}
