/**
 * At most `size` tasks at once; the rest wait their turn in order. A task still waiting when its signal aborts
 * leaves the line with the signal's reason and never starts.
 */
export class Slots {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.running >= this.size) await this.turn(signal);
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `running` stays as it is.
      if (next) next();
      else this.running -= 1;
    }
  }

  private turn(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    return new Promise<void>((resolve, reject) => {
      const take = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(take);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal!.reason);
      };
      this.waiting.push(take);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}
