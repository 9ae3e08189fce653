import type { ChatStreamEnd, ChatStreamEvent, ChatStreamRequest } from '../../src/ports/chat-agent';
import { ChatStreamCutError } from '../../src/client/chat-errors';
import { ApiError } from '../../src/client/errors';
import type { ChatFrame } from '../../src/contract';
import { turns } from '../../src/core/chat-conversation';
import { ChatController, type ChatStreaming } from '../../src/chat/chat-controller';
import type { ChatThreadEntry } from '../../src/chat/chat-settings';

type Script = (request: ChatStreamRequest, emit: (event: ChatStreamEvent) => void) => Promise<ChatStreamEnd>;

/** A client whose streams follow scripts, one per request, and which records what it was asked. */
function fakeClient(...scripts: Script[]) {
  const requests: ChatStreamRequest[] = [];
  const aborted: string[] = [];
  let time = 1_700_000_000_000;
  const client: ChatStreaming = {
    newMessageId: () => `${time++}-message`,
    stream: (request, onEvent) => {
      requests.push(request);
      const script = scripts.shift();
      if (!script) throw new Error('no more scripted streams');
      return script(request, onEvent);
    },
    abort: async (chatId) => void aborted.push(chatId),
  };
  return { client, requests, aborted };
}

function memoryStore(threads: ChatThreadEntry[] = [], activeChatId: string | null = null) {
  const saved = { threads, activeChatId };
  return { saved, store: { load: () => ({ ...saved }), save: (value: typeof saved) => Object.assign(saved, value) } };
}

const end = (chatId: string, outcome: ChatStreamEnd['outcome'] = 'complete'): ChatStreamEnd => ({ chatId, messageId: null, outcome, usage: null });
const answer = (id: string, content: string, isDelta = true): ChatFrame => ({ id, role: 'assistant', graphPath: ['final'], content, isDelta });
const inWords = (error: unknown) => `words: ${(error as Error).message}`;

describe('the chat controller', () => {
  it('streams an answer into the conversation and lists the new thread under its question', async () => {
    const { client, requests } = fakeClient(async (request, emit) => {
      emit({ type: 'cutoff', chatId: 'thread-1', isStreaming: true, suspendedMessageId: null });
      emit({ type: 'frame', frame: { id: request.messageId, role: 'user', content: request.input } });
      emit({ type: 'frame', frame: answer('a1', 'Europe ') });
      emit({ type: 'frame', frame: answer('a1', 'leads.') });
      return end('thread-1');
    });
    const { saved, store } = memoryStore();
    const chat = new ChatController({ client, store, describe: inWords, now: () => 42 });
    await chat.ask('  revenue by region last year ');
    expect(requests).toEqual([{ chatId: undefined, input: 'revenue by region last year', messageId: '1700000000000-message' }]);
    const [turn] = turns(chat.getState().conversation);
    expect(turn!.question!.content).toBe('revenue by region last year');
    expect(turn!.answer!.content).toBe('Europe leads.');
    expect(chat.getState()).toMatchObject({ phase: 'idle', chatId: 'thread-1', error: null });
    expect(saved).toEqual({ threads: [{ chatId: 'thread-1', title: 'revenue by region last year', updatedAt: 42 }], activeChatId: 'thread-1' });
  });

  it('keeps a cut-off answer, and Try again resends the same turn', async () => {
    const { client, requests } = fakeClient(
      async (request, emit) => {
        emit({ type: 'cutoff', chatId: 't', isStreaming: true, suspendedMessageId: null });
        emit({ type: 'frame', frame: answer('a1', 'Europe ') });
        throw new ChatStreamCutError('t', request.messageId ?? null);
      },
      async (_request, emit) => {
        emit({ type: 'frame', frame: answer('a1', 'Europe leads.', false) });
        return end('t');
      },
    );
    const chat = new ChatController({ client, store: memoryStore().store, describe: inWords });
    await chat.ask('revenue by region');
    let last = turns(chat.getState().conversation).at(-1)!;
    expect(last.cutOff).toBe(true);
    expect(last.answer!.content).toBe('Europe ');
    expect(chat.getState().error).toBeNull();
    await chat.retry();
    expect(requests[1]).toEqual({ chatId: 't', messageId: requests[0]!.messageId, input: 'revenue by region' });
    last = turns(chat.getState().conversation).at(-1)!;
    expect(last.cutOff).toBe(false);
    expect(last.answer!.content).toBe('Europe leads.');
  });

  it('Stop asks the agent to stop the thread, and the partial answer stays', async () => {
    let release: () => void = () => undefined;
    const { client, aborted } = fakeClient(async (_request, emit) => {
      emit({ type: 'cutoff', chatId: 't', isStreaming: true, suspendedMessageId: null });
      emit({ type: 'frame', frame: answer('a1', 'Europe ') });
      await new Promise<void>((resolve) => (release = resolve));
      emit({ type: 'aborted' });
      return end('t', 'aborted');
    });
    const chat = new ChatController({ client, store: memoryStore().store, describe: inWords });
    const asked = chat.ask('revenue');
    await Promise.resolve();
    expect(chat.getState().phase).toBe('streaming');
    await chat.stop();
    expect(aborted).toEqual(['t']);
    expect(chat.getState().phase).toBe('stopping');
    release();
    await asked;
    expect(chat.getState()).toMatchObject({ phase: 'idle', stopped: true });
    expect(turns(chat.getState().conversation)[0]!.answer!.content).toBe('Europe ');
  });

  it('reads the open thread back when the pane opens, and resumes a suspended turn', async () => {
    const question: ChatFrame = { id: '1700000000000-message', role: 'user', content: 'revenue' };
    const { client, requests } = fakeClient(
      async (_request, emit) => {
        emit({ type: 'cutoff', chatId: 't', isStreaming: false, suspendedMessageId: question.id! });
        emit({ type: 'state', messages: [question, answer('a1', 'Europe', false)] });
        return end('t');
      },
      async (_request, emit) => {
        emit({ type: 'frame', frame: answer('a1', ' leads.') });
        return end('t');
      },
    );
    const chat = new ChatController({ client, store: memoryStore([{ chatId: 't', title: 'revenue', updatedAt: 1 }], 't').store, describe: inWords });
    await chat.open();
    expect(requests).toEqual([{ chatId: 't' }, { chatId: 't', messageId: question.id, input: 'revenue' }]);
    expect(turns(chat.getState().conversation)[0]!.answer!.content).toBe('Europe leads.');
  });

  it('says in words why a request failed, and counts unreadable lines and the agent’s own errors', async () => {
    const { client } = fakeClient(
      async (_request, emit) => {
        emit({ type: 'cutoff', chatId: 't', isStreaming: true, suspendedMessageId: null });
        emit({ type: 'malformed', line: '{"id": "a1", "conte' });
        emit({ type: 'error', message: 'The query timed out' });
        return end('t');
      },
      async () => {
        throw new ApiError(401, 'refused', { method: 'POST', url: 'x' }, null);
      },
    );
    const chat = new ChatController({ client, store: memoryStore().store, describe: inWords });
    await chat.ask('revenue');
    expect(chat.getState()).toMatchObject({ unreadableLines: 1, agentProblems: ['The query timed out'], error: null });
    await chat.ask('orders');
    expect(chat.getState()).toMatchObject({ phase: 'idle', error: 'words: refused', unreadableLines: 0, agentProblems: [] });
  });
});
