/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ChatClient } from '../../src/client/chat-client';
import { ChatInputTooLongError } from '../../src/client/chat-errors';
import { ApiError } from '../../src/client/errors';
import type { CubeQuery } from '../../src/contract';
import { answerQuery, turns, type ChatTurn } from '../../src/core/chat-conversation';
import type { BuilderState } from '../../src/builder/builder-model';
import { ChatController, type ChatState } from '../../src/chat/chat-controller';
import { deploymentForQuery } from '../../src/chat/chat-placement';
import type { ChatThreadEntry } from '../../src/chat/chat-settings';
import { ExplorationController } from '../../src/builder/exploration-controller';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { workspaceFor } from '../support/workspace';

/**
 * The pane's chat (its client and controller) against the local agent, and "Place in sheet" on Microsoft's
 * Office.js over the host emulator. Expected queries are written out from Cube's query format; expected cells
 * come from an independent `/v1/load`.
 */
jest.setTimeout(60_000);

const WORD_DELAY_MS = 20;
const local = useAnalystPlatform({ agent: { wordDelayMs: WORD_DELAY_MS } });
const i18n = i18nFor('en-US');
const describe_ = (e: unknown) => describeError(e, i18n);

/** A user (the admin unless named) as the pane names them to the agent: by email, as `internalId`. */
async function chatClient(options: { key?: string; email?: string } = {}): Promise<ChatClient> {
  const { tokens } = local.t.platform;
  const email = options.email ?? (await local.t.admin.getCurrentUser()).email;
  return new ChatClient({
    chatApiUrl: tokens.chatApiUrl,
    credentials: { kind: 'api-key', apiKey: options.key ?? tokens.chatApiKey },
    sessionSettings: { internalId: email, email },
  });
}

function memoryStore() {
  const saved: { threads: ChatThreadEntry[]; activeChatId: string | null } = { threads: [], activeChatId: null };
  return { saved, store: { load: () => ({ threads: [...saved.threads], activeChatId: saved.activeChatId }), save: (v: typeof saved) => void Object.assign(saved, v) } };
}

async function chat(store = memoryStore().store, client?: ChatClient): Promise<ChatController> {
  return new ChatController({ client: client ?? (await chatClient()), store, describe: describe_ });
}

const lastTurn = (controller: ChatController): ChatTurn => turns(controller.getState().conversation).at(-1)!;

function until(controller: ChatController, done: (state: ChatState) => boolean): Promise<ChatState> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(controller.getState())) return;
      stop();
      resolve(controller.getState());
    };
    const stop = controller.subscribe(check);
    check();
  });
}

const REVENUE_BY_REGION_LAST_YEAR: CubeQuery = {
  measures: ['sales.total_amount'],
  dimensions: ['sales.region'],
  timeDimensions: [{ dimension: 'sales.created_at', dateRange: 'last year' }],
};

afterEach(() => local.t.platform.faults.set([]));

describe('asking the local agent from the pane', () => {
  it('streams the answer with the query it ran, whose rows equal an independent /v1/load', async () => {
    const controller = await chat();
    await controller.ask('revenue by region last year');
    const state = controller.getState();
    expect(state).toMatchObject({ phase: 'idle', error: null, agentProblems: [], unreadableLines: 0 });
    expect(state.chatId).toEqual(expect.any(String));
    const turn = lastTurn(controller);
    expect(turn.question!.content).toBe('revenue by region last year');
    const query = answerQuery(turn)!;
    expect(query).toMatchObject(REVENUE_BY_REGION_LAST_YEAR);
    const { data } = await local.t.dataClient(local.t.admin).then((c) => c.load(query));
    expect(turn.toolCalls.at(-1)!.rowCount).toBe(data.length);
    // The key figure: the leading region's revenue, as the answer words it.
    const top = [...data].sort((a, b) => Number(b['sales.total_amount']) - Number(a['sales.total_amount']))[0]!;
    expect(turn.answer!.content).toContain(String(top['sales.region']));
    expect(turn.answer!.content.replace(/,/g, '')).toContain(String(Math.round(Number(top['sales.total_amount']))));
  });

  it('places the answer at the selection as a new exploration whose cells equal an independent /v1/load', async () => {
    const controller = await chat();
    await controller.ask('revenue by region last year');
    const query = answerQuery(lastTurn(controller))!;
    const { connection, workspace } = await workspaceFor(local.t, local.t.admin);
    const sim = installWorkbook();
    await selectCell('C3');
    const target = await deploymentForQuery(workspace.data, connection.deployments.map((d) => d.id), local.t.sandboxDeploymentId, query);
    // The sandbox's model has these members too: the browsed deployment is preferred when it has them all.
    expect(target?.deploymentId).toBe(local.t.sandboxDeploymentId);
    const builder = new ExplorationController({ ports: workspace, connection, describe: describe_, debounceMs: 0 }, { kind: 'answer', deploymentId: local.t.salesDeploymentId, query });
    const done = new Promise<BuilderState>((resolve) => {
      const stop = builder.subscribe(() => {
        const s = builder.getState();
        if (s.run.kind === 'done' || s.run.kind === 'failed') {
          stop();
          resolve(s);
        }
      });
    });
    await builder.open();
    const settled = await done;
    expect(settled.run).toMatchObject({ kind: 'done', location: expect.stringMatching(/^Sheet1!C3:D\d+$/) });
    const { data, annotation } = await local.data.load({ ...query, order: { 'sales.total_amount': 'desc' } });
    const expected = [
      [annotation.dimensions['sales.region']!.shortTitle, annotation.measures['sales.total_amount']!.shortTitle],
      ...data.map((row) => [String(row['sales.region']), Number(row['sales.total_amount'])]),
    ];
    // The applied-filter line (on by default) heads the result, a row apart, in the member's title from /v1/meta.
    const written = [['Filters: Created at last year', ''], ['', ''], ...expected];
    // C3 is row 2, column 2 (zero-based); one row and column beyond stay empty.
    expect(cellsOf(sim, 'Sheet1', 2, 2, written.length + 1, 3)).toEqual([...written.map((row) => [...row, '']), ['', '', '']]);
    expect(settled.save.allowed).toBe(true);
    await builder.close({ clearCells: true });
  });

  it('reads the thread back in a new pane, and keeps each user’s threads to themselves', async () => {
    const { saved, store } = memoryStore();
    const first = await chat(store);
    await first.ask('orders by status');
    const before = turns(first.getState().conversation).map((t) => [t.question?.content, t.answer?.content]);
    const reopened = await chat(store);
    await reopened.open();
    expect(reopened.getState().chatId).toBe(saved.activeChatId);
    expect(turns(reopened.getState().conversation).map((t) => [t.question?.content, t.answer?.content])).toEqual(before);

    const stranger = await chat(store, await chatClient({ email: (await local.t.analyst.getCurrentUser()).email }));
    await stranger.open();
    expect(stranger.getState().error).toEqual(expect.any(String));
    expect(turns(stranger.getState().conversation)).toEqual([]);
  });

  it('stops mid-answer: the agent is asked to stop, and the partial answer stays', async () => {
    const controller = await chat();
    const asked = controller.ask('revenue by category per quarter last year');
    await until(controller, (s) => (turns(s.conversation).at(-1)?.answer?.content.length ?? 0) > 0);
    await controller.stop();
    await asked;
    const state = controller.getState();
    expect(state).toMatchObject({ phase: 'idle', stopped: true, error: null });
    const partial = lastTurn(controller).answer!.content;
    // Read back, the thread holds the same partial answer: the agent stopped writing it.
    const reread = await chat();
    await reread.openThread(state.chatId!);
    expect(lastTurn(reread).answer?.content ?? '').toBe(partial);
  });

  it('shows an {error} line in words and goes on; counts a malformed line; keeps a cut-off answer and Try again finishes it', async () => {
    local.t.platform.faults.set([{ path: 'stream-chat-state', chat: 'error', times: 1 }]);
    const controller = await chat();
    await controller.ask('revenue by region');
    expect(controller.getState().agentProblems).toHaveLength(1);
    expect(lastTurn(controller).answer?.content).toBeTruthy();

    local.t.platform.faults.set([{ path: 'stream-chat-state', chat: 'malformed', times: 1 }]);
    await controller.ask('orders by region');
    expect(controller.getState().unreadableLines).toBe(1);

    local.t.platform.faults.set([{ path: 'stream-chat-state', chat: 'drop', times: 1 }]);
    await controller.ask('customers by region');
    expect(lastTurn(controller).cutOff).toBe(true);
    expect(controller.getState().error).toBeNull();
    await controller.retry();
    const finished = lastTurn(controller);
    expect(finished.cutOff).toBe(false);
    expect(finished.answer!.content).toMatch(/\.$/);
    expect(finished.inProcess).toBe(false);

    local.t.platform.faults.set([{ path: 'stream-chat-state', chat: 'truncated', times: 1 }]);
    await controller.ask('units by region');
    expect(lastTurn(controller).cutOff).toBe(true);
  });

  it('refuses a wrong key (401) and a question over 4,000 characters, in words', async () => {
    const refused = await chat(memoryStore().store, await chatClient({ key: 'not-the-key' }));
    await refused.ask('revenue');
    expect(refused.getState().error).toEqual(expect.any(String));
    const client = await chatClient({ key: 'not-the-key' });
    await expect(client.stream({ input: 'revenue' }, () => undefined)).rejects.toMatchObject({ status: 401 });
    await expect(client.stream({ input: 'revenue' }, () => undefined)).rejects.toBeInstanceOf(ApiError);
    const good = await chatClient();
    await expect(good.stream({ input: 'x'.repeat(4_001) }, () => undefined)).rejects.toBeInstanceOf(ChatInputTooLongError);
  });
});
