import type { PlatformContext } from './context';
import { loadSemanticModel } from './cube/model';
import type { FaultInjector } from './faults';
import { failureReporter, type FailureReporter } from './log';
import type { StateStore } from './store/state-store';

/** The engine's limits a server may set (the platform and the Cube Core stand-in alike). */
export interface EngineLimits {
  continueWaitMs?: number;
  queryDelayMs?: number;
  maxRowLimit?: number;
  /** Where the server's own failures are told (a team server's JSON log); stderr without. */
  reportFailure?: FailureReporter;
}

/** What every route of a server reads: its database, the semantic model, faults, its address and clock, and the engine's limits. */
export function engineContext(
  db: StateStore, modelPath: string, faults: FaultInjector, publicUrl: () => string, now: () => Date, limits: EngineLimits,
): PlatformContext {
  return {
    db,
    model: loadSemanticModel(modelPath),
    faults,
    publicUrl,
    now,
    continueWaitMs: limits.continueWaitMs ?? 5_000,
    queryDelayMs: limits.queryDelayMs ?? 0,
    maxRowLimit: limits.maxRowLimit ?? 50_000,
    reportFailure: limits.reportFailure ?? failureReporter(undefined),
  };
}
