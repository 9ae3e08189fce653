/**
 * Where the pane reaches the agent and with what. Set in the pane's settings by the user (or given to them by
 * an admin), and kept like the platform token: in the add-in's own storage, never in the workbook, never logged.
 */
export interface ChatSettings {
  /** The agent's Chat API URL as Cube's Admin → Agents shows it (`…/agents/{id}/chat/stream-chat-state`), or its base. */
  chatApiUrl: string;
  /**
   * Sent as `Authorization: Api-Key <key>`. Null for a deployment's agent (`…/deployments/{id}/chat/…`), which takes no
   * key: the chat sends the signed-in user's own Cube token of that deployment (chat.yaml's `X-Cube-Auth-Token`).
   */
  apiKey: string | null;
}

/**
 * The deployment a Chat API URL is the agent of (chat.yaml's second server, `…/public/{account}/deployments/{id}`),
 * or null for an agent's URL (`…/agents/{id}`), which takes an API key.
 */
export function chatUrlDeployment(chatApiUrl: string): number | null {
  let path: string;
  try {
    path = new URL(chatApiUrl.trim()).pathname;
  } catch {
    return null;
  }
  const id = /\/public\/[^/]+\/deployments\/(\d+)(?:\/|$)/.exec(path)?.[1];
  return id === undefined ? null : Number(id);
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
