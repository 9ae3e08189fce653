import { CHAT_SENTINELS } from '../../src/contract';
import type { ChatStreamFault } from '../faults';
import type { ResponseStream } from '../http';
import type { Subscriber } from './turn';

/** An injected fault strikes before the final answer's word after this many, or before the closing frames. */
export const FAULT_AFTER_WORDS = 3;
const CLOSING = new Set<string>([CHAT_SENTINELS.state, CHAT_SENTINELS.aborted, CHAT_SENTINELS.suspended, CHAT_SENTINELS.usage]);

type Frame = { id?: unknown; isDelta?: unknown; graphPath?: unknown };
const isFinalWord = (frame: Frame) => frame.isDelta === true && Array.isArray(frame.graphPath) && frame.graphPath[0] === 'final';

/**
 * One HTTP response listening to a turn: each frame a line of JSON, written (and so flushed) at once. A chat
 * fault rule breaks this response only, as a flaky network or proxy would; the turn goes on for everyone else.
 */
export class ResponseSubscriber implements Subscriber {
  private finalWords = 0;
  private finished = false;

  constructor(
    private readonly out: ResponseStream,
    private fault: ChatStreamFault | undefined,
    private readonly onFinish: () => void,
  ) {
    out.onClose(() => this.finish());
  }

  get gone(): boolean {
    return this.finished || this.out.closed;
  }

  send(frame: object): void {
    if (this.gone) return;
    const line = JSON.stringify(frame);
    const f = frame as Frame;
    if (this.fault && ((isFinalWord(f) && this.finalWords === FAULT_AFTER_WORDS) || CLOSING.has(String(f.id)))) {
      if (this.strike(line)) return;
    }
    if (isFinalWord(f)) this.finalWords += 1;
    this.out.write(`${line}\n`);
  }

  end(): void {
    this.out.end();
    this.finish();
  }

  /** Breaks the response before `line`; true when the response is over. */
  private strike(line: string): boolean {
    const fault = this.fault;
    this.fault = undefined;
    if (fault === 'error') this.out.write(`${JSON.stringify({ error: 'Injected fault: the agent hit an error mid-answer' })}\n`);
    if (fault === 'malformed') this.out.write('<html>Injected fault: this line is not JSON\n');
    if (fault === 'drop') this.out.destroy();
    if (fault === 'truncated') {
      this.out.write(line.slice(0, Math.floor(line.length / 2)));
      this.out.end();
    }
    if (fault === 'drop' || fault === 'truncated') this.finish();
    return this.gone;
  }

  private finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.onFinish();
  }
}
