import {
  ApiError, NetworkError, PlatformClient, ResponseFormatError,
} from '../../src/client';
import type { FaultRule } from '../../server/faults';
import { startTestPlatform, type TestPlatform } from '../support/local-platform';

let t: TestPlatform;
beforeAll(async () => {
  // `setFaults` goes through the HTTP route, which only a platform started with fault injection has.
  t = await startTestPlatform({ faultInjection: true });
});
afterAll(() => t.close());
afterEach(() => t.platform.faults.set([]));

async function setFaults(rules: FaultRule[]): Promise<void> {
  const response = await fetch(`${t.platform.url}/__platform/faults`, {
    method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ rules }),
  });
  expect(response.status).toBe(200);
}

/** A client that counts its attempts, so retries are seen, not assumed. */
function countingClient(options: { timeoutMs?: number } = {}) {
  const calls: string[] = [];
  const client = new PlatformClient({
    baseUrl: t.platform.url,
    accessToken: () => t.platform.tokens.admin,
    fetch: (input, init) => {
      calls.push(`${init.method} ${new URL(input).pathname}`);
      return fetch(input, init);
    },
    sleep: async () => undefined,
    ...options,
  });
  return { client, calls };
}

const failure = (promise: Promise<unknown>) => promise.then(() => { throw new Error('expected a failure'); }, (e: unknown) => e);

describe('injected faults reach the caller as typed errors', () => {
  it('retries a GET through injected 503s and succeeds', async () => {
    await setFaults([{ method: 'GET', path: '^/api/v1/users/me$', status: 503, times: 2 }]);
    const { client, calls } = countingClient();
    await expect(client.getCurrentUser()).resolves.toMatchObject({ username: 'admin@example.com' });
    expect(calls).toEqual(Array(3).fill('GET /api/v1/users/me'));
  });

  it('gives up on a GET after the retry budget with the status and message', async () => {
    await setFaults([{ method: 'GET', path: '^/api/v1/app-config$', status: 502 }]);
    const { client, calls } = countingClient();
    const error = (await failure(client.getAppConfig())) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/Injected fault/);
    expect(calls).toHaveLength(4);
  });

  it('never retries a write: one PUT, one 503, nothing recorded', async () => {
    await setFaults([{ method: 'PUT', path: '/connect-workbook$', status: 503, times: 1 }]);
    const { client, calls } = countingClient();
    const report = (await client.listReports(t.salesDeploymentId, { first: 1 })).items[0]!;
    calls.length = 0;
    const error = await failure(client.connectWorkbook(t.salesDeploymentId, report.id, {
      externalWorkbookId: 'wb-fault', host: 'EXCEL', sheetId: 's', sheetName: 'S', anchorCell: 'A1', workbookName: 'w',
      resultLocation: 'S!A1:B2', endResultCell: 'B2', resultChecksum: null,
    }));
    expect(error).toMatchObject({ status: 503 });
    expect(calls).toEqual([`PUT /api/v1/deployments/${t.salesDeploymentId}/reports/${report.id}/connect-workbook`]);
    expect((await client.listReports(t.salesDeploymentId, { externalWorkbookId: 'wb-fault' })).items).toEqual([]);
  });

  it('reports a non-retryable status (500) at once', async () => {
    await setFaults([{ path: '^/api/v1/deployments/?$', status: 500 }]);
    const { client, calls } = countingClient();
    await expect(client.listDeployments()).rejects.toMatchObject({ status: 500 });
    expect(calls).toHaveLength(1);
  });

  it('turns malformed, truncated and empty bodies into ResponseFormatError', async () => {
    for (const body of ['malformed', 'truncated', 'empty'] as const) {
      await setFaults([{ path: '^/api/v1/users/me$', body, times: 1 }]);
      const error = (await failure(countingClient().client.getCurrentUser())) as ResponseFormatError;
      expect(error).toBeInstanceOf(ResponseFormatError);
      expect(error.status).toBe(200);
    }
  });

  it('turns a response that misses a required field into ResponseFormatError naming the field', async () => {
    const { client } = countingClient();
    const mangled = new PlatformClient({
      baseUrl: t.platform.url,
      accessToken: () => t.platform.tokens.admin,
      fetch: async (input, init) => {
        const real = await fetch(input, init);
        const body = (await real.json()) as { items: Record<string, unknown>[] };
        delete body.items[0]!.deploymentId;
        return new Response(JSON.stringify(body), { status: 200 });
      },
    });
    await expect(client.listReports(t.salesDeploymentId, { first: 1 })).resolves.toBeDefined();
    const error = (await failure(mangled.listReports(t.salesDeploymentId, { first: 1 }))) as ResponseFormatError;
    expect(error).toBeInstanceOf(ResponseFormatError);
    expect(error.message).toContain('items.0.deploymentId');
  });

  it('times out a slow answer as a NetworkError instead of hanging', async () => {
    await setFaults([{ path: '^/api/v1/users/me$', latencyMs: 2_000 }]);
    const { client, calls } = countingClient({ timeoutMs: 100 });
    const error = await failure(client.getCurrentUser());
    expect(error).toBeInstanceOf(NetworkError);
    expect(calls).toHaveLength(4);
  });

  it('adds latency without failing when the caller can wait', async () => {
    await setFaults([{ path: '^/api/v1/app-config$', latencyMs: 150, times: 1 }]);
    const started = Date.now();
    await expect(countingClient().client.getAppConfig()).resolves.toBeDefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('forces a number of Continue wait answers from the data API', async () => {
    await setFaults([{ path: '^/cubejs-api/v1/load$', continueWait: 3 }]);
    const data = await t.dataClient();
    const progress: number[] = [];
    const result = await data.load({ measures: ['orders.count'] }, { onProgress: (p) => progress.push(p.attempts) });
    expect(progress).toEqual([1, 2, 3]);
    expect(result.data).toEqual([{ 'orders.count': '120000' }]);
  });

  it('reports a refused connection as a NetworkError after retrying', async () => {
    const closed = await startTestPlatform();
    const url = closed.platform.url;
    await closed.close();
    const calls: string[] = [];
    const client = new PlatformClient({
      baseUrl: url, accessToken: () => 'x', sleep: async () => undefined,
      fetch: (input, init) => { calls.push(input); return fetch(input, init); },
    });
    const error = (await failure(client.getCurrentUser())) as NetworkError;
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.message).toContain('Could not reach');
    expect(calls).toHaveLength(4);
  });

  it('lists and clears rules through the loopback admin route', async () => {
    await setFaults([{ path: '^/x$', status: 500 }]);
    const listed = (await (await fetch(`${t.platform.url}/__platform/faults`)).json()) as { rules: FaultRule[] };
    expect(listed.rules).toEqual([{ path: '^/x$', status: 500 }]);
    await fetch(`${t.platform.url}/__platform/faults`, { method: 'DELETE' });
    expect(t.platform.faults.list()).toEqual([]);
    const invalid = await fetch(`${t.platform.url}/__platform/faults`, { method: 'PUT', body: JSON.stringify({ rules: [{ status: 200 }] }) });
    expect(invalid.status).toBe(400);
  });
});
