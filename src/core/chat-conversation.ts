import { CHAT_MESSAGE_ID_PATTERN, CHAT_SENTINELS, CubeQuery, isFinalAnswerFrame, type ChatFrame, type ChatToolCall } from '../contract';

/**
 * The conversation the chat pane renders, built from the Agent chat API's frames (chat.yaml). Every frame id is
 * one message, tool calls included: the protocol gives each call its own id and sends its result later on that
 * id, so a tool-call frame becomes a message whose `toolCalls` holds that one call, and a turn gathers its
 * calls in order. Pure: no network, DOM or Office.
 */
export interface ChatMessage {
  id: string;
  /** A role this client does not know (a newer server's) is shown as the agent's. */
  role: 'user' | 'assistant';
  content: string;
  thinking: string;
  toolCalls: ChatToolCallView[];
  graphPath: string[];
  inProcess: boolean;
  /** The `sort` of the message's first frame that had one: where it began in the thread. */
  sort: number | null;
  /** The agent's final answer node (chat.yaml: `graphPath[0] === "final"`, at most two levels). */
  isFinal: boolean;
}

/**
 * One tool the agent ran, as the chat pane shows it ("Ran a query": members, filters, row count). chat.yaml
 * sends `input` and `result` as JSON text; here they are parsed when they are JSON, and kept as sent when not.
 */
export interface ChatToolCallView {
  /** The id of the frame (message) that carries the call; its result arrives later on the same id. */
  id: string;
  name: string;
  input: unknown;
  /** Absent (undefined) until the tool finishes. */
  result: unknown;
  /** The Cube query, when `input` is one, or `{query}` holding one as an object or as JSON text. */
  query: CubeQuery | null;
  /** Rows the tool answered: its `rowCount` or `totalRows` (the whole result, when `data` holds only the first rows), else how many rows `data` holds. */
  rowCount: number | null;
  /** The tool's failure, when its result is `{error}`. */
  error: string | null;
  running: boolean;
}

export interface ChatConversation {
  /** In thread order (see `applyFrame`). */
  readonly messages: readonly ChatMessage[];
  /** Turns whose stream was cut off and that nothing has continued since (`ChatTurn.id`s). */
  readonly cutOffTurnIds: readonly string[];
}

/** A question and the agent's messages after it, up to the next question. */
export interface ChatTurn {
  /** The question's id (its `messageId`), or the first message's when the thread starts without one. */
  id: string;
  question: ChatMessage | null;
  /** The agent's messages in order, tool calls and working messages included. */
  replies: ChatMessage[];
  toolCalls: ChatToolCallView[];
  /** The last final-answer message of the turn, once there is one. */
  answer: ChatMessage | null;
  inProcess: boolean;
  /** The stream stopped mid-turn: what is shown is partial and can be asked again (`resendRequest`). */
  cutOff: boolean;
}

const SENTINEL_IDS: ReadonlySet<string> = new Set(Object.values(CHAT_SENTINELS));

export function emptyConversation(): ChatConversation {
  return { messages: [], cutOffTurnIds: [] };
}

/**
 * The conversation after one message frame (sentinels and frames without an id change nothing). A frame for a
 * known id updates that message: `isDelta` appends its `content` and `thinking`, otherwise they replace what
 * was there (so a full frame resent on resubscription does not repeat text); fields the frame leaves out keep
 * their value; a tool call's later `result` joins its `input`. A new message goes at the end, before any
 * messages of the same turn that have a larger `sort` (frames can arrive out of order); it never moves into
 * an earlier turn, and a question always starts a new turn. A frame landing in the last turn means that turn
 * continues, so it is no longer marked cut off.
 */
export function applyFrame(conversation: ChatConversation, frame: ChatFrame): ChatConversation {
  const id = frame.id;
  if (!id || SENTINEL_IDS.has(id)) return conversation;
  const index = conversation.messages.findIndex((message) => message.id === id);
  const messages = conversation.messages.slice();
  let position: number;
  if (index >= 0) {
    position = index;
    messages[index] = mergeMessage(messages[index]!, frame);
  } else {
    const message = mergeMessage(null, frame);
    position = message.role === 'user' ? messages.length : insertionIndex(messages, message.sort);
    messages.splice(position, 0, message);
  }
  const lastTurnStart = lastIndexWhere(messages, (message) => message.role === 'user');
  const lastTurnId = (messages[lastTurnStart] ?? messages[0])!.id;
  const continuesCutOffTurn = position >= lastTurnStart && conversation.cutOffTurnIds.includes(lastTurnId);
  return { messages, cutOffTurnIds: continuesCutOffTurn ? conversation.cutOffTurnIds.filter((turnId) => turnId !== lastTurnId) : conversation.cutOffTurnIds };
}

/** The conversation a `__state__` snapshot describes: it replaces everything built before, cut-off marks included. */
export function fromThreadState(messages: readonly ChatFrame[]): ChatConversation {
  return messages.reduce(applyFrame, emptyConversation());
}

/** The person's question, shown at once; the server's echo (same id) later merges into it. */
export function addQuestion(conversation: ChatConversation, messageId: string, input: string): ChatConversation {
  return applyFrame(conversation, { id: messageId, role: 'user', content: input });
}

export function turns(conversation: ChatConversation): ChatTurn[] {
  const groups: { question: ChatMessage | null; replies: ChatMessage[] }[] = [];
  for (const message of conversation.messages) {
    const current = groups.at(-1);
    if (message.role === 'user') groups.push({ question: message, replies: [] });
    else if (current) current.replies.push(message);
    else groups.push({ question: null, replies: [message] });
  }
  return groups.map(({ question, replies }) => {
    const id = (question ?? replies[0]!).id;
    return {
      id,
      question,
      replies,
      toolCalls: replies.flatMap((message) => message.toolCalls),
      answer: replies[lastIndexWhere(replies, (message) => message.isFinal)] ?? null,
      inProcess: replies.some((message) => message.inProcess),
      cutOff: conversation.cutOffTurnIds.includes(id),
    };
  });
}

/** The final answer of the last turn (chat.yaml's rule), or null while that turn has none. */
export function finalAnswer(conversation: ChatConversation): ChatMessage | null {
  return turns(conversation).at(-1)?.answer ?? null;
}

/**
 * The Cube query a turn's answer was based on, for "Place in sheet": the query of the turn's last tool call
 * that ran one and did not fail.
 */
export function answerQuery(turn: ChatTurn): CubeQuery | null {
  return turn.toolCalls[lastIndexWhere(turn.toolCalls, (call) => call.query !== null && call.error === null)]?.query ?? null;
}

/** Marks the last turn as cut off (its stream ended before the answer did). */
export function markCutOff(conversation: ChatConversation): ChatConversation {
  const last = turns(conversation).at(-1);
  if (!last || conversation.cutOffTurnIds.includes(last.id)) return conversation;
  return { ...conversation, cutOffTurnIds: [...conversation.cutOffTurnIds, last.id] };
}

/**
 * What to send again to resume or re-ask a turn: its question with the same `messageId`, which the server
 * treats as the same turn (it resumes a suspended one, or resubscribes to one still streaming).
 */
export function resendRequest(turn: ChatTurn): { messageId: string; input: string } | null {
  const question = turn.question;
  return question && CHAT_MESSAGE_ID_PATTERN.test(question.id) ? { messageId: question.id, input: question.content } : null;
}

function mergeMessage(previous: ChatMessage | null, frame: ChatFrame): ChatMessage {
  const role = frame.role === 'user' || frame.role === 'assistant' ? frame.role : (previous?.role ?? 'assistant');
  const append = frame.isDelta === true && previous !== null;
  const content = append ? previous.content + (frame.content ?? '') : (frame.content ?? previous?.content ?? '');
  const thinking = append ? previous.thinking + (frame.thinking ?? '') : (frame.thinking ?? previous?.thinking ?? '');
  const graphPath = frame.graphPath ?? previous?.graphPath ?? [];
  const inProcess = frame.isInProcess ?? previous?.inProcess ?? false;
  const id = frame.id!;
  const earlierCall = previous?.toolCalls[0];
  const toolCalls = frame.toolCall
    ? [mergeToolCall(id, earlierCall, frame.toolCall, inProcess)]
    : (previous?.toolCalls ?? []).map((call) => withInProcess(call, inProcess));
  return {
    id,
    role,
    content,
    thinking,
    toolCalls,
    graphPath,
    inProcess,
    sort: previous?.sort ?? frame.sort ?? null,
    isFinal: isFinalAnswerFrame({ role, graphPath }),
  };
}

/** `Array.prototype.findLastIndex`, which the ES2022 library the add-in targets does not have. */
function lastIndexWhere<T>(items: readonly T[], test: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index -= 1) if (test(items[index]!)) return index;
  return -1;
}

/** Where a new agent message goes: after the last message of the current turn whose `sort` is not larger. */
function insertionIndex(messages: readonly ChatMessage[], sort: number | null): number {
  let index = messages.length;
  if (sort === null) return index;
  while (index > 0) {
    const before = messages[index - 1]!;
    if (before.role === 'user' || before.sort === null || before.sort <= sort) break;
    index -= 1;
  }
  return index;
}

/** A call's view after `update` arrived for it on frame `id` (fields a frame leaves out keep their earlier value). */
function mergeToolCall(id: string, previous: ChatToolCallView | undefined, update: ChatToolCall, inProcess: boolean): ChatToolCallView {
  const input = update.input == null ? previous?.input : parseJsonText(update.input);
  const result = update.result == null ? previous?.result : parseJsonText(update.result);
  return {
    id,
    name: update.name ?? previous?.name ?? '',
    input,
    result,
    query: queryOf(input),
    rowCount: rowCountOf(result),
    error: isRecord(result) && typeof result.error === 'string' ? result.error : null,
    running: result === undefined && inProcess,
  };
}

/** The view again once the message's `isInProcess` changed: a call without a result runs only while its message does. */
function withInProcess(view: ChatToolCallView, inProcess: boolean): ChatToolCallView {
  const running = view.result === undefined && inProcess;
  return running === view.running ? view : { ...view, running };
}

function queryOf(input: unknown): CubeQuery | null {
  const candidate = isRecord(input) && 'query' in input ? parseJsonText(input.query) : input;
  const query = CubeQuery.safeParse(candidate);
  if (!query.success) return null;
  // Every field of a Cube query is optional, so other tools' inputs (`{searchQuery}`) would pass without this.
  const { measures, dimensions, timeDimensions } = query.data;
  return measures?.length || dimensions?.length || timeDimensions?.length ? query.data : null;
}

function rowCountOf(result: unknown): number | null {
  if (!isRecord(result)) return null;
  // chat.yaml does not define a result's fields: the local agent says `rowCount`; `totalRows` is read as well.
  for (const count of [result.rowCount, result.totalRows]) if (typeof count === 'number') return count;
  return Array.isArray(result.data) ? result.data.length : null;
}

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
