import type { RunningPlatform } from '../../server/app';
import { signCubeToken } from '../../server/agent/identity';
import { startCubeCore, type RunningCubeCore } from '../../server/cube-core';
import { Database } from '../../server/store/database';
import { createSampleData } from '../../server/store/sample-data';
import { ChatClient, type ChatCredentials } from '../../src/client/chat-client';
import type { ChatSessionSettings } from '../../src/contract';
import { dataApiBase } from '../../src/client';
import { startCompanyIdp, type CompanyIdp } from '../support/company-idp';
import { freshDatabase } from '../support/postgres-cluster';
import { GROUP_URN, USER_URN } from '../support/scim-schemas';
import {
  provision, regionRewrite, signInThroughCompany, startTeamServer, TEAM_OIDC_CLIENT_ID, teamSecrets, teamYaml, type InProcessTeamServer,
} from '../support/team-server';

/**
 * A team server's agent: its catalog is the configured view as the team's Cube's `/v1/meta` shows the asking user, and
 * its queries go to that Cube's `/v1/load` with the user's own token, so Cube's row-level security (the stand-in's
 * `queryRewrite`, as Cube's documentation writes it) holds for the chat as for the add-in. Driven with the add-in's own
 * Chat API client; expected figures are SQL over an independent copy of the sample data.
 */
jest.setTimeout(120_000);

const SECRETS = teamSecrets();
const REGIONS = { 'EMEA Sales': ['Europe'], 'Americas Sales': ['North America', 'Latin America'] };

let cube: RunningCubeCore;
let idp: CompanyIdp;
let reference: Database;
let database: { url: string; drop(): Promise<void> };
let team: InProcessTeamServer;
let platform: RunningPlatform;
/** What the Cube was asked, with whose security context. */
const asked: { regions: unknown }[] = [];

beforeAll(async () => {
  cube = await startCubeCore({
    dataDir: ':memory:', port: 0, corsOrigins: [], log: () => {}, jwt: { apiSecret: SECRETS.CUBEJS_API_SECRET },
    queryRewrite: (query, context) => {
      asked.push({ regions: context.securityContext.regions });
      return regionRewrite(query, context);
    },
  });
  reference = await Database.open(':memory:');
  await reference.transaction((tx) => createSampleData(tx));
  database = await freshDatabase(process.env.TEST_POSTGRES_URL!);
  idp = await startCompanyIdp({ clientId: TEAM_OIDC_CLIENT_ID, clientSecret: SECRETS.OIDC_CLIENT_SECRET });
  team = await startTeamServer({
    databaseUrl: database.url, idp, env: SECRETS, platform: { agent: { wordDelayMs: 0 } },
    yaml: (publicUrl) => teamYaml({ publicUrl, issuer: idp.issuer, cubeApiUrl: cube.apiUrl, admins: [], regions: REGIONS, agentView: 'sales' }),
  });
  platform = team.platform;
  const user = (userName: string) => provision(platform.url, SECRETS.SCIM_TOKEN, 'Users', { schemas: [USER_URN], userName, externalId: `idp-${userName}`, active: true });
  const [emma, uma] = [await user('emma@corp.example'), await user('uma@corp.example')];
  await provision(platform.url, SECRETS.SCIM_TOKEN, 'Groups', { schemas: [GROUP_URN], displayName: 'EMEA Sales', members: [{ value: emma }] });
  await provision(platform.url, SECRETS.SCIM_TOKEN, 'Groups', { schemas: [GROUP_URN], displayName: 'Americas Sales', members: [{ value: uma }] });
});
afterAll(async () => {
  await team?.close();
  await idp?.close();
  await cube?.close();
  await reference?.close();
  await database?.drop();
});

const chatApiUrl = () => `${platform.url}/api/v1/public/team/agents/1/chat/stream-chat-state`;
const apiKey: ChatCredentials = { kind: 'api-key', apiKey: SECRETS.CHAT_API_KEY };

/** The rows of the agent's one query for `question`, as its tool call gives them. */
async function agentRows(question: string, credentials: ChatCredentials, sessionSettings?: ChatSessionSettings, url = chatApiUrl()) {
  const client = new ChatClient({ chatApiUrl: url, credentials, sessionSettings });
  const results: string[] = [];
  const errors: string[] = [];
  await client.stream({ input: question }, (event) => {
    if (event.type === 'error') errors.push(event.message);
    if (event.type === 'frame' && typeof event.frame.toolCall?.result === 'string') results.push(event.frame.toolCall.result);
  });
  expect(errors).toEqual([]);
  expect(results).toHaveLength(1);
  const { data } = JSON.parse(results[0]!) as { data: Record<string, unknown>[] };
  return data.map((row) => ({ region: row['sales.region'], total: Number(row['sales.total_amount']) }))
    .sort((a, b) => String(a.region).localeCompare(String(b.region)));
}

const revenueIn = async (regions: readonly string[]) => (await reference.read((tx) => tx.all(
  `SELECT region, sum(amount) AS total FROM orders WHERE region IN (${regions.map(() => '?').join(', ')}) GROUP BY region ORDER BY region`, [...regions],
))).map((row) => ({ region: row.region, total: Number(row.total) }));

it('answers each user of the team with the numbers Cube\'s queryRewrite allows their groups', async () => {
  expect(await agentRows('Revenue by region', apiKey, { internalId: 'emma@corp.example' })).toEqual(await revenueIn(REGIONS['EMEA Sales']));
  expect(await agentRows('Revenue by region', apiKey, { internalId: 'uma@corp.example' })).toEqual(await revenueIn(REGIONS['Americas Sales']));
  // Every query the Cube ran for the agent (the catalog's value lookups too) carried the asker's own regions.
  expect(new Set(asked.map((a) => JSON.stringify(a.regions)))).toEqual(new Set([JSON.stringify(REGIONS['EMEA Sales']), JSON.stringify(REGIONS['Americas Sales'])]));
});

it('reads its catalog from the Cube as each user sees it: a region outside their rights is no filter they can ask for', async () => {
  /** The queries the agent ran for `question`, and its final words. */
  const asking = async (internalId: string, question: string) => {
    const client = new ChatClient({ chatApiUrl: chatApiUrl(), credentials: apiKey, sessionSettings: { internalId } });
    // A tool call's frame comes again with its result: one query per frame id.
    const queries = new Map<unknown, { filters?: unknown[] }>();
    let words = '';
    await client.stream({ input: question }, (event) => {
      if (event.type !== 'frame') return;
      if (typeof event.frame.toolCall?.input === 'string') queries.set(event.frame.id, JSON.parse(event.frame.toolCall.input) as { filters?: unknown[] });
      if (event.frame.graphPath?.[0] === 'final' && typeof event.frame.content === 'string') words += event.frame.content;
    });
    return { filters: [...queries.values()].flatMap((query) => query.filters ?? []), words };
  };
  const northAmerica = { member: 'sales.region', operator: 'equals', values: ['North America'] };
  expect((await asking('uma@corp.example', 'Revenue in North America')).filters).toEqual([northAmerica]);
  // Emma's catalog has no North America: the words filter nothing, and the figure is all she may see (Europe's).
  const emma = await asking('emma@corp.example', 'Revenue in North America');
  expect(emma.filters).toEqual([]);
  const [europe] = await revenueIn(['Europe']);
  expect(emma.words).toBe(`Revenue: $${Math.round(europe!.total).toLocaleString('en-US')}.`);
});

it('signs an external user\'s securityContext with the deployment\'s secret, and passes a Cube token of the deployment on', async () => {
  expect(await agentRows('Revenue by region', apiKey, { externalId: 'partner-1', securityContext: { regions: ['Latin America'] } }))
    .toEqual(await revenueIn(['Latin America']));
  const token = await signCubeToken({ externalId: 'partner-2', scope: ['chat'], regions: ['Asia Pacific'] }, SECRETS.CUBEJS_API_SECRET, new Date());
  expect(await agentRows('Revenue by region', { kind: 'cube-token', token: async () => token })).toEqual(await revenueIn(['Asia Pacific']));
});

it('answers a signed-in user at the deployment\'s agent with their own Cube token, which the server gives the chat scope', async () => {
  const emma = await signInThroughCompany(platform.url, idp, { sub: 'idp-emma@corp.example', email: 'emma@corp.example', email_verified: true });
  const [sales] = await emma.listDeployments();
  expect(dataApiBase(sales!, await emma.listEnvironments(sales!.id))).toBe(cube.apiUrl.replace(/\/v1$/, ''));
  const token = async () => (await emma.issueDeploymentToken(sales!.id)).cubeApiToken;
  const deploymentAgent = `${platform.url}/api/v1/public/team/deployments/${sales!.id}/chat/stream-chat-state`;
  expect(await agentRows('Revenue by region', { kind: 'cube-token', token }, undefined, deploymentAgent)).toEqual(await revenueIn(REGIONS['EMEA Sales']));
  const send = async (url: string, headers: Record<string, string>) => {
    const answer = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ input: 'Revenue' }) });
    return { status: answer.status, body: await answer.json() as unknown };
  };
  expect(await send(deploymentAgent, { authorization: `Api-Key ${SECRETS.CHAT_API_KEY}` })).toEqual({ status: 401, body: { error: expect.stringContaining('takes only an X-Cube-Auth-Token') } });
  expect((await send(deploymentAgent.replace(`/deployments/${sales!.id}/`, '/deployments/99/'), { 'x-cube-auth-token': await token() })).status).toBe(404);
});

it('refuses a wrong key, a token of another secret, and a token without the chat scope, in words', async () => {
  const send = (headers: Record<string, string>) => fetch(chatApiUrl(), {
    method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ input: 'Revenue', sessionSettings: { internalId: 'emma@corp.example' } }),
  });
  const wrongKey = await send({ authorization: `Api-Key ${SECRETS.SCIM_TOKEN}` });
  expect({ status: wrongKey.status, body: await wrongKey.json() }).toEqual({ status: 401, body: { error: 'Invalid Chat API key' } });
  const foreign = await send({ 'x-cube-auth-token': await signCubeToken({ externalId: 'x', scope: ['chat'] }, SECRETS.SCIM_TOKEN, new Date()) });
  expect(foreign.status).toBe(401);
  const unscoped = await send({ 'x-cube-auth-token': await signCubeToken({ externalId: 'x' }, SECRETS.CUBEJS_API_SECRET, new Date()) });
  expect({ status: unscoped.status, body: await unscoped.json() }).toEqual({ status: 403, body: { error: expect.stringContaining('"chat" scope') } });
  const elsewhere = await fetch(chatApiUrl().replace('/team/', '/local/'), { method: 'POST', headers: { authorization: `Api-Key ${SECRETS.CHAT_API_KEY}` }, body: '{}' });
  expect(elsewhere.status).toBe(404);
});

// Last: it stops the Cube.
it('says in words that the team\'s Cube did not answer, and logs it as JSON without the token', async () => {
  await cube.close();
  const client = new ChatClient({ chatApiUrl: chatApiUrl(), credentials: apiKey, sessionSettings: { internalId: 'uma@corp.example' } });
  const errors: string[] = [];
  await client.stream({ input: 'Revenue by region' }, (event) => {
    if (event.type === 'error') errors.push(event.message);
  });
  expect(errors).toEqual([expect.stringMatching(new RegExp(`^The agent failed while answering: The deployment's Cube at ${cube.apiUrl.replace(/[.]/g, '\\.')} could not be reached`))]);
  expect(team.logged).toContainEqual(expect.objectContaining({ level: 50, msg: 'The agent failed while answering', err: expect.objectContaining({ type: 'CubeSourceError' }) }));
  const text = JSON.stringify(team.logged);
  for (const secret of Object.values(SECRETS)) expect(text).not.toContain(secret);
  expect(text).not.toMatch(/eyJ[\w-]+\.eyJ/);
});
