import * as oauth from 'oauth4webapi';
import type { CompanySignIn } from './company-sign-in';

/** The provider's metadata is read again after this long, so a changed document is noticed without a restart. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The company's OpenID Connect provider as the platform's relying party sees it (oauth4webapi): its discovery document
 * (read once an hour; a failure is not kept), the client the platform is registered as, and how it authenticates.
 * Sign-in and the renewal of pass-through ID tokens share it.
 */
export interface CompanyProvider {
  /** The provider's host, for the words people read. */
  readonly name: string;
  readonly client: oauth.Client;
  readonly clientAuth: oauth.ClientAuth;
  requestOptions(): { [oauth.allowInsecureRequests]: boolean; signal: AbortSignal };
  metadata(): Promise<oauth.AuthorizationServer>;
}

export function companyProvider(config: CompanySignIn): CompanyProvider {
  const issuer = new URL(config.issuer);
  const insecure = issuer.protocol === 'http:';
  const requestOptions = () => ({ [oauth.allowInsecureRequests]: insecure, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  let discovered: { at: number; metadata: Promise<oauth.AuthorizationServer> } | undefined;
  return {
    name: issuer.host,
    client: { client_id: config.clientId },
    clientAuth: config.clientSecret ? oauth.ClientSecretBasic(config.clientSecret) : oauth.None(),
    requestOptions,
    metadata() {
      if (!discovered || Date.now() - discovered.at > DISCOVERY_TTL_MS) {
        const pending = discover(issuer, requestOptions()).catch((error: unknown) => {
          if (discovered?.metadata === pending) discovered = undefined;
          throw error;
        });
        discovered = { at: Date.now(), metadata: pending };
      }
      return discovered.metadata;
    },
  };
}

/** The provider's discovery document, checked: it must name this issuer, its endpoints, and take PKCE S256. */
async function discover(issuer: URL, requestOptions: oauth.DiscoveryRequestOptions): Promise<oauth.AuthorizationServer> {
  const as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, { ...requestOptions, algorithm: 'oidc' }));
  // OpenID Connect Discovery makes the PKCE list optional: only a list without S256 refuses.
  const pkce = as.code_challenge_methods_supported?.includes('S256') ?? true;
  if (!as.authorization_endpoint || !as.token_endpoint || !as.jwks_uri || !pkce) {
    throw new Error(`${issuer.href} names no authorization endpoint, token endpoint or JWKS, or does not take PKCE S256`);
  }
  return as;
}

/** The failure's kind and message only: oauth4webapi's errors carry the provider's answers (tokens) in their `cause`. */
export function failureWords(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}${error instanceof oauth.ResponseBodyError ? ` (${error.error})` : ''}` : 'unknown failure';
}
