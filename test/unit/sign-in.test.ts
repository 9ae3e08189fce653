import { callbackMessage, callbackUrl, checkAuthorizationRequest, OAUTH_CLIENT_ID, parseCallbackMessage, startPageUrl } from '../../src/session/sign-in';

const ADDIN = 'https://localhost:3000';
const BASE = `${ADDIN}/`;
const START = `${ADDIN}/auth/start.html`;
const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';

/** An authorization request as the add-in makes it, with `changes` applied (null removes a parameter). */
function authorizationUrl(changes: Record<string, string | null> = {}, endpoint = 'https://tenant.example.com/oauth/authorize'): string {
  const url = new URL(endpoint);
  const params: Record<string, string | null> = {
    response_type: 'code', client_id: OAUTH_CLIENT_ID, redirect_uri: callbackUrl(BASE),
    code_challenge: CHALLENGE, code_challenge_method: 'S256', state: 'xyz', ...changes,
  };
  for (const [name, value] of Object.entries(params)) if (value !== null) url.searchParams.set(name, value);
  return url.href;
}

describe('the start page', () => {
  it('redirects to an authorization request of this add-in that answers to its own callback', () => {
    expect(checkAuthorizationRequest(authorizationUrl(), START)?.href).toBe(authorizationUrl());
    const loopback = authorizationUrl({}, 'http://127.0.0.1:4000/oauth/authorize');
    expect(checkAuthorizationRequest(loopback, START)?.href).toBe(loopback);
    // The pane hands it over in the start page's own query.
    const start = new URL(startPageUrl(BASE, authorizationUrl()));
    expect(start.origin + start.pathname).toBe(START);
    expect(checkAuthorizationRequest(start.searchParams.get('authorize'), start.href)).not.toBeNull();
    // An add-in served from a folder has its pages, and so its callback, in that folder.
    const inFolder = 'https://addin.example.com/report-sync/';
    expect(callbackUrl(inFolder)).toBe('https://addin.example.com/report-sync/auth/callback.html');
    const request = authorizationUrl({ redirect_uri: callbackUrl(inFolder) });
    expect(checkAuthorizationRequest(request, startPageUrl(inFolder, request))).not.toBeNull();
    expect(checkAuthorizationRequest(request, START)).toBeNull();
  });

  it("takes a company OpenID Connect provider's client id: it must answer to the same callback all the same", () => {
    const company = authorizationUrl({ client_id: '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0', scope: 'openid offline_access profile email' }, 'https://login.example.com/realms/acme/protocol/openid-connect/auth');
    expect(checkAuthorizationRequest(company, START)?.href).toBe(company);
    expect(checkAuthorizationRequest(authorizationUrl({ client_id: 'cube-excel' }), START)).not.toBeNull();
    // The rest is checked as for the platform's own client.
    const otherwise: Record<string, string | null>[] = [{ redirect_uri: 'https://evil.example/auth/callback.html' }, { code_challenge_method: 'plain' }, { state: null }];
    for (const changes of otherwise) {
      expect(checkAuthorizationRequest(authorizationUrl({ client_id: 'cube-excel', ...changes }), START)).toBeNull();
    }
    expect(checkAuthorizationRequest(authorizationUrl({ client_id: 'cube-excel' }, 'http://login.example.com/authorize'), START)).toBeNull();
  });

  it('is no open redirect: anything else stays on the page', () => {
    const refused = [
      null,
      '',
      'not a url',
      'javascript:alert(1)',
      authorizationUrl({}, 'http://tenant.example.com/oauth/authorize'),
      authorizationUrl({}, 'https://user:pass@tenant.example.com/oauth/authorize'),
      authorizationUrl({ response_type: 'token' }),
      authorizationUrl({ client_id: '' }),
      authorizationUrl({ client_id: '   ' }),
      authorizationUrl({ client_id: null }),
      authorizationUrl({ code_challenge_method: 'plain' }),
      authorizationUrl({ code_challenge_method: null }),
      authorizationUrl({ code_challenge: null }),
      authorizationUrl({ state: null }),
      authorizationUrl({ redirect_uri: 'https://evil.example/auth/callback.html' }),
      authorizationUrl({ redirect_uri: `${ADDIN}/taskpane.html` }),
      authorizationUrl({ redirect_uri: null }),
    ];
    for (const url of refused) expect([url, checkAuthorizationRequest(url, START)]).toEqual([url, null]);
    // The same request is refused by a start page of another origin: its answer would not come back there.
    expect(checkAuthorizationRequest(authorizationUrl(), 'https://other.example/auth/start.html')).toBeNull();
  });
});

describe('the callback message', () => {
  it('carries the authorization response from the callback URL to the pane, and nothing else', () => {
    const message = callbackMessage('?code=abc&state=xyz&iss=https%3A%2F%2Ftenant.example.com&access_token=leak&_host_info=Excel');
    expect(JSON.parse(message)).toEqual({ type: 'report-sync:authorization-response', params: { code: 'abc', state: 'xyz', iss: 'https://tenant.example.com' } });
    expect(Object.fromEntries(parseCallbackMessage(message)!)).toEqual({ code: 'abc', state: 'xyz', iss: 'https://tenant.example.com' });
    const denied = parseCallbackMessage(callbackMessage('?error=access_denied&error_description=The+user+cancelled&state=xyz'));
    expect(Object.fromEntries(denied!)).toEqual({ error: 'access_denied', error_description: 'The user cancelled', state: 'xyz' });
  });

  it('ignores anything that is not such a response', () => {
    for (const message of [
      'not json',
      'null',
      '{"type":"other","params":{"code":"a","state":"b"}}',
      '{"type":"report-sync:authorization-response"}',
      '{"type":"report-sync:authorization-response","params":{"code":"a"}}',
      '{"type":"report-sync:authorization-response","params":{"state":"b"}}',
      '{"type":"report-sync:signed-in","accessToken":"plt_x"}',
    ]) {
      expect([message, parseCallbackMessage(message)]).toEqual([message, null]);
    }
    // Only strings are taken from the params.
    expect(Object.fromEntries(parseCallbackMessage('{"type":"report-sync:authorization-response","params":{"code":"a","state":"b","iss":{"x":1}}}')!)).toEqual({ code: 'a', state: 'b' });
  });
});
