import * as clientErrors from '../../src/client/errors';
import { ApiError, InsecureTransportError, NetworkError, QueryTimeoutError, RequestCancelledError, ResponseFormatError, SignInError } from '../../src/client/errors';
import * as corsErrors from '../../src/client/cors-errors';
import { CorsRefusedError } from '../../src/client/cors-errors';
import { connectedToOf, type CubeConnectedTo, type PaneConnectedTo } from '../../src/core/connected-to';
import * as partErrors from '../../src/core/workbook-store/errors';
import { WorkbookReportPartError, type WorkbookReportProblem } from '../../src/core/workbook-store/errors';
import * as convertErrors from '../../src/placements/convert-to-formulas';
import { ConversionRefusedError, FormulasDifferError } from '../../src/placements/convert-to-formulas';
import * as placementErrors from '../../src/placements/errors';
import {
  DataDownloadRestrictedError, MoveNotUndoneError, PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError, PlacementIdSharedError,
  PlacementNotTakenBackError, PlacementOverlapError, RecordUnconfirmedError, ReportKeptChangingError, SelectionNotRangeError, TableNotPossibleError,
  UnplaceableReportError,
} from '../../src/placements/errors';
import * as portErrors from '../../src/ports/errors';
import { PartGoneError, ReportChangedElsewhereError, RestoreFailedError, WorkbookPartsUnsupportedError, WriteFailedError, WriteStoppedError } from '../../src/ports/errors';
import * as cubeErrors from '../../src/session/cube-api/cube-api-errors';
import {
  CubeApiAddressError, CubeApiConnectError, CubeOidcError, CubeSignInNeededError, CubeTokenError, CubeTokenNeededError,
  type CubeApiAddressProblem, type CubeApiProblem, type CubeOidcProblem, type CubeSignInReason, type CubeTokenProblem, type CubeTokenRequestReason,
} from '../../src/session/cube-api/cube-api-errors';
import { installConvertErrorWords } from '../../src/taskpane/convert-error-words';
import { installCubeErrorWords } from '../../src/taskpane/cube-error-words';
import { describeError, describeFailedCheck } from '../../src/taskpane/errors';
import { i18nFor, speakingFor, type Messages } from '../../src/taskpane/i18n';
import { connectionWordsOf } from '../../src/taskpane/i18n/connection-words';
import { consentWordsOf } from '../../src/taskpane/i18n/consent-words';
import { convertWordsOf } from '../../src/taskpane/i18n/convert-words';
import { builderWordsOf } from '../../src/taskpane/i18n/builder-catalog';
import { cubeWordsOf } from '../../src/taskpane/i18n/cube-words';
import { formulasWordsOf } from '../../src/taskpane/i18n/formulas-words';
import { pasteWordsOf } from '../../src/taskpane/i18n/paste-words';
import { previewWordsOf } from '../../src/taskpane/i18n/preview-words';
import { stopWordsOf } from '../../src/taskpane/i18n/stop-words';
import * as workbookErrors from '../../src/workbook/errors';
import {
  FoldersUnavailableError, OtherDeploymentError, WorkbookPlacementNotFoundError, WorkbookReportNotFoundError, WorkbookReportRequestError,
} from '../../src/workbook/errors';

installCubeErrorWords();
installConvertErrorWords();

/**
 * Issue 42, "Words fit the mode": every error and status word, rendered for a pane connected straight to a Cube
 * deployment, names no platform (English "platform", German "Plattform"), and for a pasted token never asks to sign
 * in. The words are walked whole: every entry of every catalog they come from, and an error of every class and every
 * kind (`problem`, `reason`) the word functions tell apart, so a word added later is checked without being listed here.
 */

const ADDRESS = 'https://cube.example.com/cubejs-api';
const ORIGIN = 'https://cube.example.com';
const PASTED: CubeConnectedTo = { kind: 'cube', apiUrl: ADDRESS, token: 'pasted' };
const SIGNED_IN: CubeConnectedTo = { kind: 'cube', apiUrl: ADDRESS, token: 'sign-in' };
const cubeOnly = (cube: CubeConnectedTo): PaneConnectedTo => ({ platform: false, cube });
const LANGUAGES = ['en-US', 'de-DE'];

const PLATFORM_WORD = /platt?form/i;
/** "Sign in", "sign-in", "signed in"; German "anmelden", "Anmeldung", "angemeldet", "melden Sie sich … an". */
const SIGN_IN_WORD = /sign(ed|ing)?[ -]?in\b|anmeld|angemeldet|melden sie sich/i;

/** Each kind of a union, as a record the type checker holds complete: a kind added to the union fails to compile here. */
const kinds = <K extends string>(all: Record<K, true>): K[] => Object.keys(all) as K[];

const addressProblems = kinds<CubeApiAddressProblem>({ empty: true, 'not-a-url': true, scheme: true, insecure: true, credentials: true, query: true });
const tokenProblems = kinds<CubeTokenProblem>({ empty: true, malformed: true, encrypted: true, unsigned: true, 'bad-exp': true, expired: true, 'not-yet-valid': true });
const connectProblems = kinds<CubeApiProblem>({
  unreachable: true, cors: true, timeout: true, 'not-found': true, html: true, 'not-cube': true, 'token-refused': true, 'token-not-received': true,
  refused: true, 'server-error': true,
});
const oidcProblems = kinds<CubeOidcProblem>({ 'issuer-address': true, 'no-discovery': true, 'no-id-token': true, 'token-not-jwt': true, 'token-refused': true });
const signInReasons = kinds<CubeSignInReason>({ 'no-refresh-token': true, 'renewal-refused': true });
const tokenRequestReasons = kinds<CubeTokenRequestReason>({ expired: true, refused: true });
const signInErrorReasons = kinds<SignInError['reason']>({
  unsupported: true, 'other-issuer': true, 'dialog-failed': true, cancelled: true, 'state-mismatch': true, expired: true, refused: true,
});
const partKinds = kinds<WorkbookReportProblem>({ malformed: true, foreign: true, invalid: true, 'newer-version': true, unwritable: true });

const request = (url: string) => ({ method: 'GET', url });
const cubeRequest = request(`${ADDRESS}/v1/load`);

/** An error of every kind the word functions tell apart, as the code throws them, against the Cube deployment. */
function everyError(): Error[] {
  return [
    ...addressProblems.map((p) => new CubeApiAddressError(p, 'said', p === 'insecure' ? 'http://cube.example.com/cubejs-api' : 'typed')),
    ...tokenProblems.map((p) => new CubeTokenError(p, 'said', p === 'expired' || p === 'not-yet-valid' ? Date.UTC(2025, 0, 31) : undefined)),
    ...connectProblems.flatMap((p) => [
      new CubeApiConnectError(p, 'said', ADDRESS, { status: p === 'server-error' ? 502 : 403, addinOrigin: 'https://localhost:3000' }),
      new CubeApiConnectError(p, 'said', ADDRESS),
    ]),
    ...oidcProblems.map((p) => new CubeOidcError(p, 'said', 'https://login.example.com')),
    ...signInReasons.map((r) => new CubeSignInNeededError(r)),
    ...tokenRequestReasons.map((r) => new CubeTokenNeededError(r)),
    ...signInErrorReasons.map((r) => new SignInError(r, 'said', undefined, 'https://login.example.com')),
    ...partKinds.map((k) => new WorkbookReportPartError(k, '{P1}', 'Orders', 'detail', 3)),
    ...[400, 401, 403, 404, 409, 500, 503].map((status) => new ApiError(status, 'said', cubeRequest, null)),
    new ApiError(403, 'Invalid token', cubeRequest, { error: 'Invalid token' }),
    new ApiError(403, "Authorization header isn't set", cubeRequest, null),
    new NetworkError('Failed to fetch', cubeRequest),
    new CorsRefusedError(cubeRequest, ORIGIN, 'https://localhost:3000'),
    new ResponseFormatError('not JSON', cubeRequest, 200),
    new InsecureTransportError('said', 'http://cube.example.com', 'insecure'),
    new InsecureTransportError('said', 'cube.example.com', 'invalid'),
    new QueryTimeoutError(120_000, 40),
    new RequestCancelledError(),
    new PlacementDetachedError({ resultLocation: 'Sheet1!B2:D8' }),
    new PlacementOverlapError({ title: 'Orders', location: 'Sheet1!B2:D8' }),
    new PlacementIdSharedError({ resultLocation: 'Sheet1!B2:D8' }, [{ title: 'Orders', resultLocation: 'Sheet2!A1' }, { title: null, resultLocation: 'Sheet3!A1' }]),
    new UnplaceableReportError('Orders', { kind: 'sql-only' }),
    new DataDownloadRestrictedError(),
    new PlacementGoneError({ resultLocation: 'Sheet1!B2:D8' }),
    new ReportKeptChangingError('Orders', 3),
    new PlacementAccessDeniedError({ name: 'Ada', email: 'ada@example.com' }),
    new PlacementAccessDeniedError({ name: null, email: null }),
    new SelectionNotRangeError(),
    new MoveNotUndoneError('Sheet1!B2:D8', 'Sheet1!F2:H8', null, null),
    new MoveNotUndoneError('Sheet1!B2:D8', 'Sheet1!F2:H8', 'Sheet1!F2:H8', null),
    new PlacementNotTakenBackError('Sheet1!B2:D8', null),
    new TableNotPossibleError('Orders'),
    new RecordUnconfirmedError('Sheet1!B2:D8', null),
    new WriteFailedError(null),
    new WriteStoppedError(),
    new RestoreFailedError('Sheet1!B2:D8', null, null),
    new ReportChangedElsewhereError('Orders', null),
    new PartGoneError('{P1}'),
    new WorkbookPartsUnsupportedError('ExcelApi 1.5'),
    new OtherDeploymentError(7, 0),
    new WorkbookReportNotFoundError(42),
    new WorkbookPlacementNotFoundError(42, 'Sheet1!B2:D8'),
    new FoldersUnavailableError(),
    new WorkbookReportRequestError('first must be an integer'),
    new ConversionRefusedError('Orders', { kind: 'totals' }),
    new FormulasDifferError('Orders', { cell: 'C3', now: 5, answer: 6, error: null }),
    Object.assign(new Error('Excel said no'), { code: 'InvalidArgument' }),
    new Error('anything else'),
  ];
}

/** Errors only a sign-in meets (a pasted token never signs in): their words may say "sign in". */
const onlyASignInMeets = (error: Error) => error instanceof SignInError || error instanceof CubeOidcError || error instanceof CubeSignInNeededError;

/** Every entry of a catalog as text: strings as they are, functions called with sample values. */
function texts(catalog: unknown, path = ''): [string, string][] {
  if (typeof catalog === 'string') return [[path, catalog]];
  if (typeof catalog === 'function') {
    // The OpenID Connect problems' words are chosen by the problem: each one is said.
    if (path.endsWith('oidcProblem')) return oidcProblems.map((p) => [`${path}.${p}`, (catalog as (...a: string[]) => string)(p, '«issuer»', '«said»')]);
    const fn = catalog as (...args: unknown[]) => unknown;
    return texts(fn(...Array.from({ length: fn.length }, (_, i) => `«${i}»`)), path);
  }
  if (typeof catalog === 'boolean' || catalog === null || catalog === undefined) return [];
  return Object.entries(catalog as Record<string, unknown>).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

/**
 * Entries shown only on the way to the platform (its sign-in form, its sign-out, the Cube form's button that goes there)
 * or when signed in to it too (publishing to it). The chat's words are not walked: in Cube mode the chat tab says only
 * `cube.chatUnavailable`.
 */
const PLATFORM_ONLY_ENTRIES = new Set(['cube.cube.usePlatform', 'platformAddress', 'apiTokenHint', 'signInForm', 'signedOutNotRevoked', 'kept.publish', 'kept.homePlatform']);
const platformOnly = (path: string) => [...PLATFORM_ONLY_ENTRIES].some((entry) => path === entry || path.startsWith(`${entry}.`));

/** Every word the pane can show in Cube mode, by catalog: the pane's own, and those kept apart from it. */
function everyWord(m: Messages, cube: CubeConnectedTo): [string, string][] {
  const cw = cubeWordsOf(m);
  return texts({
    ...m,
    connection: connectionWordsOf(m)(cube),
    cubeErrors: cw.cubeErrors,
    kept: cw.kept,
    cube: { ...cw, cubeErrors: undefined, kept: undefined },
    builder: builderWordsOf(m),
    preview: previewWordsOf(m),
    paste: pasteWordsOf(m),
    convert: convertWordsOf(m),
    stop: stopWordsOf(m),
    consent: consentWordsOf(m),
    formulas: formulasWordsOf(m),
  }).filter(([path]) => !platformOnly(path));
}

/** The error and status words a pasted token's user can meet: every failure's, a card's status, a run's summary. */
function errorAndStatusWords(m: Messages, cube: CubeConnectedTo): [string, string][] {
  const cw = cubeWordsOf(m);
  const { oidcProblem: _oidc, signInNeeded: _signIn, ...cubeErrorsOfAToken } = cw.cubeErrors;
  const { publish: _publish, ...kept } = cw.kept;
  return texts({
    errors: m.errors, unplaceable: m.unplaceable, status: m.status, runOutcome: m.runOutcome, runStopped: m.runStopped, outOfDate: m.outOfDate,
    stoppedBeforeThis: m.stoppedBeforeThis, attentionEdited: m.attentionEdited, attentionInTheWay: m.attentionInTheWay, damagedReason: m.damagedReason,
    legacyPlacement: m.legacyPlacement, downloadRestricted: m.downloadRestricted, sharedId: m.sharedId, ribbonRefreshRefused: m.ribbonRefreshRefused,
    ribbonNothingToRefresh: m.ribbonNothingToRefresh, ribbonRefreshWaits: m.ribbonRefreshWaits,
    failures: connectionWordsOf(m)(cube).failures, cubeErrors: cubeErrorsOfAToken, kept, convert: convertWordsOf(m), stop: stopWordsOf(m),
    consent: consentWordsOf(m), formulas: formulasWordsOf(m),
  });
}

describe.each(LANGUAGES)('every word of a pane connected to a Cube deployment (%s)', (language) => {
  const i18n = i18nFor(language);

  it.each([['a pasted token', PASTED], ['a sign-in', SIGNED_IN]])('names no platform, with %s', (_kind, cube) => {
    const words = everyWord(i18n.m, cube);
    // Hundreds: the walk reaches every catalog (not an empty list that passes by saying nothing).
    expect(words.length).toBeGreaterThan(400);
    expect(words.filter(([, text]) => PLATFORM_WORD.test(text))).toEqual([]);
    const spoken = speakingFor(i18n, cubeOnly(cube));
    const said = everyError().map((error) => [error.constructor.name, describeError(error, spoken)]);
    expect(said.filter(([, text]) => PLATFORM_WORD.test(text!))).toEqual([]);
    // The same walk speaking for the platform finds it, in the words that change with the connection.
    const forThePlatform = everyError().map((error) => describeError(error, i18n)).filter((text) => PLATFORM_WORD.test(text));
    expect(forThePlatform.length).toBeGreaterThanOrEqual(10);
    // Failed background checks wrap the same words.
    expect(describeFailedCheck(i18n.m.errors.statusRefreshFailed, new NetworkError('x', cubeRequest), spoken)).not.toMatch(PLATFORM_WORD);
  });

  it('never asks to sign in for a pasted token', () => {
    const words = errorAndStatusWords(i18n.m, PASTED);
    expect(words.length).toBeGreaterThan(150);
    expect(words.filter(([, text]) => SIGN_IN_WORD.test(text))).toEqual([]);
    const spoken = speakingFor(i18n, cubeOnly(PASTED));
    const said = everyError().filter((error) => !onlyASignInMeets(error)).map((error) => [error.constructor.name, describeError(error, spoken)]);
    expect(said.filter(([, text]) => SIGN_IN_WORD.test(text!))).toEqual([]);
  });

  it('names the deployment by its address where it failed, and asks a pasted token anew', () => {
    const spoken = speakingFor(i18n, cubeOnly(PASTED));
    for (const error of [new NetworkError('x', cubeRequest), new ApiError(500, 'x', cubeRequest, null), new ResponseFormatError('x', cubeRequest, 200)]) {
      expect(describeError(error, spoken)).toContain(ORIGIN);
    }
    const refused = describeError(new ApiError(403, 'Invalid token', cubeRequest, null), spoken);
    expect(refused).toContain(ORIGIN);
    expect(refused).toMatch(language === 'en-US' ? /paste a new token/ : /fügen Sie ein neues Token ein/);
    // Signed in instead, the same refusal asks to sign in again.
    expect(describeError(new ApiError(401, 'x', cubeRequest, null), speakingFor(i18n, cubeOnly(SIGNED_IN)))).toMatch(SIGN_IN_WORD);
  });
});

describe('the words of the platform, and of both at once', () => {
  const english = i18nFor('en-US');

  it('say "the platform" as before, when that is what the pane is connected to', () => {
    const platformRequest = request('https://reports.example.com/api/v1/me');
    expect(describeError(new NetworkError('x', platformRequest), english)).toBe('The platform cannot be reached. Check the address and your connection, then try again.');
    expect(describeError(new ApiError(401, 'x', platformRequest, null), english)).toBe('The platform did not accept your sign-in. Sign in again.');
  });

  it('with both connected, a failure is told for the one its request went to', () => {
    const both = speakingFor(english, { platform: true, cube: PASTED });
    expect(describeError(new NetworkError('x', cubeRequest), both)).toBe(
      'The Cube deployment at https://cube.example.com cannot be reached. Check that it is running and your connection, then try again.',
    );
    expect(describeError(new NetworkError('x', request('https://reports.example.com/api/v1/reports')), both)).toMatch(/^The platform cannot be reached/);
    expect(connectedToOf({ platform: true, cube: PASTED }, 'https://cube.example.com/other')).toBe(PASTED);
    expect(connectedToOf({ platform: true, cube: PASTED }, undefined)).toEqual({ kind: 'platform' });
    expect(connectedToOf({ platform: false, cube: PASTED }, undefined)).toBe(PASTED);
  });
});

describe('the errors walked', () => {
  it('are an error of every class the word functions are given', () => {
    const modules = [clientErrors, corsErrors, partErrors, placementErrors, portErrors, cubeErrors, workbookErrors, convertErrors];
    const classes = modules.flatMap((module) => Object.values(module)).filter(
      (value): value is new (...args: never[]) => Error => typeof value === 'function' && value.prototype instanceof Error,
    );
    const walked = new Set(everyError().map((error) => error.constructor));
    expect(classes.filter((c) => !walked.has(c)).map((c) => c.name)).toEqual([]);
  });
});
