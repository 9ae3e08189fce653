/**
 * What the add-in makes of the errors Excel answers a batch with, by `code` (Excel.ErrorCodes; the table of
 * codes and what they mean: https://learn.microsoft.com/en-us/office/dev/add-ins/testing/application-specific-api-error-handling).
 */

export function hostErrorCode(error: unknown): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : null;
}

/**
 * Errors that say "not now" rather than "not this": the user is typing in a cell (`InvalidOperationInCellEditMode`,
 * https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-delay-in-cell-edit), throttling
 * (`ActivityLimitReached`), the service is busy or was interrupted (`ServiceNotAvailable`, `RequestAborted`), or
 * another edit got in the way (`Conflict`). The same batch sent again later can succeed.
 */
const TRANSIENT = new Set(['InvalidOperationInCellEditMode', 'ActivityLimitReached', 'ServiceNotAvailable', 'RequestAborted', 'Conflict']);

export function isTransientHostError(error: unknown): boolean {
  const code = hostErrorCode(error);
  return code !== null && TRANSIENT.has(code);
}

/** Excel on the web refused a response over its 5 MB limit: the read is sent again in smaller pieces. */
export function isResponseTooLarge(error: unknown): boolean {
  return hostErrorCode(error) === 'ResponsePayloadSizeLimitExceeded';
}

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
}

/** Writes: about 15 s of waiting in all, enough for someone to finish typing in a cell. */
export const WRITE_RETRY: RetryPolicy = { attempts: 6, baseDelayMs: 500, maxDelayMs: 8_000 };
/** Putting cells back matters more than giving up quickly: about a minute and a half. */
export const RESTORE_RETRY: RetryPolicy = { attempts: 14, baseDelayMs: 500, maxDelayMs: 8_000 };

export type Sleep = (ms: number) => Promise<void>;
export const realSleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it succeeds, waiting (exponential backoff) after each transient host error. A permanent
 * error, or a transient one on the last try, is thrown at once. `attempt` is told how many tries came before;
 * work it finished on an earlier try it must not redo (it keeps its own progress), and a try that made
 * progress before failing starts the count of failed tries again.
 */
export async function withHostRetry<T>(
  policy: RetryPolicy,
  sleep: Sleep,
  attempt: (tries: number) => Promise<T>,
  progressed: () => boolean = () => false,
): Promise<T> {
  let failures = 0;
  for (let tries = 0; ; tries += 1) {
    try {
      return await attempt(tries);
    } catch (error) {
      failures = progressed() ? 1 : failures + 1;
      if (!isTransientHostError(error) || failures >= policy.attempts) throw error;
      await sleep(Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (failures - 1)));
    }
  }
}
