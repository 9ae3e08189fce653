/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { PlatformClient } from '../../src/client';
import { mergeStatuses, readStatuses } from '../../src/monitoring/status-refresh';
import { PlatformPlacementRegistry } from '../../src/platform/platform-placements';
import { installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { done, workspaceFor } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();

/** Counts the platform requests a client makes. */
function counting(client: PlatformClient): { client: PlatformClient; paths: string[] } {
  const paths: string[] = [];
  const http = (client as unknown as { http: { request: (schema: unknown, options: { path: string }) => Promise<unknown> } }).http;
  const request = http.request.bind(http);
  const counted = Object.create(client, {
    http: { value: { ...http, request: (schema: unknown, options: { path: string }) => (paths.push(options.path), request(schema, options)) } },
  }) as PlatformClient;
  return { client: counted, paths };
}

describe('live status', () => {
  it("reads this workbook's sync statuses in one request, and an admin's change of the report shows as Out of date", async () => {
    installWorkbook();
    const { service, connection, workspace } = await workspaceFor(local.t);
    await selectCell('B3', 'Sheet1');
    const report = await local.report('OrdersStatus');
    done(await service.place(report));
    const listed = await service.workbookPlacements();
    expect(listed[0]!.placement.syncStatus).toBe('UP_TO_DATE');

    await local.t.admin.updateReport(local.t.salesDeploymentId, report.id, {
      jsonQuery: JSON.stringify({ ...(JSON.parse(report.jsonQuery!) as object), limit: 3 }),
    });
    const { client, paths } = counting(connection.platform);
    const statuses = await readStatuses(new PlatformPlacementRegistry(client, () => connection.deployments), listed[0]!.placement.workbookId, [local.t.salesDeploymentId]);
    expect(paths).toHaveLength(1);
    expect(paths[0]).toMatch(/^\/api\/v1\/external-documents\//);
    const merged = mergeStatuses(listed, statuses);
    expect(merged.kind).toBe('updated');
    expect(merged.kind === 'updated' && merged.placements[0]!.placement.syncStatus).toBe('CHANGED');

    // The refresh says what changed: the result's rows now, and before.
    const refreshed = done(await service.refresh(listed[0]!));
    expect(refreshed.rows).toEqual({ now: 4, was: 6 });
    // Written since it was listed: the list itself is read again.
    expect(mergeStatuses(listed, await readStatuses(workspace.registry, listed[0]!.placement.workbookId, []))).toEqual({ kind: 'reload' });
  });
});
