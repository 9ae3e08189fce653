import type { ChatRequest } from '../../src/contract';
import type { PlatformContext } from '../context';
import { HttpError, notFound } from '../http';
import { Answerer } from './answerer';
import { cutoffFrame, stateFrame, usageFrame } from './frames';
import type { AgentHost, Asker } from './host';
import type { AgentSource } from './source';
import { ThreadStore } from './threads';
import { Turn, type Subscriber } from './turn';

/** How the local agent paces its answers (`PlatformOptions.agent`). */
export interface AgentOptions {
  /** Pause between words of a final answer (default 25 ms, a person's reading pace). */
  wordDelayMs?: number;
  /** Suspend every answer after this many words (`__suspended__`), as a server restart would, to exercise resume. */
  suspendAfterWords?: number;
}

const DEFAULT_WORD_DELAY_MS = 25;

/** Starts a response's part in a stream once its headers are out. */
export type OpenedStream = (subscriber: Subscriber) => void;

/**
 * An agent's threads: what a request does (ask, resume, listen again, read back), the answers streaming
 * now (one per thread), aborts, and suspending them all when the platform stops.
 */
export class ChatAgent {
  private readonly turns = new Map<string, Turn>();
  private readonly store: ThreadStore;
  private readonly answerer: Answerer;
  private lastMessageTime = 0;
  private closing = false;

  constructor(private readonly ctx: PlatformContext, readonly host: AgentHost, private readonly options: AgentOptions = {}) {
    this.store = new ThreadStore(ctx.db);
    this.answerer = new Answerer(host.view, { catalogTtlMs: host.catalogTtlMs, now: ctx.now });
  }

  /**
   * Decides what a stream request does, refusing it (404, 403, 409) before anything is streamed. Per chat.yaml:
   * `input` asks; a `messageId` already answered on the thread reads the thread back instead of asking again; the
   * `messageId` of the answer streaming now, or a read while one streams, listens to it; the `messageId` of a
   * suspended answer resumes it.
   */
  async open(asker: Asker, request: ChatRequest): Promise<OpenedStream> {
    if (this.closing) throw new HttpError(503, 'The server is shutting down: ask again in a moment');
    const { owner } = asker;
    const { chatId, input, messageId } = request;
    if (input === undefined && !chatId) throw new HttpError(400, 'Send input to ask a question, or a chatId to read a thread back');
    // Asking, or resuming by messageId, reads data with the asker's rights: a source that cannot be had refuses now.
    const source = input !== undefined || messageId !== undefined ? await this.host.sourceFor(asker) : null;
    const stored = chatId ? await this.store.find(this.host.id, chatId)
      : messageId ? await this.store.findByMessage(this.host.id, owner, messageId) : undefined;
    const saved = stored ? await this.store.messages(stored.id) : [];
    // No await from here on: what runs on the thread is decided and registered at once.
    const live = chatId ? this.turns.get(chatId)
      : messageId ? [...this.turns.values()].find((t) => t.thread.owner === owner && t.messageId === messageId) : undefined;
    const thread = live?.thread ?? stored;
    if (chatId && !thread) throw notFound(`No chat thread ${chatId}`);
    if (thread && thread.owner !== owner) throw new HttpError(403, 'This chat thread belongs to another user');
    if (live) {
      const answered = input === undefined || messageId === live.messageId || saved.some((m) => m.turn === messageId);
      if (answered) return (subscriber) => live.attach(subscriber, true);
      throw new HttpError(409, 'An answer is still streaming on this thread: wait for it to end, or abort it, before asking again');
    }
    const suspended = stored?.suspended;
    if (stored && suspended && messageId === suspended.messageId) {
      const turn = this.register(new Turn(stored, messageId, saved.filter((m) => m.turn !== messageId).map((m) => m.message), {
        kind: 'resume', suspended, saved: saved.filter((m) => m.turn === messageId).map((m) => m.message),
      }, this.dependencies(source!)));
      return (subscriber) => turn.attach(subscriber, true);
    }
    if (stored && (input === undefined || saved.some((m) => m.turn === messageId))) {
      const cutoff = cutoffFrame({ chatId: stored.id, isStreaming: false, ...(suspended ? { suspended: { messageId: suspended.messageId } } : {}) });
      const frames = [cutoff, stateFrame(saved.map((m) => m.message)), usageFrame()];
      return (subscriber) => {
        for (const frame of frames) subscriber.send(frame);
        subscriber.end();
      };
    }
    const question = input!;
    const target = stored ?? { id: ThreadStore.newId(), agentId: this.host.id, owner, title: question.trim() };
    const turn = this.register(new Turn(target, messageId ?? this.newMessageId(), saved.map((m) => m.message), { kind: 'ask', question }, this.dependencies(source!)));
    return (subscriber) => turn.attach(subscriber, false);
  }

  /** Stops the answer streaming on a thread (it emits `__aborted__`); also ends a suspended one. Idempotent. */
  async abort(owner: string, chatId: string): Promise<void> {
    const thread = this.turns.get(chatId)?.thread ?? await this.store.find(this.host.id, chatId);
    if (!thread) throw notFound(`No chat thread ${chatId}`);
    if (thread.owner !== owner) throw new HttpError(403, 'This chat thread belongs to another user');
    const live = this.turns.get(chatId);
    if (live) await live.stop('abort');
    else if ('suspended' in thread && thread.suspended) await this.store.endSuspension(chatId);
  }

  /** Suspends every answer streaming (`__suspended__`, saved to resume), as a real server does when it stops. */
  async suspendAll(): Promise<void> {
    this.closing = true;
    await Promise.all([...this.turns.values()].map((turn) => turn.stop('suspend')));
  }

  private register(turn: Turn): Turn {
    // A request that got this far while the platform began to stop must not start what could no longer be saved.
    if (this.closing) throw new HttpError(503, 'The server is shutting down: ask again in a moment');
    this.turns.set(turn.thread.id, turn);
    return turn;
  }

  private dependencies(source: AgentSource) {
    return {
      store: this.store,
      prepare: (question: string) => this.answerer.prepare(question, source),
      wordDelayMs: this.options.wordDelayMs ?? DEFAULT_WORD_DELAY_MS,
      suspendAfterWords: this.options.suspendAfterWords,
      now: this.ctx.now,
      reportFailure: this.ctx.reportFailure,
      ended: (turn: Turn) => {
        if (this.turns.get(turn.thread.id) === turn) this.turns.delete(turn.thread.id);
      },
    };
  }

  /** chat.yaml's messageId form for a question sent without one: a Unix-millisecond time, unique here. */
  private newMessageId(): string {
    this.lastMessageTime = Math.max(Date.now(), this.lastMessageTime + 1);
    return `${this.lastMessageTime}-message`;
  }
}
