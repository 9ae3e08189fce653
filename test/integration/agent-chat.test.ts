import { startPlatform, type PlatformOptions, type RunningPlatform } from '../../server/app';
import type { FaultRule } from '../../server/faults';
import { keptState, throwawayState, type TestState } from '../support/test-state';

/**
 * The local agent's Agent chat API (chat.yaml), driven with raw fetch: newline-delimited JSON read as it streams.
 * Expected queries are written from Cube's query format; expected figures come from an independent `/v1/load`.
 */
jest.setTimeout(60_000);

type Frame = Record<string, unknown> & { id?: string; content?: string; isDelta?: boolean; graphPath?: string[]; state?: Record<string, unknown> };

/** "Last year" is 2025, the sample data's last whole year. */
const CLOCK: Partial<PlatformOptions> = { queryClock: () => new Date('2026-03-15T12:00:00Z') };
const QUESTION = 'Revenue by region last year';
const REVENUE_BY_REGION_LAST_YEAR = {
  measures: ['sales.total_amount'], dimensions: ['sales.region'], timeDimensions: [{ dimension: 'sales.created_at', dateRange: 'last year' }],
};
const ANN = { externalId: 'ann' };

const started: { running: RunningPlatform; state: TestState }[] = [];
async function platform(options: Partial<PlatformOptions> = {}): Promise<RunningPlatform> {
  const state = await throwawayState();
  const running = await startPlatform({ ...state.options, port: 0, ...CLOCK, ...options });
  started.push({ running, state });
  return running;
}
afterAll(() => Promise.all(started.map(({ running, state }) => running.close().then(() => state.remove()))));

let fast: RunningPlatform;
let paced: RunningPlatform;
beforeAll(async () => {
  [fast, paced] = await Promise.all([platform({ agent: { wordDelayMs: 0 } }), platform({ agent: { wordDelayMs: 40 } })]);
});
afterEach(() => fast.faults.set([]));

let messageCounter = 0;
const newMessageId = () => `${Date.now()}${String(messageCounter++).padStart(3, '0')}-message`;

interface PostOptions {
  headers?: Record<string, string>;
  path?: 'stream-chat-state' | 'abort';
  signal?: AbortSignal;
}
function post(p: RunningPlatform, body: unknown, options: PostOptions = {}) {
  const { headers = { Authorization: `Api-Key ${p.tokens.chatApiKey}` }, path = 'stream-chat-state', signal } = options;
  return fetch(p.tokens.chatApiUrl.replace(/stream-chat-state$/, path), {
    method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body), signal,
  });
}

/** The body's lines as they arrive; a last line without its newline is given as it is. */
async function* linesOf(response: Response): AsyncGenerator<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    for (let end = buffer.indexOf('\n'); end >= 0; end = buffer.indexOf('\n')) {
      yield buffer.slice(0, end);
      buffer = buffer.slice(end + 1);
    }
  }
  if (buffer) yield buffer;
}

async function framesOf(response: Response): Promise<Frame[]> {
  const frames: Frame[] = [];
  for await (const line of linesOf(response)) frames.push(JSON.parse(line) as Frame);
  return frames;
}

async function ask(p: RunningPlatform, body: Record<string, unknown>): Promise<Frame[]> {
  const response = await post(p, { sessionSettings: ANN, ...body });
  expect(response.status).toBe(200);
  return framesOf(response);
}

/** Messages as a client merges them: a delta appends to its message's content, a whole frame replaces it. */
function merged(frames: Frame[]): Map<string, Frame> {
  const messages = new Map<string, Frame>();
  for (const frame of frames) {
    if (!frame.id || frame.id.startsWith('__')) continue;
    const known = messages.get(frame.id);
    messages.set(frame.id, { ...known, ...frame, content: frame.isDelta && known ? `${known.content ?? ''}${frame.content ?? ''}` : frame.content });
  }
  return messages;
}

/** chat.yaml: the last assistant message with `graphPath[0] === "final"` and `graphPath.length <= 2`. */
const finalAnswer = (frames: Frame[]) =>
  [...merged(frames).values()].filter((m) => m.role === 'assistant' && m.graphPath?.[0] === 'final' && m.graphPath.length <= 2).at(-1)?.content ?? '';
const sentinel = (frames: Frame[], id: string) => frames.find((f) => f.id === id);
const chatIdOf = (frames: Frame[]) => String(sentinel(frames, '__cutoff__')!.state!.chatId);
const stateMessages = (frames: Frame[]) => sentinel(frames, '__state__')!.state!.messages as Frame[];
const finalWords = (frames: Frame[]) => frames.filter((f) => f.isDelta && f.graphPath?.[0] === 'final');

/** An independent `/v1/load` of the agent's deployment, with a data token as any client gets one. */
async function load(p: RunningPlatform, query: unknown): Promise<Record<string, string>[]> {
  const admin = { Authorization: `Bearer ${p.tokens.admin}` };
  const deployments = (await (await fetch(`${p.url}/api/v1/deployments`, { headers: admin })).json()) as { items: { id: number; name: string }[] };
  const sales = deployments.items.find((d) => d.name === 'Sales Analytics')!;
  const token = await fetch(`${p.url}/api/v1/deployments/${sales.id}/token`, { method: 'POST', headers: { ...admin, 'Content-Type': 'application/json' }, body: '{}' });
  const { cubeApiToken } = (await token.json()) as { cubeApiToken: string };
  const response = await fetch(`${p.url}/cubejs-api/v1/load`, {
    method: 'POST', headers: { Authorization: cubeApiToken, 'Content-Type': 'application/json' }, body: JSON.stringify({ query }),
  });
  return ((await response.json()) as { data: Record<string, string>[] }).data;
}

const dollars = (value: number) => `$${Math.round(value).toLocaleString('en-US')}`;

describe('asking a question', () => {
  it('streams every frame in order: cutoff, question, agent step, tool call and result, the answer word by word, state, usage', async () => {
    const messageId = newMessageId();
    const response = await post(fast, { input: QUESTION, messageId, sessionSettings: ANN });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('cache-control')).toContain('no-transform');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const frames = await framesOf(response);

    const at = (predicate: (f: Frame) => boolean) => frames.findIndex(predicate);
    expect(frames[0]).toMatchObject({ id: '__cutoff__', state: { chatId: expect.stringMatching(/^[0-9a-f-]{36}$/), isStreaming: true } });
    expect(frames[1]).toMatchObject({ id: messageId, role: 'user', content: QUESTION, messageId });
    const step = at((f) => f.role === 'assistant' && f.graphPath?.join('/') === 'cube_data_analyst_agent');
    const call = at((f) => !!f.toolCall && !(f.toolCall as { result?: unknown }).result);
    const result = at((f) => !!(f.toolCall as { result?: unknown } | undefined)?.result);
    const firstWord = at((f) => f.graphPath?.[0] === 'final');
    const state = at((f) => f.id === '__state__');
    const order = [1, step, call, result, firstWord, state];
    expect(order.every((index, i) => i === 0 || index > order[i - 1]!)).toBe(true);
    expect(state).toBe(frames.length - 2);
    expect(frames[call]).toMatchObject({ graphPath: ['cube_data_analyst_agent', 'tools'], isInProcess: true, toolCall: { name: 'cube_query' } });
    expect(frames[result]!.id).toBe(frames[call]!.id);
    expect(frames.at(-1)).toEqual({
      id: '__usage__', type: 'usage',
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, llmCalls: 0, models: [] },
    });
    expect(frames.filter((f) => f.id === '__usage__')).toHaveLength(1);

    // The tool call's input is the query (chat.yaml: JSON text); its result equals an independent /v1/load.
    const toolCall = frames[result]!.toolCall as { input: string; result: string };
    expect(JSON.parse(toolCall.input)).toEqual(REVENUE_BY_REGION_LAST_YEAR);
    const data = await load(fast, REVENUE_BY_REGION_LAST_YEAR);
    expect(JSON.parse(toolCall.result)).toMatchObject({ rowCount: data.length, data });

    // Word by word, and the merged answer carries the key figure.
    expect(finalWords(frames).length).toBeGreaterThan(8);
    const answer = finalAnswer(frames);
    const leader = [...data].sort((a, b) => Number(b['sales.total_amount']) - Number(a['sales.total_amount']))[0]!;
    const total = data.reduce((sum, row) => sum + Number(row['sales.total_amount']), 0);
    expect(answer).toContain(leader['sales.region']);
    expect(answer).toContain(dollars(Number(leader['sales.total_amount'])));
    expect(answer).toContain(dollars(total));
    expect(answer).toContain(`${data.length} regions`);

    // __state__ holds the thread consolidated: whole messages, no deltas, the same answer.
    const messages = stateMessages(frames);
    expect(messages.every((m) => m.isDelta === false)).toBe(true);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'assistant', 'assistant']);
    expect(messages.at(-1)).toMatchObject({ graphPath: ['final'], content: answer });
  });

  it('answers a question it cannot map honestly, with suggestions and no tool call', async () => {
    const frames = await ask(fast, { input: 'What is the airspeed velocity of a swallow?' });
    expect(frames.some((f) => f.toolCall)).toBe(false);
    expect(finalAnswer(frames)).toMatch(/couldn't tell which figure.*For example: "Revenue by region last year"/);
    expect(frames.at(-1)!.id).toBe('__usage__');
  });

  it('turns a query the data API refuses into an {error} line and an honest answer', async () => {
    const frames = await ask(fast, { input: 'top 60000 categories by revenue' });
    const error = frames.find((f) => 'error' in f && !f.id);
    expect(error).toEqual({ error: 'The query failed: The query limit has been exceeded.' });
    expect(finalAnswer(frames)).toMatch(/^I couldn't get Top 60000 Categories by Revenue: the query failed \(The query limit has been exceeded\)/);
    expect(frames.map((f) => f.id).slice(-2)).toEqual(['__state__', '__usage__']);
  });
});

describe('threads', () => {
  it('are read back, and kept across a restart of the platform', async () => {
    const state = await keptState('agent-chat');
    try {
      const first = await startPlatform({ ...state.options, port: 0, ...CLOCK, agent: { wordDelayMs: 0 } });
      const asked = await ask(first, { input: QUESTION });
      const chatId = chatIdOf(asked);
      const followUp = await ask(first, { input: 'and orders by status?', chatId });
      expect(chatIdOf(followUp)).toBe(chatId);
      const thread = stateMessages(followUp);
      expect(thread.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([QUESTION, 'and orders by status?']);
      await first.close();

      const second = await startPlatform({ ...state.options, port: 0, ...CLOCK });
      expect(second.tokens.chatApiKey).toBe(first.tokens.chatApiKey);
      const read = await ask(second, { chatId });
      await second.close();
      expect(read.map((f) => f.id)).toEqual(['__cutoff__', '__state__', '__usage__']);
      expect(read[0]!.state).toEqual({ chatId, isStreaming: false });
      expect(stateMessages(read)).toEqual(thread);
    } finally {
      await state.remove();
    }
  });

  it('suspends answers still streaming when the platform stops, and resumes them after the restart', async () => {
    const state = await keptState('agent-chat');
    try {
      const first = await startPlatform({ ...state.options, port: 0, ...CLOCK, agent: { wordDelayMs: 40 } });
      const messageId = newMessageId();
      const reading = await untilWords(await post(first, { input: QUESTION, messageId, sessionSettings: ANN }), 2);
      const [cut] = await Promise.all([reading.rest(), first.close()]);
      expect(cut.slice(-2).map((f) => f.id)).toEqual(['__suspended__', '__usage__']);
      const chatId = chatIdOf(cut);

      const second = await startPlatform({ ...state.options, port: 0, ...CLOCK, agent: { wordDelayMs: 0 } });
      const read = await ask(second, { chatId });
      // chat.yaml: `input` may be omitted; chatId and the suspended messageId resume the turn.
      const resumed = await ask(second, { chatId, messageId });
      await second.close();
      expect(read[0]!.state).toEqual({ chatId, isStreaming: false, suspended: { messageId } });
      expect(finalAnswer(resumed)).toBe(finalAnswer(await ask(fast, { input: QUESTION })));
    } finally {
      await state.remove();
    }
  });

  it('does not ask a finished messageId again: the thread is answered instead', async () => {
    const messageId = newMessageId();
    const asked = await ask(fast, { input: QUESTION, messageId });
    const chatId = chatIdOf(asked);
    for (const repeat of [{ input: QUESTION, messageId, chatId }, { input: QUESTION, messageId }]) {
      const again = await ask(fast, repeat);
      expect(again.map((f) => f.id)).toEqual(['__cutoff__', '__state__', '__usage__']);
      expect(chatIdOf(again)).toBe(chatId);
      expect(stateMessages(again)).toEqual(stateMessages(asked));
    }
  });

  it('keeps each user to their own threads (403), and answers 404 for an unknown one', async () => {
    const chatId = chatIdOf(await ask(fast, { input: QUESTION }));
    expect((await post(fast, { chatId, sessionSettings: { externalId: 'bob' } })).status).toBe(403);
    expect((await post(fast, { chatId, input: 'orders', sessionSettings: { externalId: 'bob' } })).status).toBe(403);
    const unknown = await post(fast, { chatId: '00000000-0000-4000-8000-000000000000', sessionSettings: ANN });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: expect.stringContaining('No chat thread') });
  });
});

/** Reads a stream until `count` words of the final answer came, handing back the frames so far and the rest. */
async function untilWords(response: Response, count: number): Promise<{ frames: Frame[]; rest: () => Promise<Frame[]> }> {
  const lines = linesOf(response);
  const frames: Frame[] = [];
  while (finalWords(frames).length < count) {
    const next = await lines.next();
    if (next.done) throw new Error(`the stream ended after ${finalWords(frames).length} words`);
    frames.push(JSON.parse(next.value) as Frame);
  }
  return {
    frames,
    rest: async () => {
      for await (const line of lines) frames.push(JSON.parse(line) as Frame);
      return frames;
    },
  };
}

describe('a streaming answer', () => {
  it('stops on abort (204): __aborted__, __state__, __usage__, and the partial answer is saved', async () => {
    const reading = await untilWords(await post(paced, { input: QUESTION, sessionSettings: ANN }), 2);
    const chatId = chatIdOf(reading.frames);
    expect((await post(paced, { chatId, sessionSettings: { externalId: 'bob' } }, { path: 'abort' })).status).toBe(403);
    const aborted = await post(paced, { chatId, sessionSettings: ANN }, { path: 'abort' });
    expect(aborted.status).toBe(204);
    expect(await aborted.text()).toBe('');
    const frames = await reading.rest();
    expect(frames.slice(-3).map((f) => f.id)).toEqual(['__aborted__', '__state__', '__usage__']);
    expect(sentinel(frames, '__aborted__')).toMatchObject({ type: 'abort', code: 'chat_aborted' });
    const partial = finalAnswer(frames);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial).not.toMatch(/regions\.$/);
    expect(stateMessages(frames).at(-1)).toMatchObject({ graphPath: ['final'], content: partial });
    expect(finalAnswer(stateMessages(await ask(paced, { chatId })))).toBe(partial);
    // Nothing streams now: abort is idempotent. An unknown thread is 404.
    expect((await post(paced, { chatId, sessionSettings: ANN }, { path: 'abort' })).status).toBe(204);
    expect((await post(paced, { chatId: 'no-such-thread', sessionSettings: ANN }, { path: 'abort' })).status).toBe(404);
  });

  it('resubscribes a repeat of the streaming messageId: the same answer, nothing doubled', async () => {
    const messageId = newMessageId();
    const original = await untilWords(await post(paced, { input: QUESTION, messageId, sessionSettings: ANN }), 2);
    const chatId = chatIdOf(original.frames);
    const again = await post(paced, { input: QUESTION, messageId, chatId, sessionSettings: ANN });
    expect(again.status).toBe(200);
    // A read while it streams listens to it too.
    const read = await post(paced, { chatId, sessionSettings: ANN });
    const [first, second, third] = await Promise.all([original.rest(), framesOf(again), framesOf(read)]);
    expect(second[0]).toMatchObject({ id: '__cutoff__', state: { chatId, isStreaming: true } });
    expect(third[0]).toMatchObject({ id: '__cutoff__', state: { chatId, isStreaming: true } });
    expect(finalAnswer(third)).toBe(finalAnswer(first));
    // The answer so far comes whole (not as deltas), then the rest as deltas.
    expect(second.find((f) => f.graphPath?.[0] === 'final')).toMatchObject({ isDelta: false });
    expect(finalAnswer(second)).toBe(finalAnswer(first));
    expect(finalAnswer(first)).toMatch(/regions\.$/);
    const thread = stateMessages(second);
    expect(thread.filter((m) => m.role === 'user')).toHaveLength(1);
    expect(new Set(thread.map((m) => m.id)).size).toBe(thread.length);
  });

  it('goes on when the caller hangs up, without a server error, and the answer is there to read', async () => {
    const written = jest.spyOn(process.stderr, 'write');
    try {
      const messageId = newMessageId();
      const hangUp = new AbortController();
      await untilWords(await post(paced, { input: QUESTION, messageId, sessionSettings: ANN }, { signal: hangUp.signal }), 2);
      hangUp.abort();
      const again = await ask(paced, { input: QUESTION, messageId });
      expect(finalAnswer(stateMessages(again))).toMatch(/regions\.$/);
      expect(written.mock.calls.map(([text]) => String(text)).filter((text) => text.startsWith('local platform'))).toEqual([]);
    } finally {
      written.mockRestore();
    }
  });

  it('is suspended after N words (__suspended__) and resumed by the same request', async () => {
    const suspending = await platform({ agent: { wordDelayMs: 0, suspendAfterWords: 4 } });
    const messageId = newMessageId();
    const cut = await ask(suspending, { input: QUESTION, messageId });
    expect(cut.slice(-2)).toEqual([
      { id: '__suspended__', type: 'suspend', code: 'chat_suspended', retryable: true, messageId, error: expect.any(String) },
      expect.objectContaining({ id: '__usage__' }),
    ]);
    expect(finalWords(cut)).toHaveLength(4);
    const chatId = chatIdOf(cut);
    const read = await ask(suspending, { chatId });
    expect(read[0]!.state).toEqual({ chatId, isStreaming: false, suspended: { messageId } });

    const resumed = await ask(suspending, { input: QUESTION, messageId, chatId });
    expect(resumed[0]).toMatchObject({ id: '__cutoff__', state: { chatId, isStreaming: true } });
    expect(resumed.slice(-2).map((f) => f.id)).toEqual(['__state__', '__usage__']);
    const whole = finalAnswer(await ask(fast, { input: QUESTION }));
    expect(finalAnswer(resumed)).toBe(whole);
    expect(finalAnswer(stateMessages(resumed))).toBe(whole);
    expect((await ask(suspending, { chatId }))[0]!.state).toEqual({ chatId, isStreaming: false });
  });
});

describe('who may ask', () => {
  it('needs the Chat API key (401) and, with it, a user in sessionSettings (400)', async () => {
    const attempts: Record<string, string>[] = [{}, { Authorization: 'Api-Key nope' }, { Authorization: `Bearer ${fast.tokens.admin}` }];
    for (const headers of attempts) {
      const response = await post(fast, { input: QUESTION, sessionSettings: ANN }, { headers });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: expect.any(String) });
    }
    const anonymous = await post(fast, { input: QUESTION });
    expect(anonymous.status).toBe(400);
    expect(await anonymous.json()).toEqual({ error: expect.stringContaining('externalId or sessionSettings.internalId') });
    expect((await post(fast, { input: QUESTION, sessionSettings: { internalId: 'analyst@example.com' } })).status).toBe(200);
    expect((await post(fast, { input: QUESTION, sessionSettings: { internalId: 'nobody@example.com' } })).status).toBe(400);
  });

  it('refuses a question over 4,000 characters, a malformed messageId and an unknown agent', async () => {
    const long = await post(fast, { input: 'x'.repeat(4_001), sessionSettings: ANN });
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: 'input must be at most 4,000 characters (it has 4,001)' });
    expect((await post(fast, { input: 'x'.repeat(4_000), sessionSettings: ANN })).status).toBe(200);
    expect((await post(fast, { input: QUESTION, messageId: '42-message', sessionSettings: ANN })).status).toBe(400);
    const elsewhere = await fetch(fast.tokens.chatApiUrl.replace('/agents/1/', '/agents/2/'), {
      method: 'POST', headers: { Authorization: `Api-Key ${fast.tokens.chatApiKey}` }, body: '{}',
    });
    expect(elsewhere.status).toBe(404);
  });

  it('takes an X-Cube-Auth-Token of the deployment carrying the chat scope, naming the user by externalId', async () => {
    const chatId = chatIdOf(await ask(fast, { input: QUESTION }));
    const token = await fast.testing.signAgentCubeToken({ externalId: 'ann', scope: ['chat'] });
    const read = await post(fast, { chatId }, { headers: { 'X-Cube-Auth-Token': token } });
    expect(read.status).toBe(200);
    expect((await framesOf(read)).map((f) => f.id)).toEqual(['__cutoff__', '__state__', '__usage__']);

    const noScope = await post(fast, { input: QUESTION }, { headers: { 'X-Cube-Auth-Token': await fast.testing.signAgentCubeToken({ externalId: 'ann' }) } });
    expect(noScope.status).toBe(403);
    expect(await noScope.json()).toEqual({ error: expect.stringContaining('"chat" scope') });
    const foreign = await paced.testing.signAgentCubeToken({ externalId: 'ann', scope: ['chat'] });
    expect((await post(fast, { input: QUESTION }, { headers: { 'X-Cube-Auth-Token': foreign } })).status).toBe(401);
  });
});

describe('injected chat faults break one stream mid-answer', () => {
  const withFault = (chat: FaultRule['chat']) => fast.faults.set([{ path: '/chat/stream-chat-state$', chat, times: 1 }]);
  const raw = async (response: Response) => {
    const lines: string[] = [];
    for await (const line of linesOf(response)) lines.push(line);
    return lines;
  };

  it('error: an {error} line after three words, then the rest, state and usage', async () => {
    withFault('error');
    const frames = await ask(fast, { input: QUESTION });
    const index = frames.findIndex((f) => 'error' in f && !f.id);
    expect(frames[index]).toEqual({ error: expect.stringContaining('Injected fault') });
    expect(finalWords(frames.slice(0, index))).toHaveLength(3);
    expect(finalAnswer(frames)).toMatch(/regions\.$/);
    expect(frames.at(-1)!.id).toBe('__usage__');
  });

  it('malformed: one line is not JSON; the others are, to __usage__', async () => {
    withFault('malformed');
    const lines = await raw(await post(fast, { input: QUESTION, sessionSettings: ANN }));
    const unreadable = lines.filter((line) => {
      try {
        JSON.parse(line);
        return false;
      } catch {
        return true;
      }
    });
    expect(unreadable).toHaveLength(1);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ id: '__usage__' });
  });

  it('truncated: the body ends halfway through a line, with no __usage__', async () => {
    withFault('truncated');
    const response = await post(fast, { input: QUESTION, sessionSettings: ANN });
    const text = await response.text();
    expect(text.endsWith('\n')).toBe(false);
    const lines = text.split('\n');
    expect(() => JSON.parse(lines.at(-1)!)).toThrow();
    expect(lines.slice(0, -1).map((line) => (JSON.parse(line) as Frame).id)).not.toContain('__usage__');
  });

  it('drop: the connection breaks mid-answer; the answer still completes and is saved', async () => {
    withFault('drop');
    const messageId = newMessageId();
    const response = await post(fast, { input: QUESTION, messageId, sessionSettings: ANN });
    await expect(raw(response)).rejects.toThrow();
    // The repeat of the messageId reads the finished thread (or listens to the answer if it is still going).
    const again = await ask(fast, { input: QUESTION, messageId });
    expect(finalAnswer(stateMessages(again))).toMatch(/regions\.$/);
  });
});
