import type { FetchLike } from '../../src/client/fetch-like';
import { parseWorkbookReport, WorkbookReportPartError } from '../../src/core/workbook-store';
import { PartGoneError, WorkbookPartsUnsupportedError } from '../../src/ports/errors';
import { connectCubeApi, CubeApiConnectError } from '../../src/session/cube-api/connect-cube-api';
import { CubeApiAddressError, normalizeCubeApiAddress } from '../../src/session/cube-api/cube-api-address';
import { CubeTokenNeededError } from '../../src/session/cube-api/cube-api-tokens';
import { CubeTokenError, readCubeToken } from '../../src/session/cube-api/cube-token';
import { describeError } from '../../src/taskpane/errors';
import { installCubeErrorWords } from '../../src/taskpane/cube-error-words';
import { cubeWordsOf } from '../../src/taskpane/i18n/cube-words';
import { i18nFor } from '../../src/taskpane/i18n';
import { de } from '../../src/taskpane/i18n/de';
import { en } from '../../src/taskpane/i18n/en';
import {
  FoldersUnavailableError, OtherDeploymentError, WorkbookPlacementNotFoundError, WorkbookReportNotFoundError, WorkbookReportRequestError,
} from '../../src/workbook/errors';

installCubeErrorWords();

/**
 * The pane's words for every failure of a Cube API connection and of the reports kept in the workbook (issue 26):
 * each error is made as the code makes it, and its English words are the class's own message (written for a
 * person), its German words carry the same facts, and neither is the generic "Something went wrong".
 */

const english = i18nFor('en-US');
const german = i18nFor('de-DE');
const ADDRESS = 'https://cube.example.com/cubejs-api';
const ADDIN_ORIGIN = 'https://localhost:3000';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** A token as a backend signs one; the add-in reads it without verifying, so the signature's bytes do not matter. */
const jwt = (claims: Record<string, unknown>, header: Record<string, unknown> = { alg: 'HS256', typ: 'JWT' }) =>
  `${base64url(header)}.${base64url(claims)}.c2lnbmF0dXJl`;
const hourFromNow = () => Math.floor(Date.now() / 1000) + 3600;

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('it did not throw');
}

/** What connecting with a valid token fails with when the deployment answers as `fetch` does. */
async function connectFailure(fetch: FetchLike, deps: { addinOrigin?: string; timeoutMs?: number; address?: string } = {}): Promise<CubeApiConnectError> {
  const { address = ADDRESS, ...rest } = deps;
  try {
    await connectCubeApi({ address, token: jwt({ exp: hourFromNow() }) }, { fetch, ...rest });
  } catch (error) {
    expect(error).toBeInstanceOf(CubeApiConnectError);
    return error as CubeApiConnectError;
  }
  throw new Error('it connected');
}

const answer = (status: number, body: string, contentType = 'application/json') => () =>
  Promise.resolve(new Response(body, { status, headers: { 'content-type': contentType } }));

/** Both languages' words, checked: English is the message, German is German, both carry `facts`; neither is generic. */
function expectWords(error: unknown, facts: string[] = [], { englishIsMessage = true, connectedTo = english.connectedTo } = {}): { en: string; de: string } {
  const words = { en: describeError(error, { ...english, connectedTo }), de: describeError(error, { ...german, connectedTo }) };
  if (englishIsMessage) expect(words.en).toBe((error as Error).message);
  expect(words.en).not.toBe(en.errors.unknown);
  expect(words.de).not.toBe(de.errors.unknown);
  expect(words.de).not.toBe(words.en);
  for (const fact of facts) {
    expect(words.en).toContain(fact);
    expect(words.de).toContain(fact);
  }
  return words;
}

describe("the pane's words for a Cube API address that cannot be used", () => {
  it.each([
    ['', 'empty', []],
    ['cube example.com/cubejs-api', 'not-a-url', ['cube example.com/cubejs-api']],
    ['ftp://cube.example.com/cubejs-api', 'scheme', ['ftp://cube.example.com/cubejs-api']],
    ['https://user:secret@cube.example.com/cubejs-api', 'credentials', []],
    ['https://cube.example.com/cubejs-api?x=1', 'query', ['?']],
    ['https://cube.example.com/cubejs-api#top', 'query', ['#']],
    ['http://cube.example.com/cubejs-api', 'insecure', ['http://cube.example.com']],
  ])('%j (%s)', (typed, problem, facts) => {
    const error = thrown(() => normalizeCubeApiAddress(typed));
    expect(error).toBeInstanceOf(CubeApiAddressError);
    expect((error as CubeApiAddressError).problem).toBe(problem);
    expectWords(error, facts);
  });
});

describe("the pane's words for a pasted token that cannot be used", () => {
  const header = base64url({ alg: 'HS256' });
  it.each([
    ['empty', '  ', []],
    ['malformed', 'abc.def', ['2']],
    ['malformed', 'abc', ['1']],
    ['malformed', `${header}.e30.sig$`, []],
    ['malformed', `${base64url([])}.e30.sig`, []],
    ['malformed', `${base64url({ typ: 'JWT' })}.e30.sig`, ['alg']],
    ['malformed', `${header}.${Buffer.from('not json').toString('base64url')}.sig`, []],
    ['encrypted', 'a.b.c.d.e', ['JWE', 'JWT']],
    ['unsigned', jwt({ exp: hourFromNow() }, { alg: 'none' }), []],
    ['bad-exp', jwt({ sub: 'analyst', exp: 'tomorrow' }), ['exp']],
    ['expired', jwt({ exp: Date.UTC(2025, 0, 31, 14, 5) / 1000 }), ['2025-01-31 14:05 UTC']],
    ['not-yet-valid', jwt({ exp: hourFromNow() + 86_400 * 400, nbf: Date.UTC(2099, 5, 1, 8, 30) / 1000 }), ['2099-06-01 08:30 UTC']],
  ])('%s: %s', (problem, pasted, facts) => {
    const error = thrown(() => readCubeToken(pasted));
    expect(error).toBeInstanceOf(CubeTokenError);
    expect((error as CubeTokenError).problem).toBe(problem);
    const words = expectWords(error, facts);
    // A malformed token is told with what exactly is wrong with it, in both languages.
    if (problem === 'malformed') expect(words.de).not.toBe(cubeWordsOf(de).cubeErrors.tokenMalformedUnsaid);
  });

  it('a new token asked for and not given, expired or refused', () => {
    // Issue 42: the words name the connected deployment by its address, which the error does not carry.
    const connectedTo = { platform: false, cube: { kind: 'cube' as const, apiUrl: ADDRESS, token: 'pasted' as const } };
    const expired = expectWords(new CubeTokenNeededError('expired'), ['https://cube.example.com'], { englishIsMessage: false, connectedTo });
    const refused = expectWords(new CubeTokenNeededError('refused'), ['https://cube.example.com'], { englishIsMessage: false, connectedTo });
    expect(expired.de).toContain('abgelaufen');
    expect(refused.de).toContain('abgelehnt');
    expect(expired.en).toBe('The token for the Cube deployment at https://cube.example.com has expired and no new one was given: paste a new token to carry on.');
  });
});

describe("the pane's words for a Cube deployment that does not answer as one", () => {
  it("a CORS refusal names the deployment and the add-in's origin to add, in the issue's words", async () => {
    const error = await connectFailure(
      (_url, init) => (init.mode === 'no-cors' ? Promise.resolve(new Response(null, { status: 200 })) : Promise.reject(new TypeError('Failed to fetch'))),
      { addinOrigin: ADDIN_ORIGIN },
    );
    expect(error.problem).toBe('cors');
    const words = expectWords(error, ['https://cube.example.com', ADDIN_ORIGIN, 'http.cors', 'cube.js']);
    expect(words.en).toBe(
      "https://cube.example.com answered, but does not allow requests from this add-in (no CORS headers for https://localhost:3000): add https://localhost:3000 to the Cube deployment's CORS setting (http.cors in cube.js).",
    );
    expect(words.de).toContain('CORS');
  });

  it('nothing answering, with the reason Node names and without one', async () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    const named = await connectFailure(() => Promise.reject(refused));
    expect(named.problem).toBe('unreachable');
    expect(expectWords(named, ['https://cube.example.com']).de).toContain(cubeWordsOf(de).cubeErrors.unreachableWhy.port);
    const unnamed = await connectFailure(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(unnamed.problem).toBe('unreachable');
    expectWords(unnamed, ['https://cube.example.com']);
  });

  it('no answer in time, with the seconds waited', async () => {
    const hanging: FetchLike = (_url, init) =>
      new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const error = await connectFailure(hanging, { timeoutMs: 1000 });
    expect(error.problem).toBe('timeout');
    expectWords(error, ['https://cube.example.com', '1 s']);
  });

  it.each([
    ['not-found', answer(404, '{"error":"Not found"}'), ['https://cube.example.com/cubejs-api/v1/meta', '404']],
    ['html', answer(200, '<!doctype html><html></html>', 'text/html'), ['https://cube.example.com']],
    ['not-cube', answer(200, '{"hello":"world"}'), ['https://cube.example.com/cubejs-api/v1/meta']],
    ['token-refused', answer(403, '{"error":"Invalid token"}'), ['https://cube.example.com']],
    ['token-not-received', answer(403, `{"error":"Authorization header isn't set"}`), ['https://cube.example.com', 'Authorization']],
    ['refused', answer(401, '{"error":"Sign in first"}'), ['https://cube.example.com', '401']],
    ['server-error', answer(502, '{"error":"Bad gateway"}'), ['https://cube.example.com', '502']],
    ['server-error', answer(418, '{"error":"I am a teapot"}'), ['https://cube.example.com', '418']],
  ])('%s', async (problem, fetch, facts) => {
    const error = await connectFailure(fetch);
    expect(error.problem).toBe(problem);
    // Issue 42: a refused token's words name the deployment, which its message does not.
    // Issue 42: a refused token's words name the deployment, which its message does not; a refusal by something in
    // front of it asks for no sign-in (the user may have pasted a token).
    expectWords(error, facts, { englishIsMessage: problem !== 'token-refused' && problem !== 'refused' });
  });

  it('points to /cubejs-api when the address has another path', async () => {
    const error = await connectFailure(answer(404, '{}'), { address: 'https://cube.example.com/api' });
    expect(error.problem).toBe('not-found');
    expectWords(error, ['https://cube.example.com/api/v1/meta', 'https://cube.example.com/cubejs-api']);
  });
});

describe("the pane's words for the reports and placements kept in the workbook", () => {
  it('another deployment, a report or placement gone, folders, a request it cannot carry out', () => {
    expectWords(new OtherDeploymentError(7, 3), ['7', '3']);
    expectWords(new WorkbookReportNotFoundError(42), ['42']);
    expectWords(new WorkbookPlacementNotFoundError(42, 'Sheet1!B3:D8'), ['42', 'Sheet1!B3:D8']);
    // Issue 42: no "managed platform" said to a user who has none.
    expect(expectWords(new FoldersUnavailableError(), [], { englishIsMessage: false }).en).toBe('Reports kept in this workbook are not filed in folders.');
    const request = new WorkbookReportRequestError(`'first' must be an integer from 1 to 100`);
    expect(describeError(request, english)).toBe(request.message);
    expect(describeError(request, german)).toBe(request.message);
  });

  it('a part removed meanwhile, and an Excel that cannot keep parts', () => {
    expectWords(new PartGoneError('{A1B2}'));
    expectWords(new WorkbookPartsUnsupportedError('ExcelApi 1.5'), ['ExcelApi 1.5']);
  });

  it('a part that is not well-formed XML, or not ours, as the reader answers it', () => {
    const malformed = parseWorkbookReport('<workbookReport', { partId: '{P1}' });
    expect(malformed).toBeInstanceOf(WorkbookReportPartError);
    expect((malformed as WorkbookReportPartError).kind).toBe('malformed');
    expectWords(malformed, ['{P1}', (malformed as WorkbookReportPartError).detail]);
    const foreign = parseWorkbookReport('<other xmlns="urn:someone-else"/>', { partId: '{P2}' });
    expect((foreign as WorkbookReportPartError).kind).toBe('foreign');
    expectWords(foreign, ['{P2}', 'urn:someone-else']);
  });

  it('a part that is invalid, of a newer version, or a record that cannot be written', () => {
    expectWords(new WorkbookReportPartError('invalid', '{P3}', 'Orders by region', '<report> has no <query>'), ['{P3}', 'Orders by region', '<report> has no <query>']);
    expectWords(new WorkbookReportPartError('invalid', null, null, '<report> has no <query>'), ['<report> has no <query>']);
    expectWords(new WorkbookReportPartError('newer-version', '{P4}', 'Orders', 'it needs format 3', 3), ['Orders', '3']);
    // The class's message reads "This workbook's report a report was saved…" without a name; the pane says it plainly.
    const unnamed = new WorkbookReportPartError('newer-version', '{P4}', null, 'it needs format 3', null);
    const words = expectWords(unnamed, [], { englishIsMessage: false });
    expect(words.en).toBe('A report kept in this workbook was saved by a newer version of the add-in; update the add-in to open or edit this report. Until then it is left as it is.');
    expectWords(new WorkbookReportPartError('unwritable', null, 'Orders', 'a value holds a character XML cannot carry'), ['Orders', 'a value holds a character XML cannot carry']);
    expectWords(new WorkbookReportPartError('unwritable', null, null, 'no name'), ['no name']);
    const long = 'x'.repeat(150);
    expect(describeError(new WorkbookReportPartError('invalid', null, long, 'why'), english)).toContain(`"${'x'.repeat(99)}…"`);
  });
});
