/**
 * What the workbook's formulas answered since the last refresh, one outcome per formula (function and arguments):
 * Refresh all's summary counts them once the calls its calculation made have settled.
 */

/** Formulas that kept their last value because the source could not be reached: how many, and the oldest one's time. */
export interface StaleFormulas {
  count: number;
  /** When the oldest of the values shown was answered (ms since the epoch). */
  since: number;
}

export interface FormulaTally {
  /** Answered afresh. */
  recalculated: number;
  /** Answered with an error (#VALUE! or #N/A), no last value to show. */
  failed: number;
  stale: StaleFormulas | null;
}

export type Outcome = { kind: 'recalculated' } | { kind: 'failed' } | { kind: 'stale'; at: number };

export interface SettleTiming {
  /** The calls are settled once none has been under way for this long (Excel's next calls may follow the last). */
  quietMs: number;
  /** Waiting ends after this long, settled or not: the summary then counts what has settled. */
  atMostMs: number;
}

/** Quiet: half a second; at most 30 s, the longest a summary waits for slow queries. */
export const SETTLE_TIMING: SettleTiming = { quietMs: 500, atMostMs: 30_000 };

export class FormulaCalls {
  private outcomes = new Map<string, Outcome>();
  private underWay = 0;
  private began = 0;
  private lastChange: number;

  constructor(private readonly now: () => number = Date.now) {
    this.lastChange = now();
  }

  /** A call began: the function answers through `settle` with its outcome. */
  begin(): (formula: string, outcome: Outcome) => void {
    this.underWay += 1;
    this.began += 1;
    this.lastChange = this.now();
    let settled = false;
    return (formula, outcome) => {
      if (settled) return;
      settled = true;
      this.underWay -= 1;
      this.lastChange = this.now();
      this.outcomes.set(formula, outcome);
    };
  }

  /** Whether any formula has called since the service began (a workbook without formulas has nothing to wait for). */
  get used(): boolean {
    return this.began > 0;
  }

  /** A refresh: the outcomes before it are no longer the workbook's (calls under way still settle into the new count). */
  reset(): void {
    this.outcomes = new Map();
    this.lastChange = this.now();
  }

  tally(): FormulaTally {
    const tally: FormulaTally = { recalculated: 0, failed: 0, stale: null };
    for (const outcome of this.outcomes.values()) {
      if (outcome.kind === 'stale') tally.stale = { count: (tally.stale?.count ?? 0) + 1, since: Math.min(tally.stale?.since ?? outcome.at, outcome.at) };
      else tally[outcome.kind] += 1;
    }
    return tally;
  }

  /** Resolves with the tally once no call has been under way for `quietMs`, or after `atMostMs` whatever is under way. */
  async settled({ quietMs, atMostMs }: SettleTiming, sleep: (ms: number) => Promise<void>): Promise<FormulaTally> {
    const giveUp = this.now() + atMostMs;
    for (;;) {
      const quietFor = this.now() - this.lastChange;
      if ((this.underWay === 0 && quietFor >= quietMs) || this.now() >= giveUp) return this.tally();
      await sleep(this.underWay === 0 ? quietMs - quietFor : Math.min(quietMs, 100));
    }
  }
}
