import { loadChatSettings } from '../../src/storage/chat-storage';
import { cubeConnectionStorage } from '../../src/storage/cube-connection-storage';
import { forgetSavedConnections, rememberConnectionFromFragment } from '../../src/taskpane/mount-storage';
import { loadSettings } from '../../src/storage/settings-storage';

/** What a page that mounts the pane does with its saved connections (the workbench: `#token=` in its address, reset). */
describe("the pane's saved connections, as a page mounting it handles them", () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => {
        items.set(key, value);
      },
      removeItem: (key: string) => {
        items.delete(key);
      },
    };
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps an API key and the agent given in the fragment, and says the fragment should be cleared', () => {
    expect(rememberConnectionFromFragment('#token=key-1&chatUrl=http%3A%2F%2Flocalhost%3A8000&chatKey=agent-key', 'https://localhost:3000')).toBe(true);
    expect(loadSettings()).toEqual({ kind: 'api-key', baseUrl: 'https://localhost:3000', accessToken: 'key-1' });
    expect(loadChatSettings()).toEqual({ chatApiUrl: 'http://localhost:8000', apiKey: 'agent-key' });
  });

  it('keeps nothing, and leaves the address alone, when the fragment gives no connection', () => {
    expect(rememberConnectionFromFragment('', 'https://localhost:3000')).toBe(false);
    expect(rememberConnectionFromFragment('#other=1', 'https://localhost:3000')).toBe(false);
    expect(loadSettings()).toBeNull();
    expect(loadChatSettings()).toBeNull();
  });

  it('forgets the platform, the agent and the Cube API connections', () => {
    rememberConnectionFromFragment('#token=key-1&chatUrl=http%3A%2F%2Flocalhost%3A8000&chatKey=agent-key', 'https://localhost:3000');
    cubeConnectionStorage.save({ active: 'https://cube.example', connections: [{ apiUrl: 'https://cube.example', token: 't' } as never] });
    cubeConnectionStorage.saveUserSettings('https://cube.example', {} as never);
    forgetSavedConnections();
    expect(loadSettings()).toBeNull();
    expect(loadChatSettings()).toBeNull();
    expect(localStorage.getItem('report-sync.cube-connections')).toBeNull();
    expect(cubeConnectionStorage.loadUserSettings('https://cube.example')).toBeNull();
  });
});
