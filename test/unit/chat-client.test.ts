import {
  ApiError, ChatClient, ChatInputTooLongError, ChatStreamCutError, ChatSuspendedError, InsecureTransportError, MAX_CHAT_INPUT_CHARS,
  NetworkError, RequestCancelledError, chatApiUrls, type ChatClientOptions,
} from '../../src/client';
import type { ChatStreamEvent } from '../../src/ports/chat-agent';

const AGENT_BASE = 'https://ai.gcp-us-central1.cubecloud.dev/api/v1/public/acme/agents/7';
const STREAM_URL = `${AGENT_BASE}/chat/stream-chat-state`;
const API_KEY = 'ck_live_5ecret-Key-9f3a';
const SESSION = { externalId: 'ana@example.com', email: 'ana@example.com' };
const MESSAGE_ID = '1732512345678-message';
const CHAT_ID = 'a1b2c3d4-08d7-40b9-8b1c-e7e3a698647e';

const encoder = new TextEncoder();
const line = (frame: object) => `${JSON.stringify(frame)}\n`;
const cutoff = (chatId = CHAT_ID) => line({ id: '__cutoff__', role: 'assistant', sort: 0, state: { chatId, isStreaming: false } });
const usage = line({ id: '__usage__', type: 'usage', usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15, llmCalls: 1, models: ['m'] } });

type Chunk = string | Uint8Array | Error;

/** A body delivering `chunks` one read at a time: text is UTF-8 encoded, an Error breaks the stream there. */
function body(chunks: Chunk[]): ReadableStream<Uint8Array> {
  const queue = [...chunks];
  return new ReadableStream({
    pull(controller) {
      const chunk = queue.shift();
      if (chunk === undefined) controller.close();
      else if (chunk instanceof Error) controller.error(chunk);
      else controller.enqueue(typeof chunk === 'string' ? encoder.encode(chunk) : chunk);
    },
  });
}

/** The bytes of `text` cut every `size` bytes, so cuts fall inside lines and inside multi-byte characters. */
function byteChunks(text: string, size: number): Uint8Array[] {
  const bytes = encoder.encode(text);
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.slice(start, start + size));
  return chunks;
}

type Reply = Response | Error | (() => Response);

function scripted(replies: Reply[]) {
  const requests: { url: string; init: RequestInit; body: unknown; headers: Record<string, string> }[] = [];
  const fetch = jest.fn(async (url: string, init: RequestInit) => {
    requests.push({ url, init, body: init.body ? JSON.parse(init.body as string) : undefined, headers: init.headers as Record<string, string> });
    const reply = replies.shift();
    if (!reply) throw new Error('no more scripted replies');
    if (reply instanceof Error) throw reply;
    return typeof reply === 'function' ? reply() : reply;
  });
  return { fetch, requests };
}

const ok = (chunks: Chunk[]) => new Response(body(chunks), { status: 200, headers: { 'Content-Type': 'application/json' } });
const status = (code: number, json?: object) => new Response(json ? JSON.stringify(json) : null, { status: code });

function client(fetch: ChatClientOptions['fetch'], options: Partial<ChatClientOptions> = {}) {
  return new ChatClient({ chatApiUrl: STREAM_URL, credentials: { kind: 'api-key', apiKey: API_KEY }, sessionSettings: SESSION, fetch, ...options });
}

async function run(chat: ChatClient, request: Parameters<ChatClient['stream']>[0], signal?: AbortSignal) {
  const events: ChatStreamEvent[] = [];
  const outcome = await chat.stream(request, (event) => events.push(event), signal).then(
    (end) => ({ end, error: null }),
    (error: unknown) => ({ end: null, error }),
  );
  return { events, ...outcome };
}

describe('ChatClient.stream', () => {
  const frames = [
    cutoff(),
    line({ id: MESSAGE_ID, role: 'user', content: 'Umsätze für 2024 — €?', isDelta: false, sort: 1 }),
    line({ id: 'a', role: 'assistant', content: 'Umsätze ', isDelta: true, isInProcess: true, graphPath: ['final'], sort: 2 }),
    line({ id: 'a', content: 'steigen 😀 um 5 €.', isDelta: true, unknownField: { nested: true } }),
    usage,
  ].join('');

  it('reads lines split across chunks, inside multi-byte characters too, with several lines per chunk and CRLF ends', async () => {
    const whole = await run(client(scripted([ok([frames])]).fetch), { input: 'Umsätze?', messageId: MESSAGE_ID });
    expect(whole.error).toBeNull();
    expect(whole.events.map((event) => event.type)).toEqual(['cutoff', 'frame', 'frame', 'frame', 'usage']);
    expect(whole.events[3]).toEqual({ type: 'frame', frame: expect.objectContaining({ id: 'a', content: 'steigen 😀 um 5 €.' }) });
    expect(whole.end).toEqual({ chatId: CHAT_ID, messageId: MESSAGE_ID, outcome: 'complete', usage: expect.objectContaining({ totalTokens: 15 }) });

    for (const size of [1, 2, 3, 5, 7, 64]) {
      const split = await run(client(scripted([ok(byteChunks(frames, size))]).fetch), { input: 'Umsätze?', messageId: MESSAGE_ID });
      expect(split.events).toEqual(whole.events);
    }
    const crlf = await run(client(scripted([ok(byteChunks(frames.replaceAll('\n', '\r\n'), 3))]).fetch), { input: 'Umsätze?', messageId: MESSAGE_ID });
    expect(crlf.events).toEqual(whole.events);
  });

  it('reports a malformed line and an {error} line mid-stream and goes on', async () => {
    const { events, end } = await run(client(scripted([ok([
      cutoff(), 'not json at all\n', '\n', line({ error: 'BadRequestError: Bad branch' }), line({ id: 'a', content: 7 }), line([1, 2]),
      line({ id: 'b', role: 'assistant', content: 'still here' }), usage,
    ])]).fetch), { chatId: CHAT_ID });
    expect(events).toEqual([
      expect.objectContaining({ type: 'cutoff' }),
      { type: 'malformed', line: 'not json at all' },
      { type: 'error', message: 'BadRequestError: Bad branch' },
      { type: 'malformed', line: '{"id":"a","content":7}' },
      { type: 'malformed', line: '[1,2]' },
      { type: 'frame', frame: expect.objectContaining({ id: 'b' }) },
      expect.objectContaining({ type: 'usage' }),
    ]);
    expect(end?.outcome).toBe('complete');
  });

  it('reports the cutoff and a thread-state snapshot', async () => {
    const { events } = await run(client(scripted([ok([
      line({ id: '__cutoff__', state: { chatId: CHAT_ID, isStreaming: true, suspended: { messageId: MESSAGE_ID } } }),
      line({ id: '__state__', role: 'assistant', isDelta: false, sort: 10, state: { messages: [{ id: MESSAGE_ID, role: 'user', content: 'Q' }] } }),
      usage,
    ])]).fetch), { chatId: CHAT_ID });
    expect(events.slice(0, 2)).toEqual([
      { type: 'cutoff', chatId: CHAT_ID, isStreaming: true, suspendedMessageId: MESSAGE_ID },
      { type: 'state', messages: [{ id: MESSAGE_ID, role: 'user', content: 'Q' }] },
    ]);
  });

  it('rejects with ChatStreamCutError, carrying the chatId and messageId, when the last line is truncated', async () => {
    const { events, error } = await run(client(scripted([ok([cutoff(), '{"id":"a","role":"assistant","content":"Hal'])]).fetch), { input: 'Q', messageId: MESSAGE_ID });
    expect(error).toBeInstanceOf(ChatStreamCutError);
    expect(error).toMatchObject({ chatId: CHAT_ID, messageId: MESSAGE_ID });
    expect(events.map((event) => event.type)).toEqual(['cutoff']);
  });

  it('rejects with ChatStreamCutError when the body breaks mid-way or closes before __usage__', async () => {
    const broken = await run(client(scripted([ok([cutoff(), line({ id: 'a', content: 'x' }), new TypeError('terminated')])]).fetch), { input: 'Q' });
    expect(broken.error).toBeInstanceOf(ChatStreamCutError);
    expect((broken.error as ChatStreamCutError).chatId).toBe(CHAT_ID);
    expect((broken.error as Error).cause).toBeInstanceOf(TypeError);

    const closed = await run(client(scripted([ok([cutoff(), line({ id: 'a', content: 'x' })])]).fetch), { input: 'Q' });
    expect(closed.error).toBeInstanceOf(ChatStreamCutError);
  });

  it('accepts a last line without its newline, and a clean end right after __aborted__ or __state__', async () => {
    const unterminated = await run(client(scripted([ok([cutoff(), usage.trimEnd()])]).fetch), { chatId: CHAT_ID });
    expect(unterminated.end?.outcome).toBe('complete');

    const aborted = await run(client(scripted([ok([cutoff(), line({ id: '__aborted__', type: 'abort', code: 'chat_aborted', error: 'Aborted' })])]).fetch), { chatId: CHAT_ID });
    expect(aborted.end).toEqual({ chatId: CHAT_ID, messageId: null, outcome: 'aborted', usage: null });
    expect(aborted.events.at(-1)).toEqual({ type: 'aborted' });

    const state = await run(client(scripted([ok([cutoff(), line({ id: '__state__', state: { messages: [] } })])]).fetch), { chatId: CHAT_ID });
    expect(state.end).toMatchObject({ outcome: 'complete', usage: null });

    const abortedThenUsage = await run(client(scripted([ok([line({ id: '__aborted__', type: 'abort' }), usage])]).fetch), { chatId: CHAT_ID });
    expect(abortedThenUsage.end).toMatchObject({ outcome: 'aborted', usage: expect.objectContaining({ totalTokens: 15 }) });
  });

  it('resumes a suspended turn by resending the same request with the chatId learned from the cutoff', async () => {
    const suspended = line({ id: '__suspended__', type: 'suspend', code: 'chat_suspended', retryable: true, messageId: MESSAGE_ID, error: 'The server restarted' });
    const s = scripted([
      ok([cutoff(), line({ id: 'a', role: 'assistant', content: 'Part', isDelta: true }), suspended, usage]),
      ok([cutoff(), line({ id: 'a', role: 'assistant', content: 'Partly done', isDelta: false }), usage]),
    ]);
    const { events, end } = await run(client(s.fetch), { input: 'Orders?', messageId: MESSAGE_ID });
    expect(s.requests).toHaveLength(2);
    expect(s.requests[0]!.body).toEqual({ input: 'Orders?', messageId: MESSAGE_ID, sessionSettings: SESSION });
    expect(s.requests[1]!.body).toEqual({ ...(s.requests[0]!.body as object), chatId: CHAT_ID });
    expect(events.map((event) => event.type)).toEqual(['cutoff', 'frame', 'usage', 'resumed', 'cutoff', 'frame', 'usage']);
    expect(end).toMatchObject({ chatId: CHAT_ID, messageId: MESSAGE_ID, outcome: 'complete' });
  });

  it('gives up with ChatSuspendedError after maxResumes suspensions in a row', async () => {
    const suspendedReply = () => ok([cutoff(), line({ id: '__suspended__', type: 'suspend', messageId: MESSAGE_ID, error: 'restarting' }), usage]);
    const s = scripted([suspendedReply, suspendedReply, suspendedReply]);
    const { events, error } = await run(client(s.fetch, { maxResumes: 2 }), { input: 'Q', messageId: MESSAGE_ID });
    expect(error).toBeInstanceOf(ChatSuspendedError);
    expect(error).toMatchObject({ chatId: CHAT_ID, messageId: MESSAGE_ID, resumes: 2, serverMessage: 'restarting' });
    expect(events.filter((event) => event.type === 'resumed')).toEqual([{ type: 'resumed', attempt: 1 }, { type: 'resumed', attempt: 2 }]);
    expect(s.requests).toHaveLength(3);
  });

  it('stops reading with RequestCancelledError when the caller aborts, also before anything is sent', async () => {
    const endless = () => new Response(new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(cutoff()));
      },
      pull: () => new Promise<void>(() => undefined),
    }));
    const controller = new AbortController();
    const events: ChatStreamEvent[] = [];
    const midway = client(scripted([endless]).fetch).stream({ input: 'Q' }, (event) => {
      events.push(event);
      controller.abort();
    }, controller.signal);
    await expect(midway).rejects.toBeInstanceOf(RequestCancelledError);
    expect(events.map((event) => event.type)).toEqual(['cutoff']);

    const s = scripted([]);
    expect((await run(client(s.fetch), { input: 'Q' }, controller.signal)).error).toBeInstanceOf(RequestCancelledError);
    expect(s.fetch).not.toHaveBeenCalled();
  });

  it('turns a failure before any answer into NetworkError, and statuses into ApiError with words a person can act on', async () => {
    const network = await run(client(scripted([new TypeError('fetch failed')]).fetch), { input: 'Q' });
    expect(network.error).toBeInstanceOf(NetworkError);
    expect((network.error as Error).message).toBe('Could not reach the agent at ai.gcp-us-central1.cubecloud.dev: fetch failed');

    const refused = await run(client(scripted([status(401, { error: 'Invalid API key' })]).fetch), { input: 'Q' });
    expect(refused.error).toBeInstanceOf(ApiError);
    expect(refused.error).toMatchObject({ status: 401, message: 'The agent refused the key: check the Chat API key in Settings. (Invalid API key)' });

    const forbidden = await run(client(scripted([status(403)]).fetch), { chatId: CHAT_ID });
    expect(forbidden.error).toMatchObject({ status: 403, message: 'You are not allowed to use this agent or this conversation.' });

    const badRequest = await run(client(scripted([status(400, { error: 'sessionSettings.externalId must be lowercase' })]).fetch), { input: 'Q' });
    expect(badRequest.error).toMatchObject({ status: 400, message: 'sessionSettings.externalId must be lowercase' });

    const tokenRefused = await run(client(scripted([status(401)]).fetch, { credentials: { kind: 'cube-token', token: async () => 'jwt' } }), { input: 'Q' });
    expect((tokenRefused.error as Error).message).toMatch(/refused your Cube sign-in token/);
  });

  it('refuses input over 4,000 characters before sending', async () => {
    const s = scripted([ok([cutoff(), usage])]);
    const { error } = await run(client(s.fetch), { input: 'x'.repeat(MAX_CHAT_INPUT_CHARS + 1) });
    expect(error).toBeInstanceOf(ChatInputTooLongError);
    expect((error as Error).message).toBe('The message is 4,001 characters long; the agent accepts at most 4,000. Shorten it and send it again.');
    expect(s.fetch).not.toHaveBeenCalled();
    expect((await run(client(s.fetch), { input: 'x'.repeat(MAX_CHAT_INPUT_CHARS) })).error).toBeNull();
  });

  it('sends the API key or the Cube token in its header, JSON, and no cookies', async () => {
    const withKey = scripted([ok([usage])]);
    await run(client(withKey.fetch), { input: 'Q', messageId: MESSAGE_ID });
    expect(withKey.requests[0]!.url).toBe(STREAM_URL);
    expect(withKey.requests[0]!.init).toMatchObject({ method: 'POST', credentials: 'omit' });
    expect(withKey.requests[0]!.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Api-Key ${API_KEY}` });

    const withToken = scripted([ok([usage])]);
    await run(client(withToken.fetch, { credentials: { kind: 'cube-token', token: async () => 'cube.jwt.token' }, sessionSettings: undefined }), { input: 'Q' });
    expect(withToken.requests[0]!.headers).toEqual({ Accept: 'application/json', 'Content-Type': 'application/json', 'X-Cube-Auth-Token': 'cube.jwt.token' });
    expect(withToken.requests[0]!.body).toEqual({ input: 'Q', messageId: expect.stringMatching(/^\d{13,}-message$/) });
  });

  it('never puts the key into an error message or an event', async () => {
    const echo = { error: `bad key ${API_KEY}` };
    const outcomes = await Promise.all([
      run(client(scripted([status(401, echo)]).fetch), { input: 'Q' }),
      run(client(scripted([status(403, echo)]).fetch), { input: 'Q' }),
      run(client(scripted([status(500, echo)]).fetch), { input: 'Q' }),
      run(client(scripted([new TypeError(`request with Api-Key ${API_KEY} failed`)]).fetch), { input: 'Q' }),
      run(client(scripted([ok([cutoff(), line(echo), `${API_KEY} garbage\n`, 'cut'])]).fetch), { input: 'Q' }),
    ]);
    for (const { error, events } of outcomes) {
      expect(error).toBeInstanceOf(Error);
      expect((error as Error).message).not.toContain(API_KEY);
      expect(JSON.stringify((error as { body?: unknown }).body ?? null)).not.toContain(API_KEY);
      expect(JSON.stringify(events)).not.toContain(API_KEY);
    }
    expect((outcomes[2]!.error as Error).message).toBe('bad key [redacted]');
  });
});

describe('ChatClient setup', () => {
  it('derives the stream and abort URLs from either form of the Chat API URL', () => {
    const expected = { streamUrl: STREAM_URL, abortUrl: `${AGENT_BASE}/chat/abort` };
    for (const form of [STREAM_URL, `${STREAM_URL}/`, AGENT_BASE, `${AGENT_BASE}/`, ` ${AGENT_BASE} `]) expect(chatApiUrls(form)).toEqual(expected);
    expect(chatApiUrls('http://localhost:4000/api/v1/public/local/agents/1/')).toEqual({
      streamUrl: 'http://localhost:4000/api/v1/public/local/agents/1/chat/stream-chat-state',
      abortUrl: 'http://localhost:4000/api/v1/public/local/agents/1/chat/abort',
    });
  });

  it('refuses plain http:// to a host that is not this computer before anything is sent', () => {
    const s = scripted([]);
    expect(() => client(s.fetch, { chatApiUrl: 'http://ai.example.com/api/v1/public/acme/agents/7' })).toThrow(InsecureTransportError);
    expect(s.fetch).not.toHaveBeenCalled();
  });

  it('requires the user to be named when chatting with an API key', () => {
    expect(() => client(scripted([]).fetch, { sessionSettings: { email: 'ana@example.com' } })).toThrow(/externalId or internalId/);
  });

  it('makes message ids of 13+ digit timestamps, strictly increasing within one millisecond', () => {
    const chat = client(scripted([]).fetch, { now: () => 1_732_512_345_678 });
    expect([chat.newMessageId(), chat.newMessageId(), chat.newMessageId()]).toEqual(['1732512345678-message', '1732512345679-message', '1732512345680-message']);
  });
});

describe('ChatClient.abort', () => {
  it('posts the chatId and session to the abort URL derived from either URL form; 204 and 404 both count as stopped', async () => {
    for (const chatApiUrl of [STREAM_URL, AGENT_BASE]) {
      const s = scripted([status(204), status(404, { error: 'Chat not found' })]);
      const chat = client(s.fetch, { chatApiUrl });
      await expect(chat.abort(CHAT_ID)).resolves.toBeUndefined();
      await expect(chat.abort('gone')).resolves.toBeUndefined();
      expect(s.requests[0]!.url).toBe(`${AGENT_BASE}/chat/abort`);
      expect(s.requests[0]!.body).toEqual({ chatId: CHAT_ID, sessionSettings: SESSION });
      expect(s.requests[0]!.headers).toMatchObject({ Authorization: `Api-Key ${API_KEY}` });
    }
  });

  it('reports another status as ApiError', async () => {
    const error = await client(scripted([status(403, { error: 'Not the owner' })]).fetch).abort(CHAT_ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 403, message: 'You can only stop your own conversations with this agent. (Not the owner)' });
  });
});
