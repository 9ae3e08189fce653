import type { ChatFrame } from '../../src/contract';
import {
  addQuestion, answerQuery, applyFrame, emptyConversation, finalAnswer, fromThreadState, markCutOff, resendRequest, turns,
  type ChatConversation,
} from '../../src/core/chat-conversation';

// Frames written by hand from chat.yaml's frame fields: nullable fields null, sparse frames, unknown fields.
const QUESTION_ID = '1732512345678-message';
const ANSWER_ID = 'cdfe1a84-08d7-40b9-8b1c-e7e3a698647e';
const TOOL_ID = '4849adb2-b55d-4afe-946b-fc117bcadaf5';

const question = (content: string, id = QUESTION_ID, sort = 1): ChatFrame => ({ id, role: 'user', content, isDelta: false, sort });
const delta = (content: string, sort: number, extra: Partial<ChatFrame> = {}): ChatFrame => ({
  id: ANSWER_ID, role: 'assistant', content, thinking: null, graphPath: ['cube_data_analyst_agent'], isDelta: true, isInProcess: true, sort, ...extra,
});
const cubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'], filters: [{ member: 'orders.status', operator: 'equals', values: ['shipped'] }] };

const apply = (frames: ChatFrame[], from: ChatConversation = emptyConversation()) => frames.reduce(applyFrame, from);
const contentOf = (conversation: ChatConversation, id = ANSWER_ID) => conversation.messages.find((message) => message.id === id)?.content;

describe('applyFrame', () => {
  it('appends deltas that share an id, content and thinking alike', () => {
    const conversation = apply([
      question('Orders by status?'),
      delta('', 2),
      delta('', 3, { thinking: 'Need the orders view.' }),
      delta('Orders ', 4),
      { id: ANSWER_ID, content: 'by status', isDelta: true },
    ]);
    expect(conversation.messages.map((message) => message.id)).toEqual([QUESTION_ID, ANSWER_ID]);
    expect(conversation.messages[1]).toMatchObject({ role: 'assistant', content: 'Orders by status', thinking: 'Need the orders view.', inProcess: true, sort: 2 });
  });

  it('replaces content with a later frame for the same id that is not a delta, and keeps fields a sparse frame leaves out', () => {
    const conversation = apply([delta('Draft', 2), { id: ANSWER_ID, content: 'Final text' }, { id: ANSWER_ID, isInProcess: false }]);
    expect(conversation.messages[0]).toMatchObject({ content: 'Final text', graphPath: ['cube_data_analyst_agent'], inProcess: false });
  });

  it('does not repeat text when a resubscription resends a message in full after its deltas', () => {
    const partial = apply([question('Orders?'), delta('Orders ', 2), delta('by ', 3)]);
    const resent = apply([{ ...delta('Orders by status', 7), isDelta: false }, delta(' are below.', 8)], partial);
    expect(contentOf(resent)).toBe('Orders by status are below.');
    expect(resent.messages).toHaveLength(2);
  });

  it('places new messages by sort within the turn when frames arrive out of order, and keeps a message where it began', () => {
    const conversation = apply([
      question('Q'),
      { id: 'c', role: 'assistant', content: 'third', sort: 4 },
      { id: 'a', role: 'assistant', content: 'first', sort: 2 },
      { id: 'b', role: 'assistant', content: 'second', sort: 3 },
      { id: 'a', content: 'first, finished', sort: 9 },
      { id: 'no-sort', role: 'assistant', content: 'last' },
    ]);
    expect(conversation.messages.map((message) => message.id)).toEqual([QUESTION_ID, 'a', 'b', 'c', 'no-sort']);
    expect(conversation.messages[1]).toMatchObject({ content: 'first, finished', sort: 2 });
  });

  it('never moves a message into an earlier turn, even when its sort is smaller (sorts may restart per stream)', () => {
    const conversation = apply([
      question('First?'), { id: 'a1', role: 'assistant', content: 'one', sort: 5 },
      question('Second?', '1732512345999-message', 1), { id: 'a2', role: 'assistant', content: 'two', sort: 2 },
    ]);
    expect(turns(conversation).map((turn) => turn.replies.map((message) => message.id))).toEqual([['a1'], ['a2']]);
  });

  it('joins a tool call result arriving later to its input, and reads the query and row count', () => {
    const input = JSON.stringify(cubeQuery);
    const running = apply([
      question('Orders by status?'),
      { id: TOOL_ID, role: 'assistant', toolCall: { name: 'cubeQuery', input }, isInProcess: true, graphPath: ['cube_data_analyst_agent', 'tools'], sort: 5, isStructuredResponse: false } as ChatFrame,
    ]);
    expect(running.messages[1]!.toolCalls).toEqual([
      { id: TOOL_ID, name: 'cubeQuery', input: cubeQuery, result: undefined, query: cubeQuery, rowCount: null, error: null, running: true },
    ]);
    const done = applyFrame(running, { id: TOOL_ID, toolCall: { result: JSON.stringify({ data: [{}, {}, {}] }) }, isInProcess: false, sort: 6 });
    expect(done.messages[1]!.toolCalls[0]).toMatchObject({ name: 'cubeQuery', input: cubeQuery, query: cubeQuery, result: { data: [{}, {}, {}] }, rowCount: 3, running: false });
  });

  it('reads queries given as {query} (object or JSON text) and ignores inputs that are not Cube queries', () => {
    const callWith = (input: unknown, result?: unknown) =>
      apply([{ id: TOOL_ID, role: 'assistant', toolCall: { name: 'tool', input, result }, isInProcess: false }]).messages[0]!.toolCalls[0]!;
    expect(callWith({ query: cubeQuery }).query).toEqual(cubeQuery);
    expect(callWith(JSON.stringify({ query: JSON.stringify(cubeQuery) })).query).toEqual(cubeQuery);
    expect(callWith('{"searchQuery":"revenue trends"}').query).toBeNull();
    expect(callWith('{"query":"SELECT status FROM orders"}').query).toBeNull();
    expect(callWith('not json').input).toBe('not json');
    expect(callWith(cubeQuery, '{"totalRows":25,"data":[[1]]}').rowCount).toBe(25);
    expect(callWith(cubeQuery, '{"rowCount":60,"data":[[1]]}').rowCount).toBe(60);
    expect(callWith(cubeQuery, '{\n  "error": "Error: BadRequestError: Bad branch"\n}')).toMatchObject({ error: 'Error: BadRequestError: Bad branch', rowCount: null });
  });

  it('ignores sentinels and error lines, treats an unknown role as the agent, and keeps a known role', () => {
    const conversation = apply([
      { id: '__cutoff__', role: 'assistant', sort: 0, state: { chatId: 'c1', isStreaming: false } },
      { error: 'BadRequestError: Bad branch' },
      { id: 'x', role: 'narrator', content: 'hello', sort: null, graphPath: null, thinking: null, toolCall: null },
      { id: QUESTION_ID, role: 'user', content: 'Q' },
      { id: QUESTION_ID, role: 'system', content: 'Q' },
      { id: '__usage__', type: 'usage', usage: { totalTokens: 1 } },
    ]);
    expect(conversation.messages.map(({ id, role }) => [id, role])).toEqual([['x', 'assistant'], [QUESTION_ID, 'user']]);
  });

  it('keeps the conversation immutable', () => {
    const before = apply([question('Q'), delta('A', 2)]);
    const snapshot = JSON.stringify(before);
    applyFrame(before, delta('B', 3));
    expect(JSON.stringify(before)).toBe(snapshot);
  });
});

describe('final answer', () => {
  const answerWith = (graphPath: string[]) => apply([question('Q'), { id: 'f', role: 'assistant', content: 'answer', graphPath, isInProcess: false, sort: 9 }]);

  it("counts graphPath ['final'] and ['final', x], not ['final', a, b] nor other nodes", () => {
    expect(finalAnswer(answerWith(['final']))?.id).toBe('f');
    expect(finalAnswer(answerWith(['final', 'x']))?.id).toBe('f');
    expect(finalAnswer(answerWith(['final', 'a', 'b']))).toBeNull();
    expect(finalAnswer(answerWith(['cube_data_analyst_agent']))).toBeNull();
  });

  it('is the last final message of the last turn, and none while that turn has none yet', () => {
    const conversation = apply([
      question('Q'),
      { id: 'f1', role: 'assistant', content: 'first', graphPath: ['final'] },
      { id: 'f2', role: 'assistant', content: 'second', graphPath: ['final', 'summary'] },
    ]);
    expect(finalAnswer(conversation)?.content).toBe('second');
    expect(finalAnswer(applyFrame(conversation, question('Next?', '1732512349999-message', 20)))).toBeNull();
  });

  it("gives the query of the turn's last successful query tool call", () => {
    const other = { measures: ['orders.total'] };
    const conversation = apply([
      question('Q'),
      { id: 't1', role: 'assistant', toolCall: { name: 'cubeQuery', input: JSON.stringify(cubeQuery), result: '{"data":[]}' } },
      { id: 't2', role: 'assistant', toolCall: { name: 'cubeMeta', input: '{"searchQuery":"orders"}', result: '{"cubes":[]}' } },
      { id: 't3', role: 'assistant', toolCall: { name: 'cubeQuery', input: JSON.stringify(other), result: '{"error":"no such member"}' } },
      { id: 'f', role: 'assistant', content: 'Shipped orders lead.', graphPath: ['final'] },
    ]);
    const [turn] = turns(conversation);
    expect(turn!.toolCalls.map((call) => call.id)).toEqual(['t1', 't2', 't3']);
    expect(answerQuery(turn!)).toEqual(cubeQuery);
  });
});

describe('thread state and turns', () => {
  it('replaces everything with a __state__ snapshot', () => {
    const streamed = markCutOff(apply([question('Old?', '1732512340000-message'), delta('partial', 2)]));
    const snapshot = fromThreadState([
      question('Orders?'),
      { id: ANSWER_ID, role: 'assistant', content: 'Orders by status', isDelta: false, graphPath: ['final'], sort: 3 },
    ]);
    expect(snapshot.messages.map((message) => message.content)).toEqual(['Orders?', 'Orders by status']);
    expect(snapshot.cutOffTurnIds).toEqual([]);
    expect(streamed.cutOffTurnIds).toEqual(['1732512340000-message']);
  });

  it('groups a question with the messages after it, and a thread that starts without a question', () => {
    const conversation = apply([
      { id: 'greeting', role: 'assistant', content: 'Hi' },
      question('Q1', '1732512340001-message'), { id: 'a1', role: 'assistant', content: 'A1', graphPath: ['final'], isInProcess: false },
      question('Q2', '1732512340002-message'), delta('A2', 2),
    ]);
    expect(turns(conversation).map(({ id, question: q, replies, answer, inProcess }) => [id, q?.content ?? null, replies.length, answer?.id ?? null, inProcess])).toEqual([
      ['greeting', null, 1, null, false],
      ['1732512340001-message', 'Q1', 1, 'a1', false],
      ['1732512340002-message', 'Q2', 1, null, true],
    ]);
  });

  it('marks the last turn cut off, offers it to be resent, and clears the mark once the turn continues', () => {
    const cut = markCutOff(apply([question('Orders?'), delta('Orders ', 2)]));
    const [turn] = turns(cut);
    expect(turn!.cutOff).toBe(true);
    expect(resendRequest(turn!)).toEqual({ messageId: QUESTION_ID, input: 'Orders?' });
    expect(markCutOff(cut)).toBe(cut);
    expect(turns(applyFrame(cut, { ...delta('Orders by status', 5), isDelta: false }))[0]!.cutOff).toBe(false);
  });

  it('keeps an earlier turn cut off when a new question follows it', () => {
    const cut = markCutOff(apply([question('Orders?'), delta('Orders ', 2)]));
    const next = apply([question('Other?', '1732512349999-message', 1), delta('Sure', 2, { id: 'other' })], cut);
    expect(turns(next).map((turn) => turn.cutOff)).toEqual([true, false]);
  });

  it('shows the question at once and merges the server echo into it', () => {
    const asked = addQuestion(emptyConversation(), QUESTION_ID, 'Orders?');
    const echoed = applyFrame(asked, question('Orders?'));
    expect(echoed.messages).toEqual([expect.objectContaining({ id: QUESTION_ID, role: 'user', content: 'Orders?', sort: 1 })]);
  });

  it('offers nothing to resend for a turn without a question of its own', () => {
    expect(resendRequest(turns(apply([{ id: 'greeting', role: 'assistant', content: 'Hi' }]))[0]!)).toBeNull();
  });
});
