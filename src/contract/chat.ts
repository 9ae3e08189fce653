import { z } from 'zod';
import { nullish } from './common';

/**
 * The Agent chat API (chat.yaml, excerpt in `shared/spec/platform-openapi/chat.excerpt.yaml`): one agent's
 * conversations, streamed as newline-delimited JSON. Each line is one frame: a message (or a delta of one), a
 * sentinel (`__cutoff__`, `__state__`, `__aborted__`, `__suspended__`, `__usage__`), or a mid-stream `{error}`.
 * Frames are parsed leniently (every field optional, unknown fields ignored), as a client of a living API must;
 * requests are validated strictly by the local agent.
 */

/** chat.yaml `messageId`: a client-made id, a Unix-millisecond timestamp of 13 or more digits then `-message`. */
export const CHAT_MESSAGE_ID_PATTERN = /^\d{13,}-message$/;
export const ChatMessageId = z.string().regex(CHAT_MESSAGE_ID_PATTERN);

/** The sentinel frames' ids. */
export const CHAT_SENTINELS = {
  cutoff: '__cutoff__',
  state: '__state__',
  aborted: '__aborted__',
  suspended: '__suspended__',
  usage: '__usage__',
} as const;

/** chat.yaml `SessionSettingsDto`: who the conversation is for ("either `externalId` or `internalId` is required"). */
export const ChatSessionSettings = z.object({
  email: z.string().optional(),
  externalId: z.string().optional(),
  groups: z.array(z.string()).optional(),
  internalId: z.string().optional(),
  publicDashboardId: z.string().optional(),
  roles: z.array(z.string()).optional(),
  securityContext: z.record(z.string(), z.unknown()).optional(),
  userAttributes: z.array(z.unknown()).optional(),
});
export type ChatSessionSettings = z.infer<typeof ChatSessionSettings>;

export const ImageAttachment = z.object({ data: z.string(), mimeType: z.string(), name: z.string().optional() });

/** chat.yaml `ChatRequest`: `input` sends a message; a `chatId` without `input` reads the thread back. */
export const ChatRequest = z.object({
  activeBranchName: z.string().optional(),
  chatId: z.string().optional(),
  images: z.array(ImageAttachment).optional(),
  input: z.string().optional(),
  isDefaultBranch: z.boolean().optional(),
  messageId: ChatMessageId.optional(),
  sessionSettings: ChatSessionSettings.optional(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** chat.yaml `AbortChatRequest`. */
export const AbortChatRequest = z.object({ chatId: z.string().min(1), sessionSettings: ChatSessionSettings.optional() });
export type AbortChatRequest = z.infer<typeof AbortChatRequest>;

/** A tool the agent ran: its name, what it was given (for a query tool, the Cube query) and what it answered. */
export const ChatToolCall = z.looseObject({ name: nullish(z.string()), input: z.unknown().optional(), result: z.unknown().optional() });
export type ChatToolCall = z.infer<typeof ChatToolCall>;

export const ChatUsage = z.looseObject({
  cacheReadTokens: nullish(z.number()),
  cacheWriteTokens: nullish(z.number()),
  inputTokens: nullish(z.number()),
  llmCalls: nullish(z.number()),
  models: nullish(z.array(z.unknown())),
  outputTokens: nullish(z.number()),
  totalTokens: nullish(z.number()),
});
export type ChatUsage = z.infer<typeof ChatUsage>;

/** One line of the stream. A message's later frames carry its `id`; `isDelta` ones add to its content. */
export const ChatFrame = z.looseObject({
  id: nullish(z.string()),
  role: nullish(z.string()),
  content: nullish(z.string()),
  isDelta: nullish(z.boolean()),
  isInProcess: nullish(z.boolean()),
  thinking: nullish(z.string()),
  graphPath: nullish(z.array(z.string())),
  sort: nullish(z.number()),
  messageId: nullish(z.string()),
  toolCall: nullish(ChatToolCall),
  state: nullish(z.record(z.string(), z.unknown())),
  type: nullish(z.string()),
  code: nullish(z.string()),
  retryable: nullish(z.boolean()),
  error: nullish(z.string()),
  usage: nullish(ChatUsage),
});
export type ChatFrame = z.infer<typeof ChatFrame>;

/** `__cutoff__`'s state: the thread's id, whether an answer is streaming, and a suspended message to resume. */
export const ChatCutoffState = z.looseObject({
  chatId: z.string(),
  isStreaming: nullish(z.boolean()),
  suspended: nullish(z.looseObject({ messageId: nullish(z.string()) })),
});

/** `__state__`'s state: the whole thread, its messages in the frames' shape. */
export const ChatThreadState = z.looseObject({ messages: z.array(ChatFrame) });
export type ChatCutoffState = z.infer<typeof ChatCutoffState>;
export type ChatThreadState = z.infer<typeof ChatThreadState>;

/**
 * Longest message the add-in sends, in UTF-16 code units (what JavaScript's `length` and zod's `max` count),
 * so a message the client lets through is never one a server counting the same way refuses.
 */
export const MAX_CHAT_INPUT_CHARS = 4000;

/** Whether a message frame is the agent's final answer (chat.yaml): graph node `final`, at most one level below it. */
export function isFinalAnswerFrame(frame: Pick<ChatFrame, 'role' | 'graphPath'>): boolean {
  return frame.role === 'assistant' && frame.graphPath?.[0] === 'final' && frame.graphPath.length <= 2;
}
