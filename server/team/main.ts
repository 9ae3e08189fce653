// First: sets the thread pool's size before anything starts it.
import '../thread-pool';
import { parseArgs } from 'node:util';
import { startPlatform } from '../app';
import { chatApiUrl } from '../agent/host';
import { jsonLog } from '../log';
import { loadTeamConfig, TeamConfigError } from './config';
import { teamPlatformOptions } from './platform-options';
import { TEAM_AGENT } from './team-agent';

const USAGE = 'Usage: npm run server -- --config team.yaml (docs/server.md has the configuration reference)';

/** `npm run server -- --config team.yaml`: the platform for a team, in front of its own Cubes, its state on PostgreSQL. */
async function main(): Promise<void> {
  const { values } = parseArgs({ options: { config: { type: 'string' } }, strict: true });
  if (!values.config) throw new StartError(`No configuration file was given. ${USAGE}`);
  const config = loadTeamConfig(values.config, process.env);
  const log = jsonLog();
  const platform = await startPlatform({ log, ...teamPlatformOptions(config) });
  const base = config.server.publicUrl.replace(/\/+$/, '');
  log.info({
    platformApi: `${base}/api/v1`,
    scim: `${base}/api/scim/v2`,
    signIn: config.signIn.oidc ? { issuer: config.signIn.oidc.issuer, redirectUri: `${base}/oauth/company/callback` } : 'none: nobody can sign in',
    deployments: config.deployments.map((deployment) => ({ name: deployment.name, cubeApiUrl: deployment.cubeApiUrl, auth: deployment.auth.mode })),
    agent: config.agent ? { chatApiUrl: chatApiUrl(base, TEAM_AGENT), deployment: config.agent.deployment, view: config.agent.view } : 'none',
    probes: [`${base}/livez`, `${base}/readyz`],
  }, `Report Sync Server listening on ${platform.url}, for ${base}`);
  // A graceful shutdown (SIGTERM from a service manager or an orchestrator): requests in flight get 10 s to finish.
  const stop = () => {
    platform.close({ graceMs: 10_000 }).then(() => process.exit(0), () => process.exit(1));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** A start refused for a reason the message says in full (no stack to read). */
class StartError extends Error {}

main().catch((error: unknown) => {
  const told = error instanceof TeamConfigError || error instanceof StartError || (error instanceof Error && error.name === 'TypeError' && 'code' in error);
  const text = error instanceof Error ? (told ? error.message : error.stack ?? error.message) : String(error);
  process.stderr.write(`Report Sync Server did not start:\n${text}\n`);
  process.exit(2);
});
