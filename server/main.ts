// First: sets the thread pool's size before anything starts it.
import './thread-pool';
import { resolve } from 'node:path';
import { startPlatform } from './app';
import { faultsFromEnvironment } from './faults';
import { METADATA_PATH, OAUTH_CLIENT_ID } from './oauth';

/** `npm run platform`: the local platform on loopback, with its data in PLATFORM_DATA_DIR. */
async function main(): Promise<void> {
  const env = process.env;
  const dataDir = env.PLATFORM_DATA_DIR === ':memory:' ? ':memory:' : resolve(env.PLATFORM_DATA_DIR ?? '.platform-data');
  const numberFrom = (name: string): number | undefined => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    const parsed = Number(value);
    if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number, got "${value}"`);
    return parsed;
  };
  // Fault rules let whoever sets them break every answer, so they need an explicit opt-in.
  const faultInjection = env.PLATFORM_FAULT_INJECTION === '1';
  if (env.PLATFORM_FAULTS && !faultInjection) {
    throw new Error('PLATFORM_FAULTS is set but fault injection is off: set PLATFORM_FAULT_INJECTION=1 as well (tests only)');
  }
  // The state in PostgreSQL, shared by every process given the same URL (docs/server.md); the data dir keeps dev-tokens.json.
  const databaseUrl = env.DATABASE_URL || undefined;
  const platform = await startPlatform({
    dataDir,
    databaseUrl,
    port: numberFrom('PLATFORM_PORT') ?? 4000,
    publicUrl: env.PLATFORM_PUBLIC_URL,
    continueWaitMs: numberFrom('PLATFORM_CONTINUE_WAIT_MS'),
    queryDelayMs: numberFrom('PLATFORM_QUERY_DELAY_MS'),
    maxRowLimit: numberFrom('PLATFORM_MAX_ROW_LIMIT'),
    faultInjection,
    faults: faultsFromEnvironment(env.PLATFORM_FAULTS),
    // Comma-separated OAuth redirect URIs of the add-in besides {public URL}/auth/callback.html.
    oauthRedirectUris: env.PLATFORM_OAUTH_REDIRECT_URIS?.split(',').map((uri) => uri.trim()).filter(Boolean),
    // Comma-separated Cube API URLs that get JWT access tokens when asked for as `resource` (docs/sign-in.md).
    cubeResources: env.PLATFORM_CUBE_RESOURCES?.split(',').map((uri) => uri.trim()).filter(Boolean),
    // The local agent's pause between words of an answer (0 streams at once).
    agent: { wordDelayMs: numberFrom('PLATFORM_AGENT_WORD_DELAY_MS') },
  });
  const lines = [
    `Local platform listening on ${platform.url}`,
    `  Platform API:   ${platform.url}/api/v1`,
    `  Core data API:  ${platform.url}/cubejs-api/v1`,
    `  SCIM:           ${platform.url}/api/scim/v2`,
    `  Agent chat API: ${platform.tokens.chatApiUrl}`,
    `  OAuth:          client id ${OAUTH_CLIENT_ID}, metadata ${(env.PLATFORM_PUBLIC_URL || platform.url).replace(/\/+$/, '')}${METADATA_PATH}`,
    databaseUrl ? `  State:          PostgreSQL at ${databaseLocation(databaseUrl)} (DATABASE_URL)` : `  Data:           ${dataDir}`,
    faultInjection ? `  Fault injection: on (${platform.url}/__platform/faults)` : '  Fault injection: off (PLATFORM_FAULT_INJECTION=1 turns it on)',
    dataDir === ':memory:' ? '  Tokens (in memory only):' : `  Tokens (also in ${resolve(dataDir, 'dev-tokens.json')}):`,
    `    admin    ${platform.tokens.admin}`,
    `    analyst  ${platform.tokens.analyst}`,
    `    scim     ${platform.tokens.scim}`,
    `    chat     ${platform.tokens.chatApiKey}  (the agent's key: Authorization: Api-Key <key>)`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  // A graceful shutdown (SIGTERM from a service manager or an orchestrator): requests in flight get 10 s to finish.
  const stop = () => {
    platform.close({ graceMs: 10_000 }).then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** Where a database URL points, without its user and password (which stay out of every log). */
function databaseLocation(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname}`;
  } catch {
    return 'the URL DATABASE_URL gives (not a URL this server can read)';
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`local platform failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
