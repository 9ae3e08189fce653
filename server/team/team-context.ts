import type { Policy } from '../../src/contract';
import { CHAT_API_KEY_KIND, signCubeToken } from '../agent/identity';
import { tokenHash } from '../auth';
import type { ExternalCube, TeamContext } from '../context';
import { nextId } from '../store/schema';
import { SEED_APP_CONFIG } from '../store/seed-content';
import type { StateStore } from '../store/state-store';
import type { ReadinessCheck } from '../probes';
import type { TeamConfig } from './config';

/** The labels of the SCIM token and Chat API key a team's configuration gives (their hashes replaced at every start). */
const SCIM_TOKEN_LABEL = 'team-scim';
const CHAT_API_KEY_LABEL = 'team-chat-api-key';

/**
 * Brings the database in line with a team's configuration, at start: each configured deployment has its row (matched by
 * name, case-insensitively, so ids and what hangs off them stay across restarts; a new one gets the next id) in the
 * file's order; an app config; the SCIM token is the configured one; groups the file names get its policies. Secrets stay in memory:
 * the rows hold none. Answers the context routes read.
 */
export async function prepareTeam(db: StateStore, config: TeamConfig, now: () => Date): Promise<TeamContext> {
  const policies = new Map(Object.entries(config.groups).map(([name, group]) => [name.toLowerCase(), group.policies as Policy[]]));
  const ids = await db.transaction(async (tx) => {
    const found: number[] = [];
    for (const [position, deployment] of config.deployments.entries()) {
      const row = await tx.one(`SELECT id FROM deployments WHERE lower(name) = lower(?) ORDER BY id LIMIT 1`, [deployment.name]);
      const id = row ? Number(row.id) : await nextId(tx, 'deployments');
      if (row) await tx.run(`UPDATE deployments SET name = ?, position = ? WHERE id = ?`, [deployment.name, position, id]);
      else await tx.run(`INSERT INTO deployments VALUES (?, ?, '', ?, 'with-v1')`, [id, deployment.name, position]);
      found.push(id);
    }
    // The app config the managed platform's console sets; a team starts from the local platform's, the chat's Place in
    // sheet on when there is an agent. Kept once set: `PUT /api/v1/app-config` changes it.
    await tx.run(`INSERT INTO app_config VALUES (1, ?) ON CONFLICT (id) DO NOTHING`, [JSON.stringify({ ...SEED_APP_CONFIG, sheetsAgentChatEnabled: config.agent !== undefined })]);
    await tx.run(`DELETE FROM access_tokens WHERE label IN (?, ?)`, [SCIM_TOKEN_LABEL, CHAT_API_KEY_LABEL]);
    await tx.run(`INSERT INTO access_tokens VALUES (?, 'scim', NULL, ?)`, [tokenHash(config.scim.token), SCIM_TOKEN_LABEL]);
    if (config.agent) await tx.run(`INSERT INTO access_tokens VALUES (?, ?, NULL, ?)`, [tokenHash(config.agent.apiKey), CHAT_API_KEY_KIND, CHAT_API_KEY_LABEL]);
    for (const [name, groupPolicies] of policies) {
      await tx.run(`UPDATE groups SET policies = ?, updated_at = ? WHERE lower(display_name) = ?`, [JSON.stringify(groupPolicies), now().toISOString(), name]);
    }
    return found;
  });
  const agentName = config.agent?.deployment.toLowerCase();
  const cubes = new Map<number, ExternalCube>(config.deployments.map((deployment, index) => {
    const { auth } = deployment;
    // A token of the agent's deployment is also its holder's chat credential (chat.yaml: a Cube token with the "chat"
    // scope), so the add-in chats as its signed-in user, with their rights, and needs no API key.
    const scope = deployment.name.toLowerCase() === agentName ? { scope: ['chat'] } : {};
    const signToken = auth.mode === 'signed-token'
      ? (context: Record<string, unknown>, seconds: number) => signCubeToken({ ...context, ...scope }, auth.apiSecret, now(), seconds)
      : null;
    const apiSecret = auth.mode === 'signed-token' ? auth.apiSecret : null;
    return [ids[index]!, { name: deployment.name, apiUrl: deployment.cubeApiUrl, signToken, apiSecret, groupAttributes: deployment.securityContext.attributes }];
  }));
  const admins = new Set(config.admins.map((email) => email.toLowerCase()));
  const { agent } = config;
  // The configuration's check made sure the agent's deployment is one of its deployments.
  const agentIndex = agent ? config.deployments.findIndex((d) => d.name.toLowerCase() === agent.deployment.toLowerCase()) : -1;
  return {
    cubes, groupPolicies: (displayName) => policies.get(displayName.toLowerCase()), admins,
    ...(agent ? { agent: { deploymentId: ids[agentIndex]!, view: agent.view } } : {}),
  };
}

/**
 * A team server is ready when each of its Cubes is: Cube's own readiness probe (`GET /readyz` at the API's host, outside
 * its base path; https://cube.dev/docs/product/apis-integrations/rest-api/reference#readyz) answers 200.
 */
export function cubeReadiness(team: TeamContext | undefined): ReadinessCheck[] {
  return [...(team?.cubes.entries() ?? [])].map(([id, cube]) => ({
    name: `cube ${cube.name} (deployment ${id})`,
    async check() {
      const answer = await fetch(new URL('/readyz', cube.apiUrl), { signal: AbortSignal.timeout(2_000) });
      if (answer.status !== 200) throw new Error(`its /readyz answered ${answer.status}`);
    },
  }));
}
