import { AbortChatRequest, ChatRequest, MAX_CHAT_INPUT_CHARS } from '../../src/contract';
import type { ChatAgent } from '../agent/agent';
import { chatCredentials, chatOwner, type ChatCredentials } from '../agent/identity';
import { ResponseSubscriber } from '../agent/subscriber';
import type { PlatformContext } from '../context';
import { badRequest, HttpError, notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import { parseBody } from './validation';

/**
 * The Agent chat API (chat.yaml) of the server's agent, at its agent-scoped base URL
 * (`/api/v1/public/local/agents/1` for the local platform's): `POST /chat/stream-chat-state` answers newline-delimited JSON frames,
 * `POST /chat/abort` stops an answer. See docs/api-contract.md, "The local agent's address".
 */

const AGENT_BASE = '/api/v1/public/:accountName/agents/:agentId/chat';
/** chat.yaml's second server: a deployment's agent, which "accepts only Cube token authentication". */
const DEPLOYMENT_BASE = '/api/v1/public/:accountName/deployments/:deploymentId/chat';

/** Which of the two addresses a request came to. */
type Address = 'agent' | 'deployment';

/** The request's credentials, once its address is this server's agent's; a 404 or 401 in words otherwise. */
async function admit(agent: ChatAgent, address: Address, request: ApiRequest): Promise<ChatCredentials> {
  const { accountName, agentId, deploymentId } = request.params;
  const { account, id } = agent.host;
  if (address === 'agent') {
    if (accountName !== account || agentId !== String(id)) {
      throw notFound(`No agent ${agentId} in account ${accountName}: this server hosts agent ${id} of account "${account}"`);
    }
    return chatCredentials(request);
  }
  const deployment = await agent.host.deployment();
  if (accountName !== account || deploymentId !== String(deployment.id)) {
    throw notFound(`No agent for deployment ${deploymentId} in account ${accountName}: this server's agent answers for deployment ${deployment.id} of account "${account}"`);
  }
  const credentials = chatCredentials(request);
  if (credentials.kind !== 'cube-token') throw new HttpError(401, 'A deployment\'s agent takes only an X-Cube-Auth-Token (a Cube token of the deployment with the "chat" scope), not an API key');
  return credentials;
}

async function streamChatState(ctx: PlatformContext, agent: ChatAgent, address: Address, request: ApiRequest): Promise<ApiResponse> {
  const credentials = await admit(agent, address, request);
  const body = parseBody(ChatRequest, request.body);
  if (body.input !== undefined && !body.input.trim()) throw badRequest('input must not be empty');
  if (body.input !== undefined && body.input.length > MAX_CHAT_INPUT_CHARS) {
    throw badRequest(`input must be at most ${MAX_CHAT_INPUT_CHARS.toLocaleString('en-US')} characters (it has ${body.input.length.toLocaleString('en-US')})`);
  }
  if (body.images?.length) throw badRequest('This agent does not read images: send the question as text');
  const deployment = await agent.host.deployment();
  const owner = await chatOwner(ctx.db, credentials, deployment.secret, body.sessionSettings, ctx.now());
  const opened = await agent.open({ owner, credentials, session: body.sessionSettings }, body);
  const fault = ctx.faults.take(request.method, request.path, 'chat')?.chat;
  return {
    status: 200,
    contentType: 'application/json',
    stream: (out) => new Promise<void>((resolve) => opened(new ResponseSubscriber(out, fault, resolve))),
  };
}

async function abortChat(ctx: PlatformContext, agent: ChatAgent, address: Address, request: ApiRequest): Promise<ApiResponse> {
  const credentials = await admit(agent, address, request);
  const body = parseBody(AbortChatRequest, request.body);
  const deployment = await agent.host.deployment();
  const owner = await chatOwner(ctx.db, credentials, deployment.secret, body.sessionSettings, ctx.now());
  await agent.abort(owner, body.chatId);
  return { status: 204 };
}

/** The agent's address; with `deploymentAgent`, also its deployment's (a team server's, where each user has a Cube token of it). */
export function chatRoutes(router: Router, ctx: PlatformContext, agent: ChatAgent, options: { deploymentAgent?: boolean } = {}): void {
  router
    .add('POST', `${AGENT_BASE}/stream-chat-state`, (r) => streamChatState(ctx, agent, 'agent', r))
    .add('POST', `${AGENT_BASE}/abort`, (r) => abortChat(ctx, agent, 'agent', r));
  if (!options.deploymentAgent) return;
  router
    .add('POST', `${DEPLOYMENT_BASE}/stream-chat-state`, (r) => streamChatState(ctx, agent, 'deployment', r))
    .add('POST', `${DEPLOYMENT_BASE}/abort`, (r) => abortChat(ctx, agent, 'deployment', r));
}
