/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { Report } from '../../src/contract';
import { WORKBOOK_ID_PROPERTY } from '../../src/excel/excel-connector';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { reportByPublicId } from '../support/reports';
import { workspaceFor } from '../support/workspace';

/**
 * The workbook home: every placement recorded for this workbook, in every deployment, including those of
 * reports the user may not read, and those recorded before placements had ids. Driven through the add-in's
 * use cases against the local platform, on the simulated workbook.
 */
jest.setTimeout(60_000);

const local = useAnalystPlatform();
afterEach(() => local.t.platform.faults.set([]));


const sandboxReport = (): Promise<Report> => reportByPublicId(local.t.analyst, local.t.sandboxDeploymentId, 'WeeklyOrders');

describe('placements of every deployment', () => {
  it('lists a placement of another deployment beside this one, and refreshes it through that deployment', async () => {
    const sim = installWorkbook();
    const { service } = await workspaceFor(local.t);
    const sales = await service.place(await local.report('OrdersStatus'));
    await selectCell('F1', 'Sheet1');
    const sandbox = await service.place(await sandboxReport());
    expect([sales.kind, sandbox.kind]).toEqual(['done', 'done']);
    const entries = await service.workbookPlacements();
    expect(entries.map((e) => [e.deploymentId, e.access, e.report?.name])).toEqual([
      [local.t.salesDeploymentId, 'GRANTED', 'Orders by status'],
      [local.t.sandboxDeploymentId, 'GRANTED', 'Weekly orders in 2025'],
    ]);
    const refreshed = await service.refresh(entries[1]!);
    expect(refreshed).toMatchObject({ kind: 'done', placement: { syncStatus: 'UP_TO_DATE' } });
    // The admin's app config shows applied filters: a summary and a blank row, the header, then one row per
    // week touching 2025 (53: the first starts on Monday 2024-12-30).
    expect(cellsOf(sim, 'Sheet1', 0, 5, 3, 2)).toEqual([
      ['Filters: Created at between 2025-01-01 and 2025-12-31', ''], ['', ''], ['Created at · Week', 'Count'],
    ]);
    expect(cellsOf(sim, 'Sheet1', 55, 5, 2, 1)).toEqual([[expect.any(Number)], ['']]);
  });

  it("shows a placement of a report the user may not read with its owner, never its name, and refuses to refresh it", async () => {
    installWorkbook();
    // The admin places the Board report in the workbook, which the analyst opens afterwards.
    const admin = await workspaceFor(local.t, local.t.admin);
    const board = await reportByPublicId(local.t.admin, local.t.salesDeploymentId, 'BoardPackKpi');
    await selectCell('H2', 'Sheet1');
    expect((await admin.service.place(board)).kind).toBe('done');
    const { service } = await workspaceFor(local.t);
    const [entry] = await service.workbookPlacements();
    expect(entry).toMatchObject({
      access: 'DENIED', report: null, reportId: board.id, deploymentId: local.t.salesDeploymentId,
      owner: { name: 'Ada Admin', email: 'admin@example.com' },
      placement: { resultLocation: expect.stringMatching(/^Sheet1!H2:/), queryChecksum: null, syncStatus: null },
      location: { sheetName: 'Sheet1', rect: expect.objectContaining({ top: 1, left: 7 }) },
    });
    expect(JSON.stringify(entry)).not.toContain('Board pack');
    await expect(service.refresh(entry!)).rejects.toMatchObject({ name: 'PlacementAccessDeniedError', owner: { email: 'admin@example.com' } });
  });

  it('falls back to asking each deployment when the platform has no external-documents endpoint', async () => {
    installWorkbook();
    const { service } = await workspaceFor(local.t);
    await service.place(await local.report('OrdersStatus'));
    local.t.platform.faults.set([{ path: '^/api/v1/external-documents/', status: 404 }]);
    const entries = await service.workbookPlacements();
    expect(entries.map((e) => [e.access, e.report?.name])).toEqual([['GRANTED', 'Orders by status']]);
  });
});

describe('placements recorded before placements had ids', () => {
  it('lists one, and links it again so it can be refreshed where its cells are', async () => {
    const sim = installWorkbook();
    const { service } = await workspaceFor(local.t);
    // A workbook an earlier version wrote: its id, its cells at B2:D7, and a placement with only workbook and range.
    const report = await local.report('OrdersStatus');
    sim.model.customProperties.set(WORKBOOK_ID_PROPERTY, 'legacy-book-0001');
    await Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('B2:D2').values = [['Status', 'Count', 'Revenue']];
      await context.sync();
    });
    await local.t.platform.testing.addLegacyPlacement(report.id, 'legacy-book-0001', 'Sheet1!B2:D7');
    const [legacy] = await service.workbookPlacements();
    expect(legacy).toMatchObject({ legacy: true, access: 'GRANTED', placement: { id: null, resultLocation: 'Sheet1!B2:D7' }, location: { sheetName: 'Sheet1' } });
    await expect(service.refresh(legacy!)).rejects.toMatchObject({ name: 'PlacementDetachedError' });

    const linked = await service.relink(legacy!);
    expect(linked).toMatchObject({ legacy: false, placement: { id: expect.any(String), sheetName: 'Sheet1', anchorCell: 'B2' } });
    const [entry] = await service.workbookPlacements();
    expect(entry).toMatchObject({ legacy: false, placement: { id: linked.placement.id } });
    // Linked with no record of what its cells hold (issue 39): its first refresh asks before overwriting them.
    expect(await service.refresh(entry!)).toMatchObject({ kind: 'hand-edits', cells: expect.arrayContaining(['B2', 'C2', 'D2']) });
    const refreshed = await service.refresh(entry!, { overwriteHandEdits: true });
    expect(refreshed).toMatchObject({ kind: 'done', placement: { id: linked.placement.id, resultLocation: 'Sheet1!B2:D7', syncStatus: 'UP_TO_DATE' } });
    expect(cellsOf(sim, 'Sheet1', 2, 1, 1, 1)).toEqual([['completed']]);
  });
});

describe('restricted data download', () => {
  afterEach(() => local.t.platform.testing.setAppConfig({ restrictDataDownload: false }));

  it('writes nothing into cells, and says why', async () => {
    const sim = installWorkbook();
    await local.t.platform.testing.setAppConfig({ restrictDataDownload: true });
    const { service, connection } = await workspaceFor(local.t);
    expect(connection.appConfig.restrictDataDownload).toBe(true);
    const before = JSON.stringify(sim.model.toJSON());
    await expect(service.place(await local.report('OrdersStatus'))).rejects.toMatchObject({ name: 'DataDownloadRestrictedError' });
    expect(JSON.stringify(sim.model.toJSON())).toBe(before);
  });
});
