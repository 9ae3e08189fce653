import { startPlatform, type PlatformOptions, type RunningPlatform } from '../../server/app';
import { CoreDataClient, dataApiBase, DeploymentTokenManager, PlatformClient, ScimClient } from '../../src/client';
import type { Deployment, Report } from '../../src/contract';
import { reportByPublicId } from './reports';
import { throwawayState } from './test-state';

/** No waiting in tests: backoff and Continue wait pauses resolve at once (cancellation still honoured). */
export const noSleep = (_ms: number, signal?: AbortSignal) =>
  signal?.aborted ? Promise.reject(new Error('aborted')) : Promise.resolve();

export interface TestPlatform {
  platform: RunningPlatform;
  admin: PlatformClient;
  analyst: PlatformClient;
  scim: ScimClient;
  salesDeploymentId: number;
  sandboxDeploymentId: number;
  dataClient(platformClient?: PlatformClient, deploymentId?: number, options?: Partial<ConstructorParameters<typeof CoreDataClient>[0]>): Promise<CoreDataClient>;
  close(options?: { graceMs?: number }): Promise<void>;
}

export function platformClient(url: string, token: string): PlatformClient {
  return new PlatformClient({ baseUrl: url, accessToken: () => token, sleep: noSleep });
}

/**
 * A local platform in memory on a free loopback port, with clients for its seeded users. Fault injection
 * over HTTP is on unless `faultInjection: false` (a production platform never has it). Its state is thrown away on
 * close unless the caller names where it lives (test-state.ts: DuckDB, or PostgreSQL in the `postgres` project).
 */
export async function startTestPlatform(options: Partial<PlatformOptions> = {}): Promise<TestPlatform> {
  // A caller that names its state (a data dir, a database) keeps it; otherwise it is thrown away on close.
  const state = options.dataDir || options.databaseUrl ? undefined : await throwawayState();
  let platform: RunningPlatform;
  try {
    platform = await startPlatform({ dataDir: ':memory:', port: 0, faultInjection: true, ...state?.options, ...options });
  } catch (error) {
    await state?.remove();
    throw error;
  }
  const admin = platformClient(platform.url, platform.tokens.admin);
  const analyst = platformClient(platform.url, platform.tokens.analyst);
  const scim = new ScimClient({ baseUrl: platform.url, token: () => platform.tokens.scim, sleep: noSleep });
  const deployments = await admin.listDeployments();
  const sales = deployments.find((d) => d.name === 'Sales Analytics')!;
  const sandbox = deployments.find((d) => d.name === 'Finance Sandbox')!;
  return {
    platform,
    admin,
    analyst,
    scim,
    salesDeploymentId: sales.id,
    sandboxDeploymentId: sandbox.id,
    dataClient: (client = admin, deploymentId = sales.id, extra = {}) => deploymentDataClient(client, deployments.find((d) => d.id === deploymentId)!, extra),
    close: (closing) => platform.close(closing).then(() => state?.remove()),
  };
}

/** A deployment's data client for a signed-in user, as the add-in makes one: the address its environments give, its tokens. */
export async function deploymentDataClient(
  client: PlatformClient, deployment: Deployment, extra: Partial<ConstructorParameters<typeof CoreDataClient>[0]> = {},
): Promise<CoreDataClient> {
  const apiUrl = dataApiBase(deployment, await client.listEnvironments(deployment.id));
  return new CoreDataClient({ apiUrl, tokens: new DeploymentTokenManager(client, deployment.id), sleep: noSleep, ...extra });
}

/**
 * A local platform for one test file (started before its tests, closed after them), with the analyst's data
 * client and the seeded Sales reports by public id. Read the properties inside tests.
 */
export function useAnalystPlatform(options: Partial<PlatformOptions> = {}): {
  readonly t: TestPlatform;
  readonly data: CoreDataClient;
  report(publicId: string): Promise<Report>;
} {
  let started: { t: TestPlatform; data: CoreDataClient } | undefined;
  beforeAll(async () => {
    const t = await startTestPlatform(options);
    started = { t, data: await t.dataClient(t.analyst) };
  });
  afterAll(() => started?.t.close());
  const current = () => {
    if (!started) throw new Error('the platform has not started');
    return started;
  };
  return {
    get t() {
      return current().t;
    },
    get data() {
      return current().data;
    },
    report: (publicId) => reportByPublicId(current().t.analyst, current().t.salesDeploymentId, publicId),
  };
}
