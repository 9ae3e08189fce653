import { ApiError, type PlatformClient } from '../../src/client';
import type { Deployment, ExternalDocumentPlacement, Report } from '../../src/contract';
import { PlatformPlacementRegistry } from '../../src/platform/platform-placements';

/**
 * Issue 43: a workbook's placements are listed in one round trip to the platform: the tenant-wide listing and the
 * reports placed in the workbook, deployment by deployment, asked for together rather than the reports after the
 * listing. Only the deployments the listing names readable count, so another's failure fails nothing. A stand-in
 * platform that answers only once every request of the round has arrived.
 */

const WORKBOOK = 'wb-1';
const placed = (id: string, deploymentId: number, reportId: number, access: 'GRANTED' | 'DENIED' = 'GRANTED') =>
  ({ id, workbookId: WORKBOOK, deploymentId, reportId, access, resultLocation: 'Sheet1!B3:C4' }) as ExternalDocumentPlacement;
const report = (id: number, deploymentId: number, placementId: string) =>
  ({ id, deploymentId, name: `Report ${id}`, user: { firstName: 'Anna', email: 'anna@example.com' }, externalWorkbookPlacements: [{ id: placementId, workbookId: WORKBOOK, resultLocation: 'Sheet1!B3:C4', queryChecksum: 'q' }] }) as unknown as Report;

/** A platform holding every answer until `expected` requests have arrived: a request sent after another's answer never gets one. */
function platformAnsweringTogether(expected: number, answers: { listing: () => ExternalDocumentPlacement[]; reports: Record<number, () => Report[]> }) {
  const asked: string[] = [];
  let release: () => void = () => undefined;
  const together = new Promise<void>((resolve) => (release = resolve));
  const arrive = async (what: string) => {
    asked.push(what);
    if (asked.length === expected) release();
    await together;
  };
  const platform = {
    externalDocumentPlacements: async () => {
      await arrive('listing');
      return answers.listing();
    },
    async* iterateReports(deploymentId: number) {
      await arrive(`reports ${deploymentId}`);
      yield* answers.reports[deploymentId]!();
    },
  };
  return { platform: platform as unknown as PlatformClient, asked };
}

const deployments = [{ id: 1 }, { id: 2 }] as Deployment[];
const refused = (status: number) => new ApiError(status, `HTTP ${status}`, { method: 'GET', url: 'https://platform.example/api/v1' }, null);

describe('PlatformPlacementRegistry listing', () => {
  it('asks for the listing and each deployment\'s reports together, and keeps those of readable deployments', async () => {
    const { platform, asked } = platformAnsweringTogether(3, {
      listing: () => [placed('p1', 1, 10), placed('p2', 2, 20, 'DENIED')],
      // Deployment 2's placement is not readable: its reports' failure fails nothing.
      reports: { 1: () => [report(10, 1, 'p1')], 2: () => { throw refused(403); } },
    });
    const listed = await new PlatformPlacementRegistry(platform, () => deployments).list(WORKBOOK);
    expect(asked.sort()).toEqual(['listing', 'reports 1', 'reports 2']);
    expect(listed.map((l) => [l.placement.id, l.access, l.report?.id ?? null])).toEqual([['p1', 'GRANTED', 10], ['p2', 'DENIED', null]]);
    // The report's own copy of the placement, with its checksums.
    expect(listed[0]!.placement).toMatchObject({ queryChecksum: 'q' });
  });

  it('a readable deployment\'s failure fails the listing', async () => {
    const failure = refused(500);
    const { platform } = platformAnsweringTogether(3, {
      listing: () => [placed('p1', 1, 10)],
      reports: { 1: () => { throw failure; }, 2: () => [] },
    });
    await expect(new PlatformPlacementRegistry(platform, () => deployments).list(WORKBOOK)).rejects.toBe(failure);
  });

  it('a deployment the listing names beyond the user\'s list is asked for after it', async () => {
    const { platform, asked } = platformAnsweringTogether(3, {
      listing: () => [placed('p1', 1, 10), placed('p9', 9, 90)],
      reports: { 1: () => [report(10, 1, 'p1')], 2: () => [], 9: () => [report(90, 9, 'p9')] },
    });
    const listed = await new PlatformPlacementRegistry(platform, () => deployments).list(WORKBOOK);
    expect(asked).toEqual(expect.arrayContaining(['listing', 'reports 1', 'reports 2', 'reports 9']));
    expect(listed.map((l) => l.report?.id)).toEqual([10, 90]);
  });

  it('a platform without the listing (404): every deployment\'s reports, asked for together', async () => {
    const { platform } = platformAnsweringTogether(3, {
      listing: () => { throw refused(404); },
      reports: { 1: () => [report(10, 1, 'p1')], 2: () => [report(20, 2, 'p2')] },
    });
    const listed = await new PlatformPlacementRegistry(platform, () => deployments).list(WORKBOOK);
    expect(listed.map((l) => [l.placement.id, l.report?.id])).toEqual([['p1', 10], ['p2', 20]]);
  });
});
