import type { ChatAgent, ChatStreamEvent, ChatStreamRequest } from '../ports/chat-agent';
import { ChatStreamCutError } from '../client/chat-errors';
import { RequestCancelledError } from '../client/errors';
import {
  addQuestion, applyFrame, emptyConversation, fromThreadState, markCutOff, resendRequest, turns, type ChatConversation,
} from '../core/chat-conversation';
import { MAX_LISTED_THREADS, type ChatThreadEntry, type ChatThreadStore } from './chat-settings';

/**
 * The agent chat's controller: the conversation the view renders, and every decision behind it. A question
 * streams its answer frame by frame into the conversation (the pane never waits on it); Stop asks the agent to
 * stop; a stream that breaks keeps the partial answer, marked cut off, and "Try again" resends that turn (same
 * `messageId`: the agent resumes it or resubscribes, never asks twice). The user's threads are listed from the
 * pane's own storage (the Chat API lists none), and the one open last is read back when the pane opens.
 */

export type ChatStreaming = Pick<ChatAgent, 'stream' | 'abort' | 'newMessageId'>;

export interface ChatContext {
  client: ChatStreaming;
  store: ChatThreadStore;
  /** Puts a failure into words the user can act on (the pane's catalog). */
  describe(error: unknown): string;
  now?: () => number;
}

export type ChatPhase = 'idle' | 'loading' | 'streaming' | 'stopping';

export interface ChatState {
  phase: ChatPhase;
  chatId: string | null;
  conversation: ChatConversation;
  threads: ChatThreadEntry[];
  /** Why the last request failed, in words; null when it did not. */
  error: string | null;
  /** The agent's own words from `{error}` lines during the last answer (the stream went on after each). */
  agentProblems: string[];
  /** Lines of the last answer that could not be read (not JSON, or not a frame). */
  unreadableLines: number;
  /** The last answer was stopped by the user. */
  stopped: boolean;
}

/** How much of a question names its thread in the list. */
const TITLE_LENGTH = 80;

export class ChatController {
  private state: ChatState;
  private readonly listeners = new Set<() => void>();
  /** The stream being read; aborting it stops reading (not the agent: `stop` asks the agent). */
  private reading: AbortController | null = null;
  private disposed = false;

  constructor(private readonly context: ChatContext) {
    const { threads, activeChatId } = context.store.load();
    this.state = {
      phase: 'idle', chatId: activeChatId, conversation: emptyConversation(), threads, error: null, agentProblems: [],
      unreadableLines: 0, stopped: false,
    };
  }

  getState = (): ChatState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(partial: Partial<ChatState>): void {
    if (this.disposed) return;
    this.state = { ...this.state, ...partial };
    for (const listener of this.listeners) listener();
  }

  /** Reads the thread open last back (its messages, and an answer still streaming or suspended). */
  async open(): Promise<void> {
    if (this.state.chatId) await this.openThread(this.state.chatId);
  }

  async openThread(chatId: string): Promise<void> {
    this.stopReading();
    this.set({ chatId, conversation: emptyConversation(), ...this.fresh(), phase: 'loading' });
    this.saveThreads(this.state.threads, chatId);
    await this.read({ chatId }, true);
  }

  newThread(): void {
    this.stopReading();
    this.set({ chatId: null, conversation: emptyConversation(), ...this.fresh(), phase: 'idle' });
    this.saveThreads(this.state.threads, null);
  }

  /** Sends a question; its answer streams in. Refused (in words) while an answer is streaming. */
  async ask(input: string): Promise<void> {
    const question = input.trim();
    if (!question || this.busy()) return;
    const messageId = this.context.client.newMessageId();
    this.set({ conversation: addQuestion(this.state.conversation, messageId, question), ...this.fresh(), phase: 'streaming' });
    await this.read({ chatId: this.state.chatId ?? undefined, input: question, messageId }, false, question);
  }

  /** "Try again" on a cut-off turn: the same question with the same `messageId`. */
  async retry(): Promise<void> {
    const last = turns(this.state.conversation).at(-1);
    const again = last && resendRequest(last);
    if (!again || this.busy()) return;
    this.set({ ...this.fresh(), phase: 'streaming' });
    await this.read({ chatId: this.state.chatId ?? undefined, ...again }, false);
  }

  /** Asks the agent to stop the answer; the stream then ends with `__aborted__` and the partial answer stays. */
  async stop(): Promise<void> {
    const chatId = this.state.chatId;
    if (this.state.phase !== 'streaming') return;
    if (!chatId) {
      // The agent has not named the thread yet, so there is nothing to address: stop reading instead.
      this.stopReading();
      this.set({ phase: 'idle', stopped: true, conversation: markCutOff(this.state.conversation) });
      return;
    }
    this.set({ phase: 'stopping' });
    try {
      await this.context.client.abort(chatId);
    } catch (error) {
      this.set({ phase: 'streaming', error: this.context.describe(error) });
    }
  }

  dispose(): void {
    this.stopReading();
    this.disposed = true;
    this.listeners.clear();
  }

  private busy(): boolean {
    return this.state.phase === 'streaming' || this.state.phase === 'stopping' || this.state.phase === 'loading';
  }

  private fresh(): Pick<ChatState, 'error' | 'agentProblems' | 'unreadableLines' | 'stopped'> {
    return { error: null, agentProblems: [], unreadableLines: 0, stopped: false };
  }

  private stopReading(): void {
    this.reading?.abort();
    this.reading = null;
  }

  /**
   * Reads one stream into the conversation. `readBack`: the thread's state was asked for; an answer it says is
   * suspended is resumed by resending its turn. `title`: a new question, naming the thread in the list.
   */
  private async read(request: ChatStreamRequest, readBack: boolean, title?: string): Promise<void> {
    const reading = new AbortController();
    this.reading = reading;
    let suspendedMessageId: string | null = null;
    const onEvent = (event: ChatStreamEvent) => {
      if (reading.signal.aborted) return;
      suspendedMessageId = this.onEvent(event, title) ?? suspendedMessageId;
    };
    try {
      const end = await this.context.client.stream(request, onEvent, reading.signal);
      if (reading.signal.aborted) return;
      this.set({ phase: 'idle', stopped: end.outcome === 'aborted' || this.state.stopped });
    } catch (error) {
      if (error instanceof RequestCancelledError && reading.signal.aborted) return;
      const cut = error instanceof ChatStreamCutError;
      if (cut && error.chatId && !this.state.chatId) this.adoptThread(error.chatId, title);
      this.set({
        phase: 'idle',
        conversation: cut ? markCutOff(this.state.conversation) : this.state.conversation,
        error: cut ? null : this.context.describe(error),
      });
      return;
    } finally {
      if (this.reading === reading) this.reading = null;
    }
    if (readBack && suspendedMessageId) {
      const turn = turns(this.state.conversation).find((t) => t.id === suspendedMessageId);
      const again = turn && resendRequest(turn);
      if (again) {
        this.set({ phase: 'streaming' });
        await this.read({ chatId: this.state.chatId ?? undefined, ...again }, false);
      }
    }
  }

  /** Applies one event; answers the suspended turn's id a read-back reports. */
  private onEvent(event: ChatStreamEvent, title: string | undefined): string | null {
    const { conversation } = this.state;
    switch (event.type) {
      case 'cutoff':
        this.adoptThread(event.chatId, title);
        if (event.isStreaming && this.state.phase === 'loading') this.set({ phase: 'streaming' });
        return event.suspendedMessageId;
      case 'frame':
        this.set({ conversation: applyFrame(conversation, event.frame) });
        return null;
      case 'state':
        this.set({ conversation: fromThreadState(event.messages) });
        return null;
      case 'error':
        this.set({ agentProblems: [...this.state.agentProblems, event.message] });
        return null;
      case 'malformed':
        this.set({ unreadableLines: this.state.unreadableLines + 1 });
        return null;
      case 'aborted':
        this.set({ stopped: true });
        return null;
      case 'resumed':
      case 'usage':
        return null;
    }
  }

  /** The thread the agent named: listed (a new one first, titled by its question) and remembered as open. */
  private adoptThread(chatId: string, title: string | undefined): void {
    const now = (this.context.now ?? Date.now)();
    const known = this.state.threads.find((t) => t.chatId === chatId);
    const entry: ChatThreadEntry = { chatId, title: known?.title ?? (title ?? '').slice(0, TITLE_LENGTH), updatedAt: now };
    const threads = [entry, ...this.state.threads.filter((t) => t.chatId !== chatId)].slice(0, MAX_LISTED_THREADS);
    this.set({ chatId, threads });
    this.saveThreads(threads, chatId);
  }

  private saveThreads(threads: ChatThreadEntry[], activeChatId: string | null): void {
    try {
      this.context.store.save({ threads, activeChatId });
    } catch (error) {
      // Storage full or blocked: the conversation goes on, but the list will not survive a reload; say so.
      this.set({ error: this.context.describe(error) });
    }
  }
}
