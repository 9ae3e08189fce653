/**
 * "Refresh all" asked for from the ribbon. The button runs a function in the pane's shared runtime; the pane's
 * workspace runs it as its own tracked Refresh all, so progress, Stop and the summary are the pane's, and the result
 * is there when the pane is shown. The workspace takes requests only while it can act on them (signed in, nothing
 * else writing); until then one request waits (more clicks add nothing) and runs as soon as it can be taken, so a
 * click made before signing in, or while the pane asks the user something, is not lost.
 */

/** What a runner did with a request: ran it (or joined the run under way) to its end, or cannot take it now. */
export type RunnerAnswer = 'ran' | 'not-now';

/**
 * The workspace's way of running a request. It settles when the run it started or joined has ended, and never
 * rejects: a run's failures are its items' outcomes, shown in the pane.
 */
export type RibbonRunner = () => Promise<RunnerAnswer>;

/** How the ribbon's command ended: the run is over, or the request waits for the pane (which should be shown). */
export type RibbonRequestOutcome = 'ran' | 'waiting';

/**
 * The ribbon button's function: runs the request, or leaves it waiting and shows the pane, which says that it waits
 * and why.
 */
export async function runRibbonRefreshAll(requests: RibbonRefreshRequests, showPane: () => Promise<unknown>): Promise<void> {
  if ((await requests.request()) !== 'waiting') return;
  try {
    await showPane();
  } catch {
    // Office would not show the pane: the request still waits, and the pane says so whenever the user opens it.
    // A ribbon command has nowhere else to say anything.
  }
}

export class RibbonRefreshRequests {
  private runner: RibbonRunner | null = null;
  private waitingRequest = false;
  private readonly listeners = new Set<(waiting: boolean) => void>();

  /** The ribbon's click. */
  async request(): Promise<RibbonRequestOutcome> {
    if (this.runner && (await this.runner()) === 'ran') return 'ran';
    this.setWaiting(true);
    return 'waiting';
  }

  /** Whether a request waits for the workspace. */
  get waiting(): boolean {
    return this.waitingRequest;
  }

  /**
   * The workspace offers to run requests, as it stands now (offer again when that changes); a waiting request is
   * handed to it at once. Returns the withdrawal of this offer.
   */
  offer(runner: RibbonRunner): () => void {
    this.runner = runner;
    if (this.waitingRequest) {
      this.setWaiting(false);
      // Fire and forget: a runner never rejects (its run's failures are its items' outcomes, shown in the pane).
      void runner().then((answer) => {
        if (answer === 'not-now') this.setWaiting(true);
      });
    }
    return () => {
      if (this.runner === runner) this.runner = null;
    };
  }

  /** Tells `listener` whenever a request starts or stops waiting. Returns the unsubscription. */
  subscribe(listener: (waiting: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setWaiting(waiting: boolean): void {
    if (this.waitingRequest === waiting) return;
    this.waitingRequest = waiting;
    for (const listener of [...this.listeners]) listener(waiting);
  }
}
