import type { ChatSessionSettings } from '../../src/contract';
import type { PlatformContext } from '../context';
import type { QueryRunner } from '../cube/query-runner';
import { SEED_DEPLOYMENTS } from '../store/seed-content';
import type { ChatCredentials } from './identity';
import { localAgentSource } from './local-source';
import type { AgentSource } from './source';

/** Who asks the agent: the thread owner the credentials name, and what they sent to be known by. */
export interface Asker {
  owner: string;
  credentials: ChatCredentials;
  session: ChatSessionSettings | undefined;
}

/** The deployment an agent answers from: its id, and the secret an X-Cube-Auth-Token is verified with (null: none is taken). */
export interface AgentDeployment {
  id: number;
  secret: string | null;
}

/**
 * Where an agent lives and whose data it reads: the local platform's sample deployment, or a team's own Cube
 * (server/team/team-agent.ts). Its address is chat.yaml's agent-scoped one, `/api/v1/public/{account}/agents/{id}`.
 */
export interface AgentHost {
  readonly account: string;
  readonly id: number;
  /** The Cube view the agent's questions are understood against. */
  readonly view: string;
  /** How long a viewer's catalog is kept; undefined: for the life of the process (the model and data are the platform's own). */
  readonly catalogTtlMs?: number;
  deployment(): Promise<AgentDeployment>;
  /** The source answering this asker's questions, with their rights; refuses (an HttpError) an asker it cannot serve. */
  sourceFor(asker: Asker): Promise<AgentSource>;
}

/** The one agent the local platform hosts: agent 1 of account "local", over the first seeded deployment's view. */
export const LOCAL_AGENT = { account: 'local', id: 1, deploymentName: SEED_DEPLOYMENTS[0].name, view: 'sales' } as const;

/** The Chat API URL as Cube's admin UI shows it ("Chat API URL"): the agent's base URL and `/chat/stream-chat-state`. */
export function chatApiUrl(publicUrl: string, agent: { account: string; id: number } = LOCAL_AGENT): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/v1/public/${agent.account}/agents/${agent.id}/chat/stream-chat-state`;
}

/** The local agent: the sample deployment, read in-process; every asker sees the same (the sample data has no row rules). */
export function localAgentHost(ctx: PlatformContext, runner: QueryRunner): AgentHost {
  let reading: Promise<AgentDeployment> | undefined;
  // Read once: every request needs the deployment's id and secret, and neither changes while the platform runs.
  const deployment = (): Promise<AgentDeployment> => {
    if (!reading) {
      const read = ctx.db.read((tx) => tx.one(`SELECT id, jwt_secret FROM deployments WHERE name = ?`, [LOCAL_AGENT.deploymentName])).then((row) => {
        if (!row) throw new Error(`The local agent's deployment "${LOCAL_AGENT.deploymentName}" is missing from the database`);
        return { id: Number(row.id), secret: String(row.jwt_secret) };
      });
      reading = read;
      // eslint-disable-next-line no-restricted-syntax -- the caller gets the failure from the promise returned; the next request reads again.
      read.catch(() => {
        if (reading === read) reading = undefined;
      });
    }
    return reading;
  };
  return {
    account: LOCAL_AGENT.account,
    id: LOCAL_AGENT.id,
    view: LOCAL_AGENT.view,
    deployment,
    sourceFor: async () => localAgentSource(ctx.model, runner, (await deployment()).id, ctx.continueWaitMs),
  };
}
