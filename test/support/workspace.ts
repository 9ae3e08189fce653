import { CoreDataClient, type PlatformClient } from '../../src/client';
import type { CubeLoadResult } from '../../src/contract';
import type { DataClient } from '../../src/platform/deployment-data';
import type { PlacementService, WriteOutcome } from '../../src/placements/placement-service';
import type { WorkspaceParts } from '../../src/pane/compose/parts';
import { openWorkspace, type WorkspaceOptions } from '../../src/pane/compose/platform';
import { Connection } from '../../src/session/connection';
import { noSleep, type TestPlatform } from './local-platform';

/**
 * What the pane holds once signed in, for one of the test platform's users. The client carries its own token, so the
 * connection's credentials are never asked for one.
 */
export async function connectionOf(client: PlatformClient): Promise<Connection> {
  const [user, deployments, appConfig] = await Promise.all([client.getCurrentUser(), client.listDeployments(), client.getAppConfig()]);
  const credentials = { settings: { kind: 'api-key' as const, baseUrl: '', accessToken: '' }, accessToken: async () => '' };
  return new Connection({ credentials, platform: client, user, deployments, appConfig });
}

export interface TestWorkspace {
  connection: Connection;
  service: PlacementService;
  /** The parts the use cases are wired from (ports' adapters, runner, pipeline). */
  workspace: WorkspaceParts;
}

/**
 * The use cases as the pane runs them for a user of the test platform: real data clients (without waiting
 * between retries), or `data` standing in for every deployment's data API.
 */
export async function workspaceFor(t: TestPlatform, client: PlatformClient = t.analyst, data?: DataClient, options: WorkspaceOptions = {}): Promise<TestWorkspace> {
  const connection = await connectionOf(client);
  const workspace = openWorkspace(connection, {
    dataClient: (apiUrl, tokens) => data ?? new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
    ...options,
  });
  return { connection, service: workspace.placements, workspace };
}

/** A data source with a fixed result: the Core data API cannot produce these strings from the sample data. */
export function fixedResult(rows: Record<string, string | null>[], dimensions: string[], measures: string[]): DataClient {
  const result: CubeLoadResult = {
    query: {},
    data: rows,
    annotation: {
      measures: Object.fromEntries(measures.map((m) => [m, { title: m, shortTitle: m.split('.')[1]!, type: 'number' as const }])),
      dimensions: Object.fromEntries(dimensions.map((d) => [d, { title: d, shortTitle: d.split('.')[1]!, type: 'string' as const }])),
      segments: {},
      timeDimensions: {},
    },
  };
  // Pages like the data API: `limit` rows from `offset`.
  return { load: async (query) => ({ ...result, data: rows.slice(query.offset ?? 0, (query.offset ?? 0) + (query.limit ?? 10_000)) }) };
}

/** The outcome of a write that must have gone through. */
export function done(outcome: WriteOutcome): Extract<WriteOutcome, { kind: 'done' }> {
  if (outcome.kind !== 'done') throw new Error(`expected done, got ${outcome.kind}`);
  return outcome;
}

/** The placement use cases with the workbook adapter and the platform client they were wired with, for tests to spy on. */
export function withParts(workspace: WorkspaceParts, platform: PlatformClient): PlacementService & { workbook: WorkspaceParts['workbook']; platform: PlatformClient } {
  return Object.assign(Object.create(workspace.placements) as PlacementService, { workbook: workspace.workbook, platform });
}
