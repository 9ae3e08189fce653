import { RequestCancelledError } from './errors';

/**
 * `promise`, or a cancellation when `signal` aborts first (or has already). The work behind `promise` is shared and
 * goes on for its other callers: one caller's cancel stops only its own wait.
 */
export function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new RequestCancelledError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new RequestCancelledError());
    signal.addEventListener('abort', onAbort, { once: true });
    // Nothing to wait on: the outcome goes on through resolve and reject, so this chain cannot reject.
    void promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
