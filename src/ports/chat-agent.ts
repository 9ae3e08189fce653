import type { ChatFrame, ChatUsage } from '../contract';

/**
 * The agent chat port: a turn streamed as events, a run stopped, a turn's idempotency key. `src/client/chat-client.ts`
 * is its adapter over the Agent chat API (chat.yaml); the chat use case (`src/chat`) reaches the agent only through it.
 */

export interface ChatStreamRequest {
  chatId?: string;
  /** The message to send; omitted (with a `chatId`) to read the thread back. */
  input?: string;
  /** The turn's idempotency key; made with `newMessageId()` when there is an input and none is given. */
  messageId?: string;
}

export type ChatStreamEvent =
  /** The thread's id (new threads learn it here), whether an answer is streaming, a suspended turn to resume. */
  | { type: 'cutoff'; chatId: string; isStreaming: boolean; suspendedMessageId: string | null }
  /** A message or a delta of one: apply with `applyFrame`. */
  | { type: 'frame'; frame: ChatFrame }
  /** The whole thread, consolidated: replaces what the frames built (`fromThreadState`). */
  | { type: 'state'; messages: ChatFrame[] }
  /** The server's words on an `{error}` line; the stream goes on. */
  | { type: 'error'; message: string }
  /** A line that is not JSON or not a frame; skipped, the stream goes on. */
  | { type: 'malformed'; line: string }
  /** The run was stopped with `abort(chatId)`. */
  | { type: 'aborted' }
  /** A server restart suspended the run; the same request was sent again (`attempt` counts from 1). */
  | { type: 'resumed'; attempt: number }
  | { type: 'usage'; usage: ChatUsage };

export interface ChatStreamEnd {
  chatId: string | null;
  messageId: string | null;
  outcome: 'complete' | 'aborted';
  /** The last attempt's `__usage__`; null when the stream ended without one (see `ChatClient.stream`). */
  usage: ChatUsage | null;
}

export interface ChatAgent {
  /** The address the agent's threads are kept under (the pane keeps them per address and user). */
  readonly streamUrl: string;
  /** A new idempotency key for a turn. */
  newMessageId(): string;
  stream(request: ChatStreamRequest, onEvent: (event: ChatStreamEvent) => void, signal?: AbortSignal): Promise<ChatStreamEnd>;
  abort(chatId: string, signal?: AbortSignal): Promise<void>;
}
