import {
  CHAT_MESSAGE_ID_PATTERN, CHAT_SENTINELS, ChatCutoffState, ChatFrame, ChatThreadState, MAX_CHAT_INPUT_CHARS,
  type ChatSessionSettings, type ChatUsage,
} from '../contract';
import type { ChatAgent, ChatStreamEnd, ChatStreamEvent, ChatStreamRequest } from '../ports/chat-agent';
import { ChatInputTooLongError, ChatStreamCutError, ChatSuspendedError } from './chat-errors';
import { ApiError, NetworkError, RequestCancelledError, type RequestInfo } from './errors';
import { parseJson, readLines, StreamReadError } from './chat-stream-lines';
import type { FetchLike } from './fetch-like';
import { assertSecureBaseUrl } from './http';

export { MAX_CHAT_INPUT_CHARS };

export type ChatCredentials = { kind: 'api-key'; apiKey: string } | { kind: 'cube-token'; token: () => Promise<string> };

export interface ChatClientOptions {
  /** The Chat API URL from Cube's Admin → Agents (`…/agents/{id}/chat/stream-chat-state`) or the agent base `…/agents/{id}`. */
  chatApiUrl: string;
  credentials: ChatCredentials;
  /** Who the conversation is for; with an API key it must name the user (`externalId` or `internalId`). */
  sessionSettings?: ChatSessionSettings;
  fetch?: FetchLike;
  now?: () => number;
  /** How many times in a row a turn suspended by a server restart is resent before giving up. */
  maxResumes?: number;
}

const STREAM_PATH = '/chat/stream-chat-state';

/** The stream and abort URLs of a Chat API URL in either form (chat.yaml: abort replaces `/stream-chat-state` with `/abort`). */
export function chatApiUrls(chatApiUrl: string): { streamUrl: string; abortUrl: string } {
  const url = assertSecureBaseUrl(chatApiUrl.trim());
  const path = url.pathname.replace(/\/+$/, '');
  const base = `${url.origin}${path.endsWith(STREAM_PATH) ? path.slice(0, -STREAM_PATH.length) : path}`;
  return { streamUrl: `${base}${STREAM_PATH}${url.search}`, abortUrl: `${base}/chat/abort${url.search}` };
}

/** What one attempt of a stream ended with. */
type AttemptEnd =
  | { kind: 'done'; outcome: 'complete' | 'aborted'; usage: ChatUsage | null }
  | { kind: 'suspended'; messageId: string | null; message: string | null };

/**
 * The Agent chat API (chat.yaml): streams a turn's newline-delimited JSON frames as events, resumes a turn a
 * server restart suspended, and stops a run. It keeps no conversation: `src/core/chat-conversation` builds
 * that from the events. The key or token goes only in its header, never into an error or an event.
 */
export class ChatClient implements ChatAgent {
  readonly streamUrl: string;
  readonly abortUrl: string;
  private readonly fetchImpl: FetchLike;
  private readonly now: () => number;
  private readonly maxResumes: number;
  private lastMessageTime = 0;

  constructor(private readonly options: ChatClientOptions) {
    ({ streamUrl: this.streamUrl, abortUrl: this.abortUrl } = chatApiUrls(options.chatApiUrl));
    const identity = options.sessionSettings;
    if (options.credentials.kind === 'api-key' && !identity?.externalId && !identity?.internalId) {
      throw new TypeError('A Chat API key needs sessionSettings naming the user (externalId or internalId).');
    }
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.now = options.now ?? Date.now;
    this.maxResumes = options.maxResumes ?? 5;
  }

  /** A `messageId` (chat.yaml `^\d{13,}-message$`): the time in ms, one more than the last when that is not later. */
  newMessageId(): string {
    const time = Math.max(Math.floor(this.now()), this.lastMessageTime + 1);
    this.lastMessageTime = time;
    return `${String(time).padStart(13, '0')}-message`;
  }

  /**
   * Sends a message (or reads the thread back) and reports every line as an event. Resolves when the stream
   * ended with `__usage__` (always the last frame), or ended cleanly right after `__aborted__` or `__state__`
   * (nothing of the conversation is missing then, only the usage counts). Any other end — the body closing
   * early, a cut last line, a network failure mid-body — rejects with `ChatStreamCutError`. A suspended turn
   * is resent up to `maxResumes` times, then rejects with `ChatSuspendedError`. Aborting `signal` stops reading
   * (`RequestCancelledError`) but not the agent's run: `abort(chatId)` does that.
   */
  async stream(request: ChatStreamRequest, onEvent: (event: ChatStreamEvent) => void, signal?: AbortSignal): Promise<ChatStreamEnd> {
    if (request.input !== undefined && request.input.length > MAX_CHAT_INPUT_CHARS) {
      throw new ChatInputTooLongError(request.input.length, MAX_CHAT_INPUT_CHARS);
    }
    if (request.messageId !== undefined && !CHAT_MESSAGE_ID_PATTERN.test(request.messageId)) {
      throw new TypeError(`"${request.messageId}" is not a chat messageId (<13+ digit ms timestamp>-message).`);
    }
    const known = { chatId: request.chatId ?? null };
    let messageId = request.messageId ?? (request.input !== undefined ? this.newMessageId() : null);
    for (let resumes = 0; ; resumes += 1) {
      const body = { chatId: known.chatId ?? undefined, input: request.input, messageId: messageId ?? undefined, sessionSettings: this.options.sessionSettings };
      const end = await this.attempt(body, known, messageId, onEvent, signal);
      if (end.kind === 'done') return { chatId: known.chatId, messageId, outcome: end.outcome, usage: end.usage };
      messageId = messageId ?? end.messageId;
      // Without the thread's id a resend would start a new thread instead of resuming this one.
      if (resumes >= this.maxResumes || known.chatId === null) {
        throw new ChatSuspendedError(known.chatId, messageId, resumes, end.message);
      }
      onEvent({ type: 'resumed', attempt: resumes + 1 });
    }
  }

  /** Stops the thread's running answer (`POST …/chat/abort`); a thread with nothing to stop (404) counts as stopped. */
  async abort(chatId: string, signal?: AbortSignal): Promise<void> {
    const { response, secret } = await this.post(this.abortUrl, { chatId, sessionSettings: this.options.sessionSettings }, signal);
    if (response.ok || response.status === 404) return;
    throw await this.apiError(response, secret, this.abortUrl, 'You can only stop your own conversations with this agent.');
  }

  private async attempt(
    body: object,
    known: { chatId: string | null },
    messageId: string | null,
    onEvent: (event: ChatStreamEvent) => void,
    signal: AbortSignal | undefined,
  ): Promise<AttemptEnd> {
    const { response, secret } = await this.post(this.streamUrl, body, signal);
    if (!response.ok) throw await this.apiError(response, secret, this.streamUrl, 'You are not allowed to use this agent or this conversation.');
    const redact = redactor(secret);
    const seen = {
      usage: null as ChatUsage | null,
      aborted: false,
      suspended: null as { messageId: string | null; message: string | null } | null,
      lastId: null as string | null,
    };

    const handleLine = (line: string) => {
      const frame = parseFrame(line);
      if (!frame) return onEvent({ type: 'malformed', line: redact(line) });
      seen.lastId = frame.id ?? null;
      switch (frame.id) {
        case undefined:
        case null:
          if (typeof frame.error === 'string') return onEvent({ type: 'error', message: redact(frame.error) });
          return onEvent({ type: 'malformed', line: redact(line) });
        case CHAT_SENTINELS.cutoff: {
          const state = ChatCutoffState.safeParse(frame.state);
          if (!state.success) return onEvent({ type: 'malformed', line: redact(line) });
          known.chatId = state.data.chatId;
          return onEvent({ type: 'cutoff', chatId: state.data.chatId, isStreaming: state.data.isStreaming ?? false, suspendedMessageId: state.data.suspended?.messageId ?? null });
        }
        case CHAT_SENTINELS.state: {
          const state = ChatThreadState.safeParse(frame.state);
          if (!state.success) return onEvent({ type: 'malformed', line: redact(line) });
          return onEvent({ type: 'state', messages: state.data.messages });
        }
        case CHAT_SENTINELS.aborted:
          seen.aborted = true;
          return onEvent({ type: 'aborted' });
        case CHAT_SENTINELS.suspended:
          seen.suspended = { messageId: frame.messageId ?? null, message: frame.error ? redact(frame.error) : null };
          return;
        case CHAT_SENTINELS.usage:
          seen.usage = frame.usage ?? {};
          return onEvent({ type: 'usage', usage: seen.usage });
        default:
          return onEvent({ type: 'frame', frame });
      }
    };

    try {
      await readLines(response, handleLine, signal);
    } catch (error) {
      if (error instanceof RequestCancelledError || signal?.aborted) throw new RequestCancelledError();
      if (!(error instanceof StreamReadError)) throw error;
      // After `__usage__` (the last frame) or `__suspended__` nothing of the turn is lost by a broken tail.
      if (!seen.usage && !seen.suspended) throw new ChatStreamCutError(known.chatId, messageId, error.line === null ? { cause: error.cause } : undefined);
      if (error.line !== null) onEvent({ type: 'malformed', line: redact(error.line) });
    }
    if (seen.suspended) return { kind: 'suspended', ...seen.suspended };
    if (seen.usage || seen.lastId === CHAT_SENTINELS.aborted || seen.lastId === CHAT_SENTINELS.state) {
      return { kind: 'done', outcome: seen.aborted ? 'aborted' : 'complete', usage: seen.usage };
    }
    throw new ChatStreamCutError(known.chatId, messageId);
  }

  /** Sends a JSON POST with the credentials; failures before an answer become `NetworkError` or `RequestCancelledError`. */
  private async post(url: string, body: object, signal: AbortSignal | undefined): Promise<{ response: Response; secret: string }> {
    if (signal?.aborted) throw new RequestCancelledError();
    const credentials = this.options.credentials;
    const secret = credentials.kind === 'api-key' ? credentials.apiKey : await credentials.token();
    const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
    if (credentials.kind === 'api-key') headers.Authorization = `Api-Key ${secret}`;
    else headers['X-Cube-Auth-Token'] = secret;
    try {
      const response = await this.fetchImpl(url, { method: 'POST', headers, body: JSON.stringify(body), signal, credentials: 'omit' });
      return { response, secret };
    } catch (error) {
      if (signal?.aborted) throw new RequestCancelledError();
      const reason = redactor(secret)((error as Error).message ?? String(error));
      throw new NetworkError(`Could not reach the agent at ${new URL(url).host}: ${reason}`, requestInfo(url), { cause: error });
    }
  }

  /** An error status in words a person can act on: 401 and 403 say what to check, others carry the server's words. */
  private async apiError(response: Response, secret: string, url: string, forbidden: string): Promise<ApiError> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new NetworkError(`The agent answered ${response.status} but the connection broke before its explanation arrived.`, requestInfo(url), { cause: error });
    }
    const redact = redactor(secret);
    const json = parseJson(text);
    const serverWords = typeof (json as { error?: unknown })?.error === 'string' ? redact((json as { error: string }).error) : null;
    const refused = this.options.credentials.kind === 'api-key'
      ? 'The agent refused the key: check the Chat API key in Settings.'
      : 'The agent refused your Cube sign-in token: sign in again, or ask an admin to allow Cube tokens for chat.';
    const message = response.status === 401 ? refused
      : response.status === 403 ? forbidden
        : serverWords ?? `The agent answered ${response.status} ${response.statusText}`.trim();
    const detail = (response.status === 401 || response.status === 403) && serverWords ? ` (${serverWords})` : '';
    const redactedText = redact(text);
    return new ApiError(response.status, `${message}${detail}`, requestInfo(url), redactedText !== text || json === undefined ? redactedText : json);
  }
}

function parseFrame(line: string): ChatFrame | null {
  const json = parseJson(line);
  if (json === undefined || json === null || typeof json !== 'object' || Array.isArray(json)) return null;
  const frame = ChatFrame.safeParse(json);
  return frame.success ? frame.data : null;
}

const requestInfo = (url: string): RequestInfo => ({ method: 'POST', url: url.split('?')[0]! });

/** Replaces the key or token wherever a server or a fetch implementation repeated it (a too-short one would match ordinary text). */
function redactor(secret: string): (text: string) => string {
  return (text) => (secret.length >= 4 ? text.split(secret).join('[redacted]') : text);
}
