import { CHAT_SENTINELS } from '../../src/contract';

/**
 * The frames of the Agent chat API stream (chat.yaml): messages, deltas of them, and the sentinels. A thread's
 * messages are kept consolidated (full content, `isDelta: false`), as `__state__` carries them.
 */

export interface ChatToolCallFrame {
  name: string;
  /** JSON text, as chat.yaml's `toolCall.input` is. */
  input: string;
  /** JSON text once the tool finished: its answer, or `{error}`. */
  result?: string;
}

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  sort: number;
  isDelta: false;
  graphPath?: string[];
  isInProcess?: boolean;
  toolCall?: ChatToolCallFrame;
  /** On a user message: the client's `messageId` of the turn. */
  messageId?: string;
}

/** A frame about one message: the whole message, or (`isDelta`) content to append to it. */
export type MessageFrame = ChatMessage | (Omit<ChatMessage, 'isDelta'> & { isDelta: true });

export const GRAPH = { agent: ['cube_data_analyst_agent'], tools: ['cube_data_analyst_agent', 'tools'], final: ['final'] };

/** Applies a frame to a list of consolidated messages: a delta appends its content, a whole frame replaces. */
export function applyFrame(messages: ChatMessage[], frame: MessageFrame): void {
  const index = messages.findIndex((m) => m.id === frame.id);
  const known = index < 0 ? undefined : messages[index]!;
  const content = frame.isDelta && known ? known.content + frame.content : frame.content;
  const next: ChatMessage = { ...known, ...frame, content, isDelta: false };
  if (index < 0) messages.push(next);
  else messages[index] = next;
}

export function cutoffFrame(state: { chatId: string; isStreaming: boolean; suspended?: { messageId: string } }) {
  return { id: CHAT_SENTINELS.cutoff, role: 'assistant', sort: 0, state };
}

export function stateFrame(messages: ChatMessage[]) {
  const sort = messages.reduce((last, m) => Math.max(last, m.sort), 0) + 1;
  return { id: CHAT_SENTINELS.state, role: 'assistant', isDelta: false, sort, state: { messages } };
}

export function abortedFrame() {
  return { id: CHAT_SENTINELS.aborted, type: 'abort', code: 'chat_aborted', error: 'The answer was stopped by an abort request.' };
}

export function suspendedFrame(messageId: string) {
  return {
    id: CHAT_SENTINELS.suspended, type: 'suspend', code: 'chat_suspended', retryable: true, messageId,
    error: 'The agent stopped before it finished answering; send the same request again to resume.',
  };
}

/** Always the last frame. The local agent calls no model, so every count is zero. */
export function usageFrame() {
  return {
    id: CHAT_SENTINELS.usage, type: 'usage',
    usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, llmCalls: 0, models: [] },
  };
}

/** The text of a final answer in the pieces it is streamed in: each word with the space after it. */
export function wordsOfAnswer(text: string): string[] {
  return text.split(/(?<=\s)(?=\S)/);
}
