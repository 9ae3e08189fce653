import { chatUrlDeployment, type ChatSettings, type ChatThreadEntry, type ChatThreadStore } from '../chat/chat-settings';
import { readStoredRecords } from './stored-records';

const SETTINGS_KEY = 'report-sync.chat';
const THREADS_KEY = 'report-sync.chat-threads';

/** The agent's address and key, from the add-in's own storage (per user and origin, never the workbook). */
export function loadChatSettings(): ChatSettings | null {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Partial<ChatSettings> | null;
    if (saved && typeof saved.chatApiUrl === 'string' && saved.chatApiUrl) {
      if (typeof saved.apiKey === 'string' && saved.apiKey) return { chatApiUrl: saved.chatApiUrl, apiKey: saved.apiKey };
      // Without a key, only a deployment's agent: it takes the user's own token.
      if (saved.apiKey === null && chatUrlDeployment(saved.chatApiUrl) !== null) return { chatApiUrl: saved.chatApiUrl, apiKey: null };
    }
  } catch {
    // Unreadable storage is the same as none: the user enters the agent's address again.
  }
  return null;
}

export function saveChatSettings(settings: ChatSettings | null): void {
  if (settings) localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));
  else localStorage.removeItem(SETTINGS_KEY);
}

const readAll = () => readStoredRecords<{ threads: ChatThreadEntry[]; activeChatId: string | null }>(THREADS_KEY);

const isEntry = (value: unknown): value is ChatThreadEntry => {
  const entry = value as Partial<ChatThreadEntry> | null;
  return !!entry && typeof entry.chatId === 'string' && typeof entry.title === 'string' && typeof entry.updatedAt === 'number';
};

/** One user's threads with one agent (a shared computer keeps each user's list apart). */
export function chatThreadStore(chatApiUrl: string, userName: string): ChatThreadStore {
  const key = `${chatApiUrl}\n${userName}`;
  return {
    load() {
      const saved = readAll()[key];
      const threads = Array.isArray(saved?.threads) ? saved.threads.filter(isEntry) : [];
      const activeChatId = typeof saved?.activeChatId === 'string' ? saved.activeChatId : null;
      return { threads, activeChatId };
    },
    save(value) {
      localStorage.setItem(THREADS_KEY, JSON.stringify({ ...readAll(), [key]: value }));
    },
  };
}

/** Forgets every saved thread list (the workbench's reset). */
export function forgetChatThreads(): void {
  localStorage.removeItem(THREADS_KEY);
}
