import type { AppConfigResponse, CubeLoadResult, CubeQuery, User } from '../contract';
import { effectiveTimezone } from '../core/timezone';
import type { DataClient } from '../ports/data-source';

/** A report's query as placing sends it (`ReportRunner`): the query's own time zone, else the settings'. */
export function queryAsPlaced(query: CubeQuery, user: User, appConfig: AppConfigResponse): CubeQuery {
  const timezone = query.timezone ? null : effectiveTimezone(appConfig.timezoneSettings, user.settings?.timezone);
  return timezone ? { ...query, timezone } : query;
}

/** What a load the preview waits for only so long came to: its result, or given up while the data API said Continue wait. */
export type PatientLoad = { kind: 'answered'; result: CubeLoadResult } | { kind: 'gave-up' };

/**
 * A load for a look before placing (the preview's size, its first rows): while the data API answers Continue wait it
 * is waited for up to `maxWaitMs` (each wait told to `onWait`), then given up. A failure, or `signal` cancelling it,
 * is thrown; placing itself never waits on such a load.
 */
export async function patientLoad(
  data: Pick<DataClient, 'load'>, query: CubeQuery,
  { maxWaitMs, signal, onWait }: { maxWaitMs: number; signal?: AbortSignal; onWait?: (waitedMs: number) => void },
): Promise<PatientLoad> {
  const waiting = new AbortController();
  const stop = () => waiting.abort();
  if (signal?.aborted) waiting.abort();
  signal?.addEventListener('abort', stop);
  let gaveUp = false;
  try {
    const result = await data.load(query, {
      signal: waiting.signal,
      onProgress: ({ waitedMs }) => {
        if (waitedMs < maxWaitMs) return onWait?.(waitedMs);
        gaveUp = true;
        waiting.abort();
      },
    });
    return { kind: 'answered', result };
  } catch (error) {
    if (gaveUp && !signal?.aborted) return { kind: 'gave-up' };
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
  }
}
