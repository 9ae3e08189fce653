import type { AppConfigResponse, Deployment, User } from '../../src/contract';
import { SessionStore, type SessionStoreDeps } from '../../src/pane/session-store';
import { Connection, initialDeployment, type ConnectionSettings, type Credentials } from '../../src/session/connection';
import { loadChatSettings, saveChatSettings } from '../../src/storage/chat-storage';
import { loadSettings, saveSettings } from '../../src/storage/settings-storage';

/**
 * The chat's address and key are kept like the other credentials, in the add-in's own storage (per user and
 * origin, never the workbook), and survive signing out and in again: the user never copies them from the
 * terminal twice. The platform's tokens, by contrast, go at sign-out. Storage is the pane's real code over an
 * in-memory `localStorage`; the platform and token session are stand-ins.
 */

const users: Record<string, User> = {
  'analyst-key': { id: 7, email: 'analyst@example.com' } as User,
  'admin-key': { id: 1, email: 'admin@example.com' } as User,
};
const deployments = [{ id: 3, name: 'Sales' }] as Deployment[];
const chat = { chatApiUrl: 'http://127.0.0.1:4000/api/v1/public/local/agents/1/chat/stream-chat-state', apiKey: 'chat_secret' };

class FakeTokenSession implements Credentials {
  constructor(public settings: ConnectionSettings, private readonly options: { save(settings: ConnectionSettings | null): void }) {}
  accessToken = async () => this.settings.accessToken;
  renew = async () => true;
  replace(settings: ConnectionSettings) {
    this.settings = settings;
  }
  signOut = async () => this.options.save(null);
}

/** The pane's deps with its real storage functions, as `App.tsx` wires them. */
function paneDeps(): SessionStoreDeps {
  return {
    loadConnection: async () => ({
      connect: async (credentials: Credentials) => new Connection({
        credentials, platform: {} as never, user: users[credentials.settings.accessToken]!, deployments, appConfig: {} as AppConfigResponse,
      }),
      tokenUser: async (settings: ConnectionSettings) => users[settings.accessToken]!,
      initialDeployment,
    }),
    loadTokens: async () => ({ TokenSession: FakeTokenSession as never, signInWithDialog: async () => { throw new Error('no dialog here'); } }),
    openDialog: async () => ({ kind: 'closed' }),
    addinBase: () => 'https://addin.example/',
    saveSettings,
    loadSettings,
    chat: { load: loadChatSettings, save: saveChatSettings },
  };
}

/** A `localStorage` for Node: the pane's storage is the browser's, per user and origin. */
class MemoryStorage {
  private readonly items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, String(value));
  removeItem = (key: string) => void this.items.delete(key);
  keys = () => [...this.items.keys()];
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  Object.defineProperty(globalThis, 'localStorage', { value: storage, configurable: true, writable: true });
});

describe("the chat's address and key across sign-out and sign-in", () => {
  it('survive signing out, while the platform token goes; signing in again finds them', async () => {
    const store = new SessionStore(paneDeps());
    await store.signIn('https://platform.example', 'analyst-key');
    store.setChatSettings(chat);
    expect(loadSettings()).toMatchObject({ accessToken: 'analyst-key' });

    await store.signOut();
    expect(store.getState()).toMatchObject({ connection: null, chatSettings: chat });
    expect(loadSettings()).toBeNull();
    expect(loadChatSettings()).toEqual(chat);

    await store.signIn('https://platform.example', 'analyst-key');
    expect(store.getState().connection?.user.email).toBe('analyst@example.com');
    expect(store.getState().chatSettings).toEqual(chat);
  });

  it('are there for a pane opened after signing out (a reload, a new session)', async () => {
    const first = new SessionStore(paneDeps());
    await first.signIn('https://platform.example', 'analyst-key');
    first.setChatSettings(chat);
    await first.signOut();

    const reopened = new SessionStore(paneDeps());
    expect(reopened.getState().chatSettings).toEqual(chat);
    await reopened.signIn('https://platform.example', 'admin-key');
    expect(reopened.getState().chatSettings).toEqual(chat);
  });

  it('go only when the user forgets them in Settings → Agent chat', async () => {
    const store = new SessionStore(paneDeps());
    await store.signIn('https://platform.example', 'analyst-key');
    store.setChatSettings(chat);
    store.setChatSettings(null);
    expect(store.getState().chatSettings).toBeNull();
    expect(loadChatSettings()).toBeNull();
    await store.signOut();
    expect(new SessionStore(paneDeps()).getState().chatSettings).toBeNull();
  });

  it('are kept in the add-in storage only, under their own key, apart from the connection', () => {
    saveChatSettings(chat);
    expect(storage.keys()).toEqual(['report-sync.chat']);
    expect(JSON.parse(storage.getItem('report-sync.chat')!)).toEqual(chat);
    // Anything unreadable is the same as nothing saved: the user enters the address again.
    storage.setItem('report-sync.chat', '{"chatApiUrl": "x"');
    expect(loadChatSettings()).toBeNull();
    storage.setItem('report-sync.chat', JSON.stringify({ chatApiUrl: chat.chatApiUrl, apiKey: '' }));
    expect(loadChatSettings()).toBeNull();
  });
});
