import { AbortChatRequest, ChatRequest, MAX_CHAT_INPUT_CHARS } from '../../src/contract';
import type { ChatAgent } from '../agent/agent';
import { chatCredentials, chatOwner } from '../agent/identity';
import { ResponseSubscriber } from '../agent/subscriber';
import type { PlatformContext } from '../context';
import { badRequest, notFound, type ApiRequest, type ApiResponse, type Router } from '../http';
import { parseBody } from './validation';

/**
 * The Agent chat API (chat.yaml) of the server's agent, at its agent-scoped base URL
 * (`/api/v1/public/local/agents/1` for the local platform's): `POST /chat/stream-chat-state` answers newline-delimited JSON frames,
 * `POST /chat/abort` stops an answer. See docs/api-contract.md, "The local agent's address".
 */

const BASE = '/api/v1/public/:accountName/agents/:agentId/chat';

function requireAgent(agent: ChatAgent, request: ApiRequest): void {
  const { accountName, agentId } = request.params;
  const { account, id } = agent.host;
  if (accountName !== account || agentId !== String(id)) {
    throw notFound(`No agent ${agentId} in account ${accountName}: this server hosts agent ${id} of account "${account}"`);
  }
}

async function streamChatState(ctx: PlatformContext, agent: ChatAgent, request: ApiRequest): Promise<ApiResponse> {
  requireAgent(agent, request);
  const credentials = chatCredentials(request);
  const body = parseBody(ChatRequest, request.body);
  if (body.input !== undefined && !body.input.trim()) throw badRequest('input must not be empty');
  if (body.input !== undefined && body.input.length > MAX_CHAT_INPUT_CHARS) {
    throw badRequest(`input must be at most ${MAX_CHAT_INPUT_CHARS.toLocaleString('en-US')} characters (it has ${body.input.length.toLocaleString('en-US')})`);
  }
  if (body.images?.length) throw badRequest('The local agent does not read images: send the question as text');
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

async function abortChat(ctx: PlatformContext, agent: ChatAgent, request: ApiRequest): Promise<ApiResponse> {
  requireAgent(agent, request);
  const credentials = chatCredentials(request);
  const body = parseBody(AbortChatRequest, request.body);
  const deployment = await agent.host.deployment();
  const owner = await chatOwner(ctx.db, credentials, deployment.secret, body.sessionSettings, ctx.now());
  await agent.abort(owner, body.chatId);
  return { status: 204 };
}

export function chatRoutes(router: Router, ctx: PlatformContext, agent: ChatAgent): void {
  router
    .add('POST', `${BASE}/stream-chat-state`, (r) => streamChatState(ctx, agent, r))
    .add('POST', `${BASE}/abort`, (r) => abortChat(ctx, agent, r));
}
