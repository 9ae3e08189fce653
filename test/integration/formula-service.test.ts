import type { CubeQuery } from '../../src/contract';
import { FormulaError } from '../../src/functions/formula-errors';
import { FormulaService } from '../../src/functions/formula-service';
import { DOWNLOAD_RESTRICTED_MESSAGE } from '../../src/functions/formula-sources';
import { useAnalystPlatform } from '../support/local-platform';
import { ownAnswer as independently } from '../support/own-queries';
import { workspaceFor } from '../support/workspace';

/**
 * The RS functions' answers over the local platform, without Excel: VALUE calls batched into the fewest queries,
 * each answer equal to an independent `/v1/load` of that one call's own query (the measure filtered by its members,
 * no dimensions), written here by hand; MEMBERS in the data API's own order; REPORT as the report's rows.
 */

const env = useAnalystPlatform();

const REGIONS = ['North America', 'Europe', 'Asia Pacific', 'Latin America'];
const CATEGORIES = ['Electronics', 'Furniture', 'Office Supplies', 'Apparel', 'Books'];
const MONTHS = Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`);
const MEASURES = ['sales.count', 'sales.total_amount', 'sales.customer_count'];


function ownQuery(measure: string, region: string, category: string, month: string): CubeQuery {
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, monthNumber, 0)).getUTCDate();
  return {
    measures: [measure],
    filters: [
      { member: 'sales.region', operator: 'equals', values: [region] },
      { member: 'sales.category', operator: 'equals', values: [category] },
    ],
    timeDimensions: [{ dimension: 'sales.created_at', dateRange: [`${month}-01`, `${month}-${String(last).padStart(2, '0')}`] }],
  };
}

async function serviceFor(options: {
  loads?: CubeQuery[]; appConfig?: { restrictDataDownload: boolean }; failure?: Error;
  /** Counts the data model reads and the default deployment reads. */
  reads?: { meta: number; defaultDeployment: number };
} = {}) {
  const { t } = env;
  const { connection, workspace } = await workspaceFor(t, t.analyst);
  const data = {
    forDeployment: async (id: number) => {
      const client = await workspace.data.forDeployment(id);
      return {
        ...client,
        meta: client.meta && (() => {
          if (options.reads) options.reads.meta += 1;
          return client.meta!();
        }),
        load: (query: CubeQuery) => (options.loads?.push(query), options.failure ? Promise.reject(options.failure) : client.load(query)),
      };
    },
  };
  return new FormulaService({
    data,
    reports: workspace.reports,
    runner: workspace.runner,
    deployments: () => connection.deployments,
    defaultDeployment: async () => {
      if (options.reads) options.reads.defaultDeployment += 1;
      return t.salesDeploymentId;
    },
    appConfig: () => ({ ...connection.appConfig, ...options.appConfig }),
    timezone: () => null,
  });
}

async function formulaError(answer: Promise<unknown>): Promise<FormulaError> {
  const error = await answer.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(FormulaError);
  return error as FormulaError;
}

describe('RS.VALUE over the local platform', () => {
  it('answers 720 cells (4 regions × 5 categories × 12 months × 3 measures) from one query, each equal to its own /v1/load', async () => {
    const loads: CubeQuery[] = [];
    const service = await serviceFor({ loads });
    const cells = REGIONS.flatMap((region) => CATEGORIES.flatMap((category) => MONTHS.flatMap((month) => MEASURES.map((measure) => ({ measure, region, category, month })))));
    // Titles and names mixed, as a sheet's headers would give them; the month as text.
    const answers = await Promise.all(cells.map((c) => service.value(c.measure, ['Region', c.region, 'sales.category', c.category, 'sales.created_at.month', c.month])));
    // The values' query alone: every region and category asked has rows in it, which shows each exists, so no check.
    expect(loads).toHaveLength(1);
    expect(service.valueQueries).toBe(1);
    // Every 37th cell (coprime with the grid's sides, so each region, category, month and measure comes up) checked on its own.
    for (let i = 0; i < cells.length; i += 37) {
      const c = cells[i]!;
      expect([c, answers[i]]).toEqual([c, await independently(env.data, ownQuery(c.measure, c.region, c.category, c.month))]);
    }
  });

  it('answers a combination of existing members the data has no row for as Cube answers its own query: 0 for a count, empty for a sum', async () => {
    const service = await serviceFor();
    // A day of 2024 on which Latin America had no returned order of Books, found by a query of the test's own.
    const slice = [
      { member: 'sales.region', operator: 'equals' as const, values: ['Latin America'] },
      { member: 'sales.category', operator: 'equals' as const, values: ['Books'] },
      { member: 'sales.status', operator: 'equals' as const, values: ['returned'] },
    ];
    const days = await env.data.load({ measures: ['sales.count'], filters: slice, timeDimensions: [{ dimension: 'sales.created_at', granularity: 'day', dateRange: ['2024-01-01', '2024-01-31'] }] });
    const busy = new Set(days.data.map((row) => String(row['sales.created_at.day']).slice(0, 10)));
    const day = Array.from({ length: 31 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')}`).find((d) => !busy.has(d))!;
    expect(day).toBeDefined();
    const pairs = ['Region', 'Latin America', 'sales.category', 'Books', 'sales.status', 'returned', 'sales.created_at', day];
    const [count, revenue] = await Promise.all([service.value('sales.count', pairs), service.value('sales.total_amount', pairs)]);
    const own = (measure: string): CubeQuery => ({ measures: [measure], filters: slice, timeDimensions: [{ dimension: 'sales.created_at', dateRange: [day, day] }] });
    expect(count).toBe(await independently(env.data, own('sales.count')));
    expect(count).toBe(0);
    expect(revenue).toBe(await independently(env.data, own('sales.total_amount')));
    expect(revenue).toBe('');
  });

  it('sends one query per granularity when a sheet mixes years and quarters', async () => {
    const loads: CubeQuery[] = [];
    const service = await serviceFor({ loads });
    const [year, quarter] = await Promise.all([
      service.value('sales.total_amount', ['sales.created_at.year', 2024]),
      service.value('sales.total_amount', ['sales.created_at.quarter', '2024-Q2']),
    ]);
    expect(loads).toHaveLength(2);
    const own = (range: [string, string]): CubeQuery => ({ measures: ['sales.total_amount'], timeDimensions: [{ dimension: 'sales.created_at', dateRange: range }] });
    expect(year).toBe(await independently(env.data, own(['2024-01-01', '2024-12-31'])));
    expect(quarter).toBe(await independently(env.data, own(['2024-04-01', '2024-06-30'])));
  });

  it('keeps answers until a refresh, then asks again', async () => {
    const loads: CubeQuery[] = [];
    const service = await serviceFor({ loads });
    const ask = () => service.value('sales.count', ['sales.region', 'Europe']);
    const first = await ask();
    expect(await ask()).toBe(first);
    // The value's query (Europe has rows, so it needs no check); nothing more until a refresh, then it again.
    expect(loads).toHaveLength(1);
    expect(service.refresh()).toBe(1);
    expect(await ask()).toBe(first);
    expect(loads).toHaveLength(2);
  });

  it('reads the default deployment and the data model again when a refresh asks, before the next calls, once each, and those calls use them', async () => {
    const reads = { meta: 0, defaultDeployment: 0 };
    const service = await serviceFor({ reads });
    const ask = () => service.value('sales.count', ['sales.region', 'Europe']);
    const first = await ask();
    expect(reads).toEqual({ meta: 1, defaultDeployment: 1 });
    service.refresh();
    expect(reads).toEqual({ meta: 1, defaultDeployment: 1 });
    // Before Excel calls again (Refresh all asks for this after the calculation's request): not after its first calls.
    service.readAgain();
    expect(reads.defaultDeployment).toBe(2);
    for (let turn = 0; turn < 100 && reads.meta < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
    expect(reads.meta).toBe(2);
    expect(await ask()).toBe(first);
    expect(reads).toEqual({ meta: 2, defaultDeployment: 2 });
  });

  it('answers the new number after the data changed and a refresh, never the kept one', async () => {
    const service = await serviceFor();
    const pairs = ['sales.region', 'Europe', 'sales.category', 'Books', 'sales.created_at.day', '2024-07-04'];
    const own = (): CubeQuery => ({
      measures: ['sales.total_amount'],
      filters: [
        { member: 'sales.region', operator: 'equals', values: ['Europe'] },
        { member: 'sales.category', operator: 'equals', values: ['Books'] },
      ],
      timeDimensions: [{ dimension: 'sales.created_at', dateRange: ['2024-07-04', '2024-07-04'] }],
    });
    const before = await service.value('sales.total_amount', pairs);
    expect(before).toBe(await independently(env.data, own()));
    await env.t.platform.testing.addOrders([{ createdAt: '2024-07-04 12:00:00', region: 'Europe', category: 'Books', amount: 1234.5 }]);
    expect(await service.value('sales.total_amount', pairs)).toBe(before);
    service.refresh();
    const after = await service.value('sales.total_amount', pairs);
    expect(after).toBe(await independently(env.data, own()));
    expect(after).toBeCloseTo(Number(before || 0) + 1234.5, 2);
  });

  it('answers a member the data does not have with #N/A naming the closest members of the sample data, and an unpaired dimension in words', async () => {
    const loads: CubeQuery[] = [];
    const service = await serviceFor({ loads });
    // The sample data's regions (server/store/sample-data.ts): North America, Europe, Asia Pacific, Latin America.
    const [typo, unknown, europe] = await Promise.all([
      formulaError(service.value('sales.count', ['Region', 'Eurpoe'])),
      formulaError(service.value('sales.total_amount', ['sales.region', 'Antarctica', 'sales.created_at.year', 2024])),
      service.value('sales.count', ['sales.region', 'Europe']),
    ]);
    expect([typo.kind, typo.message]).toEqual(['notAvailable', 'Region has no member "Eurpoe"; did you mean "Europe"?']);
    expect([unknown.kind, unknown.message]).toEqual(['notAvailable', 'sales.region has no member "Antarctica".']);
    expect(europe).toBe(await independently(env.data, { measures: ['sales.count'], filters: [{ member: 'sales.region', operator: 'equals', values: ['Europe'] }] }));
    // One batch: the values' queries (one per set of filtered members); then one member check of the values no row
    // holds (Europe's row shows it exists), and one listing for the suggestion.
    expect(loads.filter((query) => !query.measures?.length)).toEqual([
      { dimensions: ['sales.region'], filters: [{ member: 'sales.region', operator: 'equals', values: ['Antarctica', 'Eurpoe'] }], limit: 2 },
      { dimensions: ['sales.region'], limit: 10_000 },
    ]);
    const unpaired = await formulaError(service.value('Revenue', ['Region']));
    expect([unpaired.kind, unpaired.message]).toEqual([
      'invalidValue', 'After the measure, RS.VALUE takes pairs of dimension and member: "Region" has no member. Give the member after it.',
    ]);
  });

  it('answers a set of members over their union, as the data API aggregates it: a count distinct is not the sum of the members', async () => {
    const service = await serviceFor();
    const three = ['Europe', 'Asia Pacific', 'Latin America'];
    const union = (measure: string): CubeQuery => ({
      measures: [measure],
      filters: [{ member: 'sales.region', operator: 'equals', values: three }],
      timeDimensions: [{ dimension: 'sales.created_at', dateRange: ['2024-01-01', '2024-03-31'] }],
    });
    const asked = (measure: string) => service.value(measure, ['Region', three.map((region) => [region]), 'sales.created_at.month', [['2024-01', '2024-02', '2024-03']]]);
    const [customers, average] = await Promise.all([asked('sales.customer_count'), asked('sales.average_amount')]);
    expect(customers).toBe(await independently(env.data, union('sales.customer_count')));
    expect(average).toBe(await independently(env.data, union('sales.average_amount')));
    const typo = await formulaError(service.value('sales.count', ['Region', [['Europe', 'Asia Pacifc']]]));
    expect(typo.message).toBe('Region has no member "Asia Pacifc"; did you mean "Asia Pacific"?');
  });

  it('refuses an unknown member as #VALUE! naming it, and data download turned off as #N/A in words', async () => {
    const service = await serviceFor();
    const unknown = await formulaError(service.value('sales.count', ['sales.planet', 'Mars']));
    expect(unknown.kind).toBe('invalidValue');
    expect(unknown.message).toContain('sales.planet');
    const restricted = await formulaError((await serviceFor({ appConfig: { restrictDataDownload: true } })).value('sales.count', []));
    expect([restricted.kind, restricted.message]).toEqual(['notAvailable', DOWNLOAD_RESTRICTED_MESSAGE]);
  });

  it('answers a failed query with #N/A giving the reason, and asks again at the next calculation', async () => {
    const loads: CubeQuery[] = [];
    const failing = { loads, failure: new Error('Error: Query timeout') };
    const service = await serviceFor(failing);
    const failed = await formulaError(service.value('sales.count', ['sales.region', 'Europe']));
    expect([failed.kind, failed.message]).toEqual(['notAvailable', 'The data API did not answer: Error: Query timeout']);
    // Not kept: the next calculation asks again, and answers once the data API does.
    delete (failing as { failure?: Error }).failure;
    expect(typeof (await service.value('sales.count', ['sales.region', 'Europe']))).toBe('number');
    // Each calculation sent the value's query (the failed one was not kept); Europe's row shows it exists, so no check.
    expect(loads).toHaveLength(2);
  });

  it('names another deployment by an unpaired last argument, and refuses one that does not exist', async () => {
    const service = await serviceFor();
    const missing = await formulaError(service.value('sales.count', ['sales.region', 'Europe', 'Nowhere']));
    expect(missing.kind).toBe('invalidValue');
    expect(missing.message).toContain('Nowhere');
    expect(await service.value('sales.count', ['sales.region', 'Europe', 'Sales Analytics'])).toBe(await service.value('sales.count', ['sales.region', 'Europe']));
  });
});

describe('RS.MEMBERS and RS.REPORT over the local platform', () => {
  it("lists a dimension in the data API's own order", async () => {
    const service = await serviceFor();
    const column = await service.members('Region', []);
    const own = await env.data.load({ dimensions: ['sales.region'] });
    expect(column).toEqual(own.data.map((row) => [row['sales.region']]));
    expect(column.flat().sort()).toEqual([...REGIONS].sort());
  });

  it('refuses a filter member the data does not have with #N/A, and an unpaired dimension in words', async () => {
    const service = await serviceFor();
    const typo = await formulaError(service.members('sales.category', ['Region', 'Eurpoe']));
    expect([typo.kind, typo.message]).toEqual(['notAvailable', 'Region has no member "Eurpoe"; did you mean "Europe"?']);
    const unpaired = await formulaError(service.members('sales.category', ['Region']));
    expect(unpaired.message).toBe('After the dimension, RS.MEMBERS takes pairs of dimension and member: "Region" has no member. Give the member after it.');
    const own = await env.data.load({ dimensions: ['sales.category'], filters: [{ member: 'sales.region', operator: 'equals', values: ['Europe', 'Asia Pacific'] }] });
    expect(await service.members('sales.category', ['Region', [['Europe'], ['Asia Pacific']]])).toEqual(own.data.map((row) => [row['sales.category']]));
  });

  it("spills a saved report's rows under its headers", async () => {
    const service = await serviceFor();
    const rows = await service.report('Orders by status', true, null);
    const report = await env.report('OrdersStatus');
    const own = await env.data.load(JSON.parse(report.jsonQuery!) as CubeQuery);
    expect(rows.length).toBe(own.data.length + 1);
    expect(await service.report('Orders by status', false, null)).toEqual(rows.slice(1));
    const missing = await formulaError(service.report('No such report', true, null));
    expect(missing.message).toContain('No such report');
  });
});
