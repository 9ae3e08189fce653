import { resolve } from 'node:path';
import { startPlatform } from './app';
import { faultsFromEnvironment } from './faults';

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
  const platform = await startPlatform({
    dataDir,
    port: numberFrom('PLATFORM_PORT') ?? 4000,
    publicUrl: env.PLATFORM_PUBLIC_URL,
    continueWaitMs: numberFrom('PLATFORM_CONTINUE_WAIT_MS'),
    queryDelayMs: numberFrom('PLATFORM_QUERY_DELAY_MS'),
    maxRowLimit: numberFrom('PLATFORM_MAX_ROW_LIMIT'),
    faults: faultsFromEnvironment(env.PLATFORM_FAULTS),
  });
  const lines = [
    `Local platform listening on ${platform.url}`,
    `  Platform API:   ${platform.url}/api/v1`,
    `  Core data API:  ${platform.url}/cubejs-api/v1`,
    `  SCIM:           ${platform.url}/api/scim/v2`,
    `  Data:           ${dataDir}`,
    dataDir === ':memory:' ? '  Tokens (in memory only):' : `  Tokens (also in ${resolve(dataDir, 'dev-tokens.json')}):`,
    `    admin    ${platform.tokens.admin}`,
    `    analyst  ${platform.tokens.analyst}`,
    `    scim     ${platform.tokens.scim}`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  const stop = () => {
    platform.close().then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  process.stderr.write(`local platform failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
