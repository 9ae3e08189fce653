/**
 * Where the pane reaches the agent and with what. Set in the pane's settings by the user (or given to them by
 * an admin), and kept like the platform token: in the add-in's own storage, never in the workbook, never logged.
 */
export interface ChatSettings {
  /** The agent's Chat API URL as Cube's Admin → Agents shows it (`…/agents/{id}/chat/stream-chat-state`), or its base. */
  chatApiUrl: string;
  /** Sent as `Authorization: Api-Key <key>`. */
  apiKey: string;
}

/** A thread the user had with the agent: the Chat API lists none, so the pane keeps its own list per user. */
export interface ChatThreadEntry {
  chatId: string;
  /** The first question asked in it. */
  title: string;
  /** Last used, in ms since the epoch (the list is newest first). */
  updatedAt: number;
}

/** The user's threads with one agent, and the one open last (reopened with the pane). */
export interface ChatThreadStore {
  load(): { threads: ChatThreadEntry[]; activeChatId: string | null };
  save(value: { threads: ChatThreadEntry[]; activeChatId: string | null }): void;
}

/** How many threads the list keeps; older ones drop off (they stay on the agent's side). */
export const MAX_LISTED_THREADS = 50;
