import { chatUrlDeployment } from '../../src/chat/chat-settings';
import { ChatSignInRequiredError, createChatClient } from '../../src/pane/chat-pane';
import { loadChatSettings, saveChatSettings } from '../../src/storage/chat-storage';

/**
 * A deployment's agent (chat.yaml's second server, `…/public/{account}/deployments/{id}`, which "accepts only Cube
 * token authentication"): the pane keeps its URL without a key, and its chat sends the signed-in user's own Cube token
 * of that deployment as `X-Cube-Auth-Token`. An agent's URL (`…/agents/{id}`) still needs its API key.
 */

const DEPLOYMENT_AGENT = 'https://reports.example.com/api/v1/public/team/deployments/3/chat/stream-chat-state';
const AGENT = 'https://reports.example.com/api/v1/public/team/agents/1/chat/stream-chat-state';
const EMMA = { email: 'emma@corp.example' };

it('reads the deployment from a deployment agent\'s URL only', () => {
  expect(chatUrlDeployment(DEPLOYMENT_AGENT)).toBe(3);
  expect(chatUrlDeployment('https://ai.us.cubecloud.dev/api/v1/public/acme/deployments/12')).toBe(12);
  expect(chatUrlDeployment(AGENT)).toBeNull();
  expect(chatUrlDeployment('https://reports.example.com/api/v1/public/team/deployments/x3/chat')).toBeNull();
  expect(chatUrlDeployment('not a url')).toBeNull();
});

describe('kept settings', () => {
  beforeEach(() => {
    const items = new Map<string, string>();
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keep a deployment agent without a key, and refuse an agent\'s URL without one', () => {
    saveChatSettings({ chatApiUrl: DEPLOYMENT_AGENT, apiKey: null });
    expect(loadChatSettings()).toEqual({ chatApiUrl: DEPLOYMENT_AGENT, apiKey: null });
    saveChatSettings({ chatApiUrl: AGENT, apiKey: null });
    expect(loadChatSettings()).toBeNull();
  });
});

describe('the chat client of a deployment agent', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('sends the user\'s Cube token of the URL\'s deployment as X-Cube-Auth-Token, and no session settings', async () => {
    const asked: number[] = [];
    const sent: { url: string; headers: Headers; body: unknown }[] = [];
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      sent.push({ url: String(input), headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
      const frames = [{ role: 'assistant', id: '__usage__', usage: {} }];
      return new Response(frames.map((frame) => `${JSON.stringify(frame)}\n`).join(''), { status: 200 });
    }) as typeof fetch;
    // A key kept from an agent's URL before goes unused: a deployment's agent takes only the user's token.
    const client = await createChatClient({ chatApiUrl: DEPLOYMENT_AGENT, apiKey: 'an-old-agent-key' }, EMMA, (deploymentId) => {
      asked.push(deploymentId);
      return async () => 'cube-token-of-emma';
    });
    await client.stream({ input: 'Revenue by region' }, () => {});
    expect(asked).toEqual([3]);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe(DEPLOYMENT_AGENT);
    expect(sent[0]!.headers.get('x-cube-auth-token')).toBe('cube-token-of-emma');
    expect(sent[0]!.headers.get('authorization')).toBeNull();
    expect(sent[0]!.body).not.toHaveProperty('sessionSettings');
  });

  it('is refused in words without a platform to ask for the token', async () => {
    await expect(createChatClient({ chatApiUrl: DEPLOYMENT_AGENT, apiKey: null }, EMMA, () => null)).rejects.toBeInstanceOf(ChatSignInRequiredError);
    await expect(createChatClient({ chatApiUrl: DEPLOYMENT_AGENT, apiKey: null }, EMMA)).rejects.toBeInstanceOf(ChatSignInRequiredError);
  });
});
