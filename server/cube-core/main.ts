import { join } from 'node:path';
import { startCubeCore } from './index';
import { cubeCoreEnvironment } from './config';
import { API_SECRET_FILE } from './secret';

/** How long the printed token lasts: long enough for a working month, never forever. */
const TOKEN_DAYS = 30;
/** The printed token's security context (Cube passes the claims to the data model as `securityContext`). */
const SECURITY_CONTEXT = { user_id: 'analyst@example.com' };

/**
 * The Cube Core stand-in (`npm run start:cube` runs it beside the add-in's dev server: scripts/start-cube.mjs) on loopback (CUBE_PORT, default 4100), its data in CUBE_DATA_DIR
 * (default .cube-data). Prints the REST API URL, a token to paste and where the add-in is.
 */
async function main(): Promise<void> {
  const config = cubeCoreEnvironment(process.env);
  const cube = await startCubeCore({ dataDir: config.dataDir, port: config.port, corsOrigins: config.corsOrigins, jwt: config.jwt });
  const { jwt } = config;
  // A token the stand-in accepts can be printed only while the API secret is the key.
  const signedElsewhere = jwt.jwkUrl ? `by the identity provider whose keys are at ${jwt.jwkUrl}` : jwt.key ? 'with the key matching CUBEJS_JWT_KEY' : null;
  let tokenLines: string[];
  if (signedElsewhere) {
    tokenLines = [`  Tokens:        signed ${signedElsewhere} (none printed)`];
  } else {
    const claims: Record<string, unknown> = jwt.claimsNamespace ? { [jwt.claimsNamespace]: SECURITY_CONTEXT } : { ...SECURITY_CONTEXT };
    if (jwt.audience) claims.aud = jwt.audience;
    if (jwt.issuer?.length) claims.iss = jwt.issuer[0];
    if (jwt.subject) claims.sub = jwt.subject;
    const token = await cube.signToken(claims, TOKEN_DAYS * 86_400);
    const secretSource = jwt.apiSecret ? 'CUBEJS_API_SECRET' : config.dataDir === ':memory:' ? 'generated, this run only' : join(config.dataDir, API_SECRET_FILE);
    tokenLines = [
      `  Token:         ${token}`,
      `                 (HS256, expires in ${TOKEN_DAYS} days, security context ${JSON.stringify(SECURITY_CONTEXT)}; secret: ${secretSource})`,
    ];
  }
  const lines = [
    `Cube Core stand-in listening on ${cube.url} (a Cube REST API only: no Platform API, SCIM, OAuth or agent)`,
    `  REST API URL:  ${cube.apiUrl}`,
    ...tokenLines,
    `  CORS origins:  ${config.corsOrigins.join(', ') || 'none'}`,
    `  Data:          ${config.dataDir}`,
    // The workbench's address is the dev server's, which npm run start:cube prints: a CORS origin need not be it.
    `  In the pane:   "Connect straight to a Cube API instead", then the REST API URL and the token above.`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = () => {
    cube.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`Cube Core stand-in failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
