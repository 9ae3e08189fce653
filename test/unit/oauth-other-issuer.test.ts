import { OAuthClient } from '../../src/client/oauth-client';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';

/**
 * Issue 42: the platform's own address typed where the add-in's server (which passes requests on to it) is meant.
 * Its metadata document (RFC 8414 §3.3: the `issuer` it names must be the address asked) names the other address,
 * so sign-in there cannot work; the pane says which address to use instead of "offers no sign-in".
 */
const TYPED = 'http://127.0.0.1:4000';
const ISSUER = 'https://localhost:3000';

/** A metadata document, written from RFC 8414 §2, for the issuer the add-in's server answers as. */
const metadata = {
  issuer: ISSUER,
  authorization_endpoint: `${ISSUER}/oauth/auth`,
  token_endpoint: `${ISSUER}/oauth/token`,
  code_challenge_methods_supported: ['S256'],
  response_types_supported: ['code'],
};

const answering = (body: unknown) => async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

it('a metadata document naming another issuer is told as that issuer, in English and German', async () => {
  const error = await OAuthClient.discover(TYPED, { clientId: 'report-sync-excel', fetch: answering(metadata) }).then(
    () => null, (failure: unknown) => failure,
  );
  expect(error).toMatchObject({ name: 'SignInError', reason: 'other-issuer', detail: ISSUER });
  expect(describeError(error, i18nFor('en-US'))).toBe(`This address signs in as ${ISSUER}. Use ${ISSUER} as the address, then sign in.`);
  expect(describeError(error, i18nFor('de-DE'))).toContain(`Verwenden Sie ${ISSUER} als Adresse`);
});

it('a document for the address asked is taken, and one that names no issuer still offers no sign-in', async () => {
  const own = { ...metadata, issuer: TYPED, authorization_endpoint: `${TYPED}/oauth/auth`, token_endpoint: `${TYPED}/oauth/token` };
  await expect(OAuthClient.discover(TYPED, { clientId: 'report-sync-excel', fetch: answering(own) })).resolves.toBeInstanceOf(OAuthClient);
  const { issuer: _issuer, ...nameless } = metadata;
  await expect(OAuthClient.discover(TYPED, { clientId: 'report-sync-excel', fetch: answering(nameless) })).rejects.toMatchObject({ reason: 'unsupported' });
});
