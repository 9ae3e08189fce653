import type { TeamConfig } from './config';

/**
 * What `npm run server -- --config` starts the platform with: the file's address, state, sign-in and deployments.
 * A pass-through Cube checks the company's ID token, which lives about an hour: sign-in then also asks for a refresh
 * token to renew it with.
 */
export function teamPlatformOptions(config: TeamConfig) {
  const { oidc } = config.signIn;
  return {
    dataDir: ':memory:',
    databaseUrl: config.database.url,
    host: config.server.host,
    port: config.server.port,
    publicUrl: config.server.publicUrl,
    oauthRedirectUris: config.server.addInRedirectUris,
    team: config,
    companySignIn: oidc && {
      issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret,
      offlineAccess: config.deployments.some((deployment) => deployment.auth.mode === 'oidc-pass-through'),
    },
  };
}
