import type { RoundTripBench } from '../../bench/round-trip-actions';
import type { PlatformClient } from '../../src/client';

/** What one action sent, in order: `name` when sent, `name:end` when answered (data loads are `load`). */
export type RequestLog = string[];

/** Every promise-returning Platform API call logged by its method's name, when sent and when answered. */
export function loggedPlatform(client: PlatformClient, log: RequestLog): PlatformClient {
  return new Proxy(client, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (typeof value !== 'function' || typeof key !== 'string') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        // A listing's pages (an async iterator) are logged as it is asked for.
        if (result && typeof result === 'object' && Symbol.asyncIterator in result) log.push(key);
        if (!(result instanceof Promise)) return result;
        log.push(key);
        return result.finally(() => log.push(`${key}:end`));
      };
    },
  });
}

/** The bench's data loads logged as they are sent and answered. */
export function logDataLoads(bench: RoundTripBench, log: RequestLog): void {
  const time = bench.data.time.bind(bench.data);
  bench.data.time = (request) => {
    log.push('load');
    return time(request).finally(() => log.push('load:end'));
  };
}
