import { CoreDataClient } from '../../src/client';
import type { CubeQuery } from '../../src/contract';
import type { FormulaTally } from '../../src/functions/formula-calls';
import { FormulaError, SourceUnreachable } from '../../src/functions/formula-errors';
import { FormulaService } from '../../src/functions/formula-service';
import type { ReportRunner } from '../../src/placements/report-run';
import type { ReportStore } from '../../src/ports/report-store';
import { FORMULA_META } from '../support/formula-meta';
import { memoryLastValues } from '../support/memory-last-values';

/**
 * An outage never replaces a governed number: RS.VALUE over Cube's REST client (the real `CoreDataClient`, its own
 * retries) and a data API that answers, then cannot be reached. The numbers are this fake data API's own table.
 */

const REVENUE: Record<string, number> = { Europe: 1200.5, 'North America': 3400, 'Asia Pacific': 560.25 };

/** A data API at loopback: `/v1/meta` the hand-written model, `/v1/load` rows of REVENUE; down, every request fails to connect. */
function dataApi() {
  const api = { down: false, status: 0, requests: { meta: 0, load: 0 } };
  const fetch = async (url: string, init: RequestInit): Promise<Response> => {
    const path = new URL(url).pathname;
    if (path.endsWith('/v1/meta')) api.requests.meta += 1;
    if (path.endsWith('/v1/load')) api.requests.load += 1;
    if (api.down) throw new TypeError('fetch failed');
    if (api.status) return new Response(JSON.stringify({ error: 'refused' }), { status: api.status });
    if (path.endsWith('/v1/meta')) return Response.json(FORMULA_META);
    const { query } = JSON.parse(String(init.body)) as { query: CubeQuery };
    const wanted = query.filters?.flatMap((f) => ('member' in f && f.member === 'orders.region' ? (f.values ?? []).map(String) : [])) ?? Object.keys(REVENUE);
    const data = wanted.filter((region) => region in REVENUE).map((region) => ({
      'orders.region': region,
      ...Object.fromEntries((query.measures ?? []).map((m) => [m, String(REVENUE[region])])),
    }));
    return Response.json({ query, data, annotation: { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} } });
  };
  const client = new CoreDataClient({ apiUrl: 'http://localhost:4000/cubejs-api', tokens: { getToken: async () => 'token', invalidate: () => undefined }, fetch, sleep: async () => undefined });
  return { api, client };
}

const ANSWERED_AT = Date.UTC(2025, 2, 3, 10, 42);

/** A service over `client`; its clock stands still but for its own waits (so its answers are all at ANSWERED_AT). */
function serviceOver(client: CoreDataClient, lastValues = memoryLastValues()) {
  let now = ANSWERED_AT;
  return new FormulaService({
    data: { forDeployment: async () => client },
    reports: {} as ReportStore,
    runner: {} as ReportRunner,
    deployments: () => [{ id: 7, name: 'Sales' } as never],
    defaultDeployment: async () => 7,
    appConfig: () => ({ restrictDataDownload: false }) as never,
    timezone: () => null,
    lastValues,
    lastValuesScope: async () => 'anna\u0000workbook-1',
    now: () => now,
    sleep: async (ms) => void (now += ms),
  });
}

const revenueOf = (service: FormulaService, region: string) => service.value('orders.revenue', ['Region', region]);
const failureOf = (answer: Promise<unknown>) => answer.then(() => null, (error: unknown) => error as FormulaError);

describe('an outage of the data API', () => {
  it('answers each formula its last value, counted stale from when it was answered; a formula with none is #N/A saying why', async () => {
    const { api, client } = dataApi();
    const lastValues = memoryLastValues();
    const service = serviceOver(client, lastValues);
    expect(await Promise.all(['Europe', 'North America'].map((r) => revenueOf(service, r)))).toEqual([1200.5, 3400]);

    api.down = true;
    service.refresh();
    const answers = Promise.all([revenueOf(service, 'Europe'), revenueOf(service, 'North America')]);
    const fresh = failureOf(revenueOf(service, 'Asia Pacific'));
    expect(await answers).toEqual([1200.5, 3400]);
    const failure = await fresh;
    expect(failure).toBeInstanceOf(SourceUnreachable);
    expect([failure?.kind, failure?.message]).toEqual(['notAvailable', expect.stringContaining('The data API could not be reached')]);
    expect(await service.settled()).toEqual<FormulaTally>({ recalculated: 0, failed: 1, stale: { count: 2, since: ANSWERED_AT } });

    // Another session (the pane opened again) shows the same last values: they are the store's, not the service's.
    const reopened = serviceOver(client, lastValues);
    expect(await revenueOf(reopened, 'Europe')).toBe(1200.5);
  });

  it('asks the data API a bounded number of times per refresh, however many cells ask: the client\'s 4 attempts, then none', async () => {
    const { api, client } = dataApi();
    api.down = true;
    const service = serviceOver(client);
    const cells = Array.from({ length: 78 }, (_, i) => revenueOf(service, `Region ${i}`));
    await Promise.all(cells.map(failureOf));
    // A calculation later in the same refresh (a new formula typed) asks nothing.
    await failureOf(revenueOf(service, 'Europe'));
    expect(api.requests).toEqual({ meta: 4, load: 0 });

    // The next refresh tries again, once.
    service.refresh();
    await Promise.all([revenueOf(service, 'Europe'), revenueOf(service, 'Asia Pacific')].map(failureOf));
    expect(api.requests).toEqual({ meta: 8, load: 0 });
  });

  it('when the model was read and then the queries fail, the queries under way get the client\'s 4 attempts each, then none', async () => {
    const { api, client } = dataApi();
    const service = serviceOver(client);
    expect(await revenueOf(service, 'Europe')).toBe(1200.5);
    const before = { ...api.requests };
    api.down = true;
    // A new formula typed while the data API is down: the model is kept, its queries fail (the value's and, where
    // members are checked, the members' query: each of those under way has the client's 4 attempts).
    await failureOf(revenueOf(service, 'Asia Pacific'));
    const failed = { ...api.requests };
    expect(failed.meta).toBe(before.meta);
    expect([4, 8]).toContain(failed.load - before.load);
    // The next new formula asks nothing: the outage stands until the next refresh.
    await failureOf(revenueOf(service, 'North America'));
    expect(api.requests).toEqual(failed);
  });

  it('is not a refused query: a 4xx answers #N/A with the data API\'s words, never a last value', async () => {
    const { api, client } = dataApi();
    const service = serviceOver(client);
    expect(await revenueOf(service, 'Europe')).toBe(1200.5);
    service.refresh();
    api.status = 400;
    const failure = await failureOf(revenueOf(service, 'Europe'));
    expect(failure).toBeInstanceOf(FormulaError);
    expect(failure).not.toBeInstanceOf(SourceUnreachable);
    expect(await service.settled()).toEqual<FormulaTally>({ recalculated: 0, failed: 1, stale: null });
  });

  it('a 5xx is an outage like a network failure', async () => {
    const { api, client } = dataApi();
    const service = serviceOver(client);
    expect(await revenueOf(service, 'Europe')).toBe(1200.5);
    service.refresh();
    api.status = 503;
    expect(await revenueOf(service, 'Europe')).toBe(1200.5);
    expect(await service.settled()).toMatchObject({ stale: { count: 1 } });
  });
});
