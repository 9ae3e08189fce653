import { randomUUID } from 'node:crypto';
import {
  abortedFrame, applyFrame, cutoffFrame, GRAPH, stateFrame, suspendedFrame, usageFrame, wordsOfAnswer, type ChatMessage, type MessageFrame,
} from './frames';
import type { ChatThread, SuspendedTurn, ThreadStore } from './threads';
import { outlivingCaller } from '../store/abandoned';
import type { FailureReporter } from '../log';
import { CubeSourceError } from './cube-source';

/** One response listening to a turn. */
export interface Subscriber {
  send(frame: object): void;
  /** The turn is over for this subscriber: end its response. */
  end(): void;
  /** True once the caller hung up or the response ended. */
  readonly gone: boolean;
}

/** What the agent makes of a question: a tool call to run first, or straight away an answer. */
export type PreparedAnswer =
  | { kind: 'tool'; preamble: string; tool: string; input: string; run(): Promise<ToolOutcome> }
  | { kind: 'answer'; answer: string };

export interface ToolOutcome {
  /** JSON text of the tool's answer (or `{error}`). */
  result: string;
  /** Words for a mid-stream `{error}` line when the tool failed. */
  error?: string;
  answer: string;
}

export interface TurnDependencies {
  store: ThreadStore;
  prepare(question: string): Promise<PreparedAnswer>;
  wordDelayMs: number;
  suspendAfterWords?: number;
  now(): Date;
  /** Tells a failure of the server's own on its log. */
  reportFailure: FailureReporter;
  /** Called once the turn has ended and its messages are saved. */
  ended(turn: Turn): void;
}

/** A new question, or the rest of an answer a suspension stopped (with the turn's messages as saved). */
export type TurnWork = { kind: 'ask'; question: string } | { kind: 'resume'; suspended: SuspendedTurn; saved: ChatMessage[] };

type Ending = 'finished' | 'aborted' | 'suspended' | 'failed';

/**
 * One question being answered on a thread: it runs once, whoever listens, and goes on when a listener hangs up,
 * so a client can come back to it. Its frames go to every subscriber; one who joins late first gets the thread
 * so far as whole messages, so merging frames by id never doubles text. An abort or a suspension stops it at the
 * next step (between words of the answer); what was said is saved either way.
 */
export class Turn {
  private readonly messages: ChatMessage[] = [];
  private readonly subscribers = new Set<Subscriber>();
  private started = false;
  private stopping?: 'abort' | 'suspend';
  private wake: () => void = () => {};
  private answer?: { id: string; text: string; wordsSent: number };
  /** The thread after the turn, for subscribers who arrive once it is over. */
  private endedThread?: ChatMessage[];
  private resolveDone: () => void = () => {};
  readonly done = new Promise<void>((resolve) => {
    this.resolveDone = resolve;
  });

  constructor(
    readonly thread: Omit<ChatThread, 'suspended'>,
    readonly messageId: string,
    private readonly previous: ChatMessage[],
    private readonly work: TurnWork,
    private readonly deps: TurnDependencies,
  ) {
    if (work.kind === 'resume') {
      // What was said before the suspension is the turn's so far: a subscriber gets it first, whole.
      this.messages.push(...work.saved);
      const { answerId, answer, wordsSent } = work.suspended;
      this.answer = { id: answerId, text: answer, wordsSent };
    }
  }

  /** Adds a listener (`replay`: first the thread so far, as whole messages) and starts the turn with its first. */
  attach(subscriber: Subscriber, replay: boolean): void {
    if (this.endedThread) {
      for (const frame of [cutoffFrame({ chatId: this.thread.id, isStreaming: false }), stateFrame(this.endedThread), usageFrame()]) subscriber.send(frame);
      subscriber.end();
      return;
    }
    subscriber.send(cutoffFrame({ chatId: this.thread.id, isStreaming: true }));
    if (replay) for (const message of [...this.previous, ...this.messages]) subscriber.send(message);
    this.subscribers.add(subscriber);
    this.start();
  }

  /** Stops the turn at its next step; resolves once it has ended and is saved. */
  stop(reason: 'abort' | 'suspend'): Promise<void> {
    if (!this.endedThread) this.stopping ??= reason;
    this.wake();
    this.start();
    return this.done;
  }

  private start(): void {
    if (this.started) return;
    this.started = true;
    // Fire and forget: run() reports its own failures through fail(), and whoever waits for the turn awaits done.
    // It goes on (and saves the thread) when the caller who asked hangs up.
    void outlivingCaller(() => this.run());
  }

  private async run(): Promise<void> {
    let ending: Ending;
    try {
      ending = await this.answerQuestion();
    } catch (error) {
      ending = 'failed';
      this.fail('The agent failed while answering', error);
    }
    const thread = [...this.previous, ...this.messages.map((m) => ({ ...m, isInProcess: false }))];
    const suspended = ending === 'suspended' && this.answer ? { messageId: this.messageId, answerId: this.answer.id, answer: this.answer.text, wordsSent: this.answer.wordsSent } : null;
    try {
      await this.deps.store.saveTurn(this.thread, this.messageId, thread.slice(this.previous.length), suspended, this.deps.now());
    } catch (error) {
      this.fail('The agent could not save the thread', error);
    }
    const closing = ending === 'aborted' ? [abortedFrame(), stateFrame(thread), usageFrame()]
      : ending === 'suspended' ? [suspendedFrame(this.messageId), usageFrame()]
        : [stateFrame(thread), usageFrame()];
    for (const frame of closing) this.broadcast(frame);
    for (const subscriber of this.subscribers) subscriber.end();
    this.subscribers.clear();
    this.endedThread = thread;
    this.deps.ended(this);
    this.resolveDone();
  }

  /**
   * A failure of the server itself: on its log for whoever runs it, and in words on the stream. A team's Cube that did
   * not answer is said as it is (the words name no credential), so the user knows it is not their question.
   */
  private fail(what: string, error: unknown): void {
    this.deps.reportFailure(what, error);
    this.broadcast({ error: error instanceof CubeSourceError ? `${what}: ${error.message}` : `${what}. The server's log has the details.` });
  }

  private async answerQuestion(): Promise<Ending> {
    if (this.work.kind === 'resume') return this.streamAnswer();
    const question = this.work.question;
    const user: ChatMessage = { id: this.messageId, role: 'user', content: question, messageId: this.messageId, sort: this.nextSort(), isDelta: false };
    // The question is saved before anything else: the thread exists, and the question stays, whatever happens next.
    await this.deps.store.saveTurn(this.thread, this.messageId, [user], null, this.deps.now());
    this.emit(user);
    const prepared = await this.deps.prepare(question);
    let text = prepared.kind === 'answer' ? prepared.answer : '';
    if (prepared.kind === 'tool') {
      const step = { role: 'assistant' as const, sort: this.nextSort(), graphPath: GRAPH.agent };
      const preamble: MessageFrame = { ...step, id: randomUUID(), content: prepared.preamble, isInProcess: true, isDelta: true };
      this.emit(preamble);
      const call: ChatMessage = {
        id: randomUUID(), role: 'assistant', content: '', sort: this.nextSort(), graphPath: GRAPH.tools,
        toolCall: { name: prepared.tool, input: prepared.input }, isInProcess: true, isDelta: false,
      };
      this.emit(call);
      const outcome = await prepared.run();
      if (outcome.error) this.broadcast({ error: outcome.error });
      this.emit({ ...call, toolCall: { ...call.toolCall!, result: outcome.result }, isInProcess: false });
      this.emit({ ...preamble, content: '', isInProcess: false });
      text = outcome.answer;
    }
    this.answer = { id: randomUUID(), text, wordsSent: 0 };
    return this.streamAnswer();
  }

  /** The final answer, word by word from where it stands, unless the turn is stopped. */
  private async streamAnswer(): Promise<Ending> {
    const answer = this.answer!;
    const pieces = wordsOfAnswer(answer.text);
    const sort = this.messages.find((m) => m.id === answer.id)?.sort ?? this.nextSort();
    const first = answer.wordsSent;
    for (let i = first; i < pieces.length; i++) {
      await this.pause(i === first ? 0 : this.deps.wordDelayMs);
      // A suspension the options ask for happens once, on the first run of the answer.
      if (i === this.deps.suspendAfterWords && this.work.kind === 'ask') this.stopping ??= 'suspend';
      if (this.stopping) break;
      this.emit({
        id: answer.id, role: 'assistant', graphPath: GRAPH.final, sort, content: pieces[i]!, isDelta: true, isInProcess: i < pieces.length - 1,
      });
      answer.wordsSent = i + 1;
    }
    return this.stopping === 'abort' ? 'aborted' : this.stopping === 'suspend' && answer.wordsSent < pieces.length ? 'suspended' : 'finished';
  }

  private nextSort(): number {
    return [...this.previous, ...this.messages].reduce((last, m) => Math.max(last, m.sort), 0) + 1;
  }

  /** Waits `ms` (at least a turn of the event loop, so an abort can land), or less when the turn is stopped. */
  private pause(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = ms > 0 ? setTimeout(done, ms) : undefined;
      const immediate = ms > 0 ? undefined : setImmediate(done);
      this.wake = done;
      function done() {
        clearTimeout(timer);
        if (immediate) clearImmediate(immediate);
        resolve();
      }
    });
  }

  private emit(frame: MessageFrame): void {
    applyFrame(this.messages, frame);
    this.broadcast(frame);
  }

  private broadcast(frame: object): void {
    for (const subscriber of [...this.subscribers]) {
      if (subscriber.gone) this.subscribers.delete(subscriber);
      else subscriber.send(frame);
    }
  }
}
