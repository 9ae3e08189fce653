import type { DuckDBValue } from '@duckdb/node-api';
import { startPlatform } from '../server/app';
import { compileQuery } from '../server/cube/compiler';
import { loadSemanticModel } from '../server/cube/model';
import { normalizeQuery } from '../server/cube/normalize';
import { MODEL_PATH } from '../server/app';
import { Database } from '../server/store/database';
import { prepareDatabase } from '../server/store/seed';
import { CoreDataClient, dataApiBase, DeploymentTokenManager, PlatformClient } from '../src/client';
import type { CubeQuery } from '../src/contract';
import { median, type BenchResult } from './measure';

/** Results under this many rows must cost at most `BOUND`× raw DuckDB over the data API (issue 11). */
const SMALL_RESULT_ROWS = 1_000;
const WARM_UP_RUNS = 5;
const BOUND = 2;

const QUERIES: Record<string, CubeQuery> = {
  'group by category (5 rows)': { measures: ['orders.count', 'orders.total_amount', 'orders.average_amount'], dimensions: ['orders.category'] },
  'monthly series (36 rows)': { measures: ['orders.total_amount'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month', dateRange: ['2023-01-01', '2025-12-31'] }] },
  'filtered, count distinct': { measures: ['orders.customer_count'], dimensions: ['orders.region'], filters: [{ member: 'orders.status', operator: 'equals', values: ['completed'] }] },
  'customers by revenue (8,000 rows)': { measures: ['orders.total_amount'], dimensions: ['orders.customer_name'], limit: 10_000 },
};

/**
 * What the Core data API adds to a query over raw DuckDB: the same compiled SQL run directly on an
 * identical database, against a full HTTP round trip through the project's client (JSON, auth, parsing).
 */
export async function dataApiOverhead(runs: number): Promise<BenchResult[]> {
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  const reference = await Database.open(':memory:');
  await prepareDatabase(reference);
  const model = loadSemanticModel(MODEL_PATH);
  try {
    const admin = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.admin });
    const [deployment] = await admin.listDeployments();
    const apiUrl = dataApiBase(deployment!, await admin.listEnvironments(deployment!.id));
    const client = new CoreDataClient({ apiUrl, tokens: new DeploymentTokenManager(admin, deployment!.id) });
    const results: BenchResult[] = [];
    for (const [name, query] of Object.entries(QUERIES)) {
      const compiled = compileQuery(model, normalizeQuery(query, { defaultLimit: 10_000, maxLimit: 50_000 }, new Date()));
      const direct: number[] = [];
      const viaApi: number[] = [];
      let rows = 0;
      // The first runs of both paths warm up (a token, JIT compilation, cold caches) and are not counted.
      for (let i = 0; i < WARM_UP_RUNS + runs; i += 1) {
        const connection = await reference.analyticsConnection();
        let started = performance.now();
        await connection.runAndReadAll(compiled.sql, compiled.params as DuckDBValue[]);
        const directMs = performance.now() - started;
        connection.closeSync();
        started = performance.now();
        rows = (await client.load(query)).data.length;
        if (i < WARM_UP_RUNS) continue;
        direct.push(directMs);
        viaApi.push(performance.now() - started);
      }
      const ratio = median(viaApi) / median(direct);
      results.push({
        name: `data API vs raw DuckDB: ${name}`,
        figures: { 'raw DuckDB median ms': median(direct), 'via /v1/load median ms': median(viaApi), ratio },
        ...(rows < SMALL_RESULT_ROWS ? { bound: { description: `at most ${BOUND}x raw DuckDB under ${SMALL_RESULT_ROWS} rows`, met: ratio <= BOUND } } : {}),
      });
    }
    return results;
  } finally {
    reference.close();
    await platform.close();
  }
}
