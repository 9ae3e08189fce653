import type { ChatSettings, ChatThreadStore } from '../../src/chat/chat-settings';
import { AnswerPlacing } from '../../src/pane/answer-placing';
import { ChatPane, type AgentClient } from '../../src/pane/chat-pane';
import type { CubeMeta, CubeQuery } from '../../src/contract';
import type { DataSource } from '../../src/ports/data-source';

/** The chat's creation as a store, in Node: made once shown and set up, made again on new settings, disposed, failures told. */

const settings: ChatSettings = { chatApiUrl: 'https://agent.example/chat', apiKey: 'k1' };
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(createClient?: (settings: ChatSettings) => Promise<AgentClient>) {
  const made: ChatSettings[] = [];
  const threads: string[] = [];
  const pane = new ChatPane({
    createClient: createClient ?? (async (s) => {
      made.push(s);
      return { streamUrl: `${s.chatApiUrl}/stream`, stream: async () => undefined, abort: async () => undefined, newMessageId: () => 'm1' } as unknown as AgentClient;
    }),
    threads: (streamUrl, email): ChatThreadStore => {
      threads.push(`${email} @ ${streamUrl}`);
      return { load: () => ({ threads: [], activeChatId: null }), save: () => undefined };
    },
    user: { email: 'ada@example.com' },
    settings: null,
    describe: (error) => `said: ${(error as Error).message}`,
  });
  return { pane, made, threads };
}

describe('ChatPane', () => {
  it('makes the chat only once shown and set up, with the user\'s threads for that agent', async () => {
    const { pane, made, threads } = setup();
    pane.show();
    await settle();
    expect(pane.getState()).toEqual({ controller: null, error: null, loading: false });
    pane.setSettings(settings);
    expect(pane.getState().loading).toBe(true);
    await settle();
    expect(made).toEqual([settings]);
    expect(threads).toEqual(['ada@example.com @ https://agent.example/chat/stream']);
    expect(pane.getState()).toMatchObject({ error: null, loading: false });
    expect(pane.getState().controller).not.toBeNull();
    // Shown again: the same chat.
    pane.show();
    await settle();
    expect(made).toHaveLength(1);
  });

  it('waits for the tab to be shown, makes the chat again on new settings and disposes the old one', async () => {
    const { pane, made } = setup();
    pane.setSettings(settings);
    await settle();
    expect(made).toEqual([]);
    expect(pane.getState().loading).toBe(true);
    pane.show();
    await settle();
    const first = pane.getState().controller!;
    const disposed = jest.spyOn(first, 'dispose');
    const next = { ...settings, apiKey: 'k2' };
    pane.setSettings(next);
    expect(disposed).toHaveBeenCalled();
    await settle();
    expect(made).toEqual([settings, next]);
    expect(pane.getState().controller).not.toBe(first);
    pane.dispose();
    expect(pane.getState()).toEqual({ controller: null, error: null, loading: false });
  });

  it('describes why the chat could not be made', async () => {
    const { pane } = setup(async () => { throw new TypeError('not a secure address'); });
    pane.setSettings(settings);
    pane.show();
    await settle();
    expect(pane.getState()).toEqual({ controller: null, error: 'said: not a secure address', loading: false });
  });
});

describe('AnswerPlacing', () => {
  const query: CubeQuery = { measures: ['orders.count'] };
  const meta = { cubes: [{ name: 'orders', measures: [{ name: 'orders.count' }], dimensions: [], segments: [] }] } as unknown as CubeMeta;
  const data = (metas: Record<number, CubeMeta | null>): Pick<DataSource, 'forDeployment'> => ({
    forDeployment: async (id: number) => ({ meta: async () => metas[id] ?? { cubes: [] } }) as unknown as Awaited<ReturnType<DataSource['forDeployment']>>,
  });

  it("places an answer in the deployment whose model has its members, or says none has", async () => {
    const placed: unknown[] = [];
    const answers = new AnswerPlacing({ data: data({ 2: meta }), deploymentIds: [1, 2], onPlace: (target) => placed.push(target.deploymentId) });
    await answers.place(query, 1);
    expect(placed).toEqual([2]);
    expect(answers.getState()).toEqual({ finding: false, problem: null });
    const none = new AnswerPlacing({ data: data({}), deploymentIds: [1], onPlace: () => placed.push('no') });
    await none.place(query, 1);
    expect(none.getState().problem).toEqual({ kind: 'no-deployment' });
    none.leave();
    expect(none.getState().problem).toBeNull();
  });
});
