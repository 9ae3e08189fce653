import type Provider from 'oidc-provider';
import { OIDC_SCOPES, PLATFORM_SCOPE } from './provider';

/**
 * The grant a sign-in gives the add-in, saved; answers its id. Consent is implicit for this first-party client, so the
 * grant is made with the login, whoever vouched for the user (the picker, or the company's provider).
 */
export async function saveImplicitGrant(provider: Provider, accountId: string, params: Record<string, unknown>): Promise<string> {
  const grant = new provider.Grant({ accountId, clientId: String(params.client_id) });
  grant.addOIDCScope(PLATFORM_SCOPE);
  // The OpenID Connect scopes asked for (a "Sign in" to a Cube API), as a company's provider grants them: without
  // them in the grant, oidc-provider would send the login step back here again for consent.
  const asked = new Set(String(params.scope ?? '').split(' '));
  const oidc = OIDC_SCOPES.filter((scope) => asked.has(scope));
  if (oidc.length) grant.addOIDCScope(oidc.join(' '));
  // A Cube resource asked for (RFC 8707; oidc-provider has refused unlisted ones with invalid_target already):
  // its one scope is granted too, so the code gives a JWT access token for that Cube.
  for (const resource of [params.resource].flat()) if (typeof resource === 'string') grant.addResourceScope(resource, PLATFORM_SCOPE);
  return grant.save();
}
