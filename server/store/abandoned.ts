import { AsyncLocalStorage } from 'node:async_hooks';

/** Whether the HTTP caller of the work running now has hung up (set per request by the request listener). */
const callers = new AsyncLocalStorage<{ gone: () => boolean }>();

/** Runs a request's handling with a way for queued work to see that its caller hung up. */
export function withCaller<T>(gone: () => boolean, handle: () => T): T {
  return callers.run({ gone }, handle);
}

/** Runs work that outlives the request that started it (an agent's answer goes on after its caller hangs up). */
export function outlivingCaller<T>(work: () => T): T {
  return callers.exit(work);
}

/** Raised instead of running work whose caller has hung up: nobody would read the answer. */
export class CallerGoneError extends Error {
  constructor() {
    super('The caller hung up before its turn on the state connection');
    this.name = 'CallerGoneError';
  }
}

/**
 * Taken when work joins the state connection's queue: at its turn, `throwIfGone` skips work whose caller
 * left while it waited (a client timeout in a burst), so a backlog does not grow with answers nobody reads.
 * Work outside a request (start-up, seeding) always runs.
 */
export function abandonedRequestError(): { throwIfGone: () => void } {
  const caller = callers.getStore();
  return {
    throwIfGone: () => {
      if (caller?.gone()) throw new CallerGoneError();
    },
  };
}
