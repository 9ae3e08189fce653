/** Promises shared within one run (shared-run.ts): what the run's placements ask for alike is asked for once. */

interface Held<T> {
  promise: Promise<T>;
  /** Its value once resolved. */
  value?: T;
  signal?: AbortSignal;
}

/**
 * The same promise for the same key while it is held; a rejection is not kept. A caller with another signal than the
 * one the shared request was sent with is not failed by that signal's abort: it asks again.
 */
export function memo<T>() {
  const held = new Map<string, Held<T>>();
  const get = (key: string, signal: AbortSignal | undefined, send: () => Promise<T>): Promise<T> => {
    const found = held.get(key);
    if (found) {
      if (found.signal === signal) return found.promise;
      return found.promise.catch((error: unknown) => {
        if (found.signal?.aborted && !signal?.aborted) return get(key, signal, send);
        throw error;
      });
    }
    const entry: Held<T> = { promise: send(), signal };
    held.set(key, entry);
    entry.promise.then(
      (value) => {
        entry.value = value;
      },
      () => {
        if (held.get(key) === entry) held.delete(key);
      },
    );
    return entry.promise;
  };
  return { get, held };
}

export type Memo<T> = ReturnType<typeof memo<T>>;
