import { readCubeToken, CubeTokenError, type CubeTokenProblem } from '../../src/session/cube-api/cube-token';

/**
 * Reading a pasted Cube API token (RFC 7519: a JWS in compact form, three base64url parts) without verifying it.
 * Tokens are built by hand here, so each part is exactly what the case says; the signature is never checked.
 */
const part = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const SIGNATURE = part('not-checked-by-the-add-in');
const jwt = (claims: unknown, header: unknown = { alg: 'HS256', typ: 'JWT' }, signature = SIGNATURE) => `${part(header)}.${part(claims)}.${signature}`;

// 2030-03-17T17:46:40Z, and an instant an hour before it.
const EXP = 1_900_000_000;
const NOW = (EXP - 3600) * 1000;

function refusal(pasted: string, now = NOW): { problem: CubeTokenProblem; message: string; at?: number } {
  try {
    readCubeToken(pasted, now);
  } catch (error) {
    if (error instanceof CubeTokenError) return { problem: error.problem, message: error.message, at: error.at };
    throw error;
  }
  throw new Error('the token was taken');
}

describe('readCubeToken', () => {
  it('answers the token, its exp in ms and its claims (the security context)', () => {
    const token = jwt({ user_id: 'analyst@example.com', exp: EXP, iat: EXP - 86_400 });
    expect(readCubeToken(token, NOW)).toEqual({
      token,
      expiresAt: 1_900_000_000_000,
      claims: { user_id: 'analyst@example.com', exp: EXP, iat: EXP - 86_400 },
    });
  });

  it('takes the token pasted with spaces or line ends around it, or as an Authorization header value', () => {
    const token = jwt({ exp: EXP });
    expect(readCubeToken(`  ${token}\n`, NOW).token).toBe(token);
    expect(readCubeToken(`Bearer ${token}`, NOW).token).toBe(token);
  });

  it('takes any signing algorithm Cube may be configured for (the key is the deployment’s)', () => {
    expect(readCubeToken(jwt({ exp: EXP }, { alg: 'RS256', kid: 'key-1' }), NOW).expiresAt).toBe(EXP * 1000);
  });

  it('takes a token without exp, as Cube does (`cubejs token -e 0` mints one): no end known, none made up', () => {
    const token = jwt({ user_id: 1 });
    expect(readCubeToken(token, NOW)).toEqual({ token, expiresAt: null, claims: { user_id: 1 } });
    // Read at any instant, however late.
    expect(readCubeToken(token, Number.MAX_SAFE_INTEGER).expiresAt).toBeNull();
  });

  it.each([
    ['a string', '1900000000'],
    ['null', null],
  ])('refuses an exp that is %s (RFC 7519: a NumericDate is a number; Cube refuses it as "invalid exp value")', (_case, exp) => {
    expect(refusal(jwt({ exp }))).toEqual({
      problem: 'bad-exp',
      message: 'This token’s expiry (exp) is not a number, and Cube refuses such a token: ask for a new one.',
      at: undefined,
    });
  });

  it('refuses a token already expired, saying when', () => {
    const expired = refusal(jwt({ exp: EXP }), EXP * 1000 + 1);
    expect(expired).toEqual({ problem: 'expired', message: 'This token expired on 2030-03-17 17:46 UTC; ask for a new one.', at: EXP * 1000 });
    // At the very second of exp it is over (RFC 7519 4.1.4: "on or after").
    expect(refusal(jwt({ exp: EXP }), EXP * 1000).problem).toBe('expired');
  });

  it('refuses a token not valid yet (nbf), which Cube would refuse too; a minute of clock difference is allowed', () => {
    const nbf = EXP - 1800;
    expect(refusal(jwt({ exp: EXP, nbf }))).toMatchObject({ problem: 'not-yet-valid', at: nbf * 1000 });
    expect(readCubeToken(jwt({ exp: EXP, nbf: NOW / 1000 + 30 }), NOW).expiresAt).toBe(EXP * 1000);
  });

  it.each([
    ['nothing', '   ', 'empty'],
    ['one part', 'abc', 'malformed'],
    ['two parts', 'abc.def', 'malformed'],
    ['four parts', 'a.b.c.d', 'malformed'],
    ['characters outside base64url (a wrapped or quoted token)', `"${jwt({ exp: EXP })}"`, 'malformed'],
    ['a line break inside', jwt({ exp: EXP }).replace('.', '.\n'), 'malformed'],
    ['a header that is not JSON', `${part('not json')}.${part({ exp: EXP })}.${SIGNATURE}`, 'malformed'],
    ['a header without alg', jwt({ exp: EXP }, { typ: 'JWT' }), 'malformed'],
    ['claims that are not JSON', `${part({ alg: 'HS256' })}.${part('{"exp":')}.${SIGNATURE}`, 'malformed'],
    ['claims that are an array', jwt([EXP]), 'malformed'],
    ['an encrypted token (JWE, five parts)', 'eyJhbGciOiJSU0EtT0FFUCJ9.a.b.c.d', 'encrypted'],
    ['alg none', jwt({ exp: EXP }, { alg: 'none' }, ''), 'unsigned'],
    ['no signature', jwt({ exp: EXP }, { alg: 'HS256' }, ''), 'unsigned'],
  ])('refuses %s', (_case, pasted, problem) => {
    expect(refusal(pasted).problem).toBe(problem);
  });

  it('tells a malformed token in words, never as jose’s own message', () => {
    expect(refusal('abc.def').message).toBe('This is not a Cube API token (a JWT, three parts separated by dots): it has 2 parts. Paste the whole token.');
  });
});
