import type { DeploymentTokenSource } from '../client/token-manager';
import type { OAuthClient } from '../client/oauth-client';
import type { CubeApiConnectionSettings } from '../session/cube-api/connect-cube-api';
import type { CubeTokenRequestReason } from '../session/cube-api/cube-api-tokens';
import type { CubeOidcConnectionSettings, CubeOidcSignInInput } from '../session/cube-api/cube-oidc';
import type { CubeSignInReason } from '../session/cube-api/cube-oidc-tokens';

/** A Cube API connection as kept in the add-in's storage: a pasted token, or a sign-in with the company's provider. */
export type CubeConnectionSettings = CubeApiConnectionSettings | CubeOidcConnectionSettings;

/** What a sign-in needs again to be made anew: the administrator's configuration, without tokens. */
export type CubeSignInConfig = Omit<CubeOidcSignInInput, 'scope'>;

/** The Cube API modules (they read tokens with jose, sign in with oauth4webapi), loaded when first needed. */
export interface CubeModules {
  connectCubeApi: typeof import('../session/cube-api/connect-cube-api').connectCubeApi;
  PastedCubeTokens: typeof import('../session/cube-api/cube-api-tokens').PastedCubeTokens;
  readCubeToken: typeof import('../session/cube-api/cube-token').readCubeToken;
  cubeTokenClaims: typeof import('../session/cube-api/cube-token').cubeTokenClaims;
  CubeApiConnection: typeof import('../session/cube-api/cube-api-connection').CubeApiConnection;
  cubeUserName: typeof import('../session/cube-api/cube-api-connection').cubeUserName;
  signInToCube: typeof import('../session/cube-api/cube-oidc').signInToCube;
  cubeTokenOf: typeof import('../session/cube-api/cube-oidc').cubeTokenOf;
  OidcCubeTokens: typeof import('../session/cube-api/cube-oidc-tokens').OidcCubeTokens;
}

export interface CubeTokenQuestions {
  /** A pasted token expired or was refused: resolves to the new one pasted, or null. */
  askForToken(reason: CubeTokenRequestReason): Promise<string | null>;
  /** A sign-in ended: resolves to the new sign-in's settings, or null. */
  signInAgain(reason: CubeSignInReason, config: CubeSignInConfig): Promise<CubeOidcConnectionSettings | null>;
  /** Every new token taken, to keep in storage. */
  changed(settings: CubeConnectionSettings): void;
}

/** The tokens of a connection of either kind, and the token to read the user's name from now. */
export function cubeConnectionTokens(
  settings: CubeConnectionSettings, modules: CubeModules, questions: CubeTokenQuestions, oauth?: OAuthClient,
): { tokens: DeploymentTokenSource; token: string } {
  if (settings.kind === 'cube-api') {
    let current = settings;
    const tokens = new modules.PastedCubeTokens(settings, {
      askForToken: (reason) => questions.askForToken(reason),
      onToken: ({ token, expiresAt }) => {
        current = { ...current, token, expiresAt };
        questions.changed(current);
      },
    });
    return { tokens, token: settings.token };
  }
  const config = signInConfig(settings);
  const tokens = new modules.OidcCubeTokens(settings, {
    oauth,
    signInAgain: (reason) => questions.signInAgain(reason, config),
    onToken: (next) => questions.changed(next),
  });
  return { tokens, token: modules.cubeTokenOf(settings) };
}

export function signInConfig(settings: CubeOidcConnectionSettings): CubeSignInConfig {
  const { apiUrl, issuer, clientId, tokenKind, resource } = settings;
  return { apiUrl, issuer, clientId, tokenKind, resource };
}
