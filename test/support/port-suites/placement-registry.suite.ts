import type { Report, ReportPlacement, ResultChecksum } from '../../../src/contract';
import type { PlacementRegistry, ReportRef } from '../../../src/ports/placement-registry';
import type { ReportStore } from '../../../src/ports/report-store';

/**
 * The placement registry port's contract (src/ports/placement-registry.ts), one suite for every adapter, written
 * from the port's doc comments and the platform's sync status rule (contract.md: the placement's query checksum
 * against its report's current one): connect records a placement and answers the report with it; the workbook's
 * list, ids and statuses name it; a change to the report's query makes it CHANGED, a recorded refresh UP_TO_DATE
 * again; disconnect removes it. Reports are made through the report store of the same setup.
 */

export interface PlacementRegistrySetup {
  registry: PlacementRegistry;
  store: ReportStore;
  deploymentId: number;
  /** Where the user may create reports: a folder of the store, or null where it has no folders. */
  folderId: number | null;
  /** The workbook the placements are recorded for. */
  workbookId: string;
  cleanup(): Promise<void>;
}

const query = (measure: string) => JSON.stringify({ measures: [measure], dimensions: ['sales.region'] });
const checksum = (hash: string): ResultChecksum => ({ v: 1, chunks: [{ from: 0, hash }] });
const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

export function describePlacementRegistry(name: string, setup: () => Promise<PlacementRegistrySetup>): void {
  describe(`the placement registry port: ${name}`, () => {
    let s: PlacementRegistrySetup;
    let sheetNumber = 0;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(() => s?.cleanup());

    const newReport = (words: string) => s.store.createReport(s.deploymentId, {
      name: `${words} ${Date.now().toString(36)}`, jsonQuery: query('sales.total_amount'),
      ...(s.folderId === null ? {} : { folderId: s.folderId }),
    });
    const refOf = (report: Report): ReportRef => ({ deploymentId: report.deploymentId, reportId: report.id });
    /** A sheet of its own for each test, so placements of other tests are never at the same place. */
    const newSheet = () => `Sheet${++sheetNumber}`;
    const connectAt = (report: Report, sheetName: string, range = 'B2:D5', written = checksum('first')) => s.registry.connect(refOf(report), {
      externalWorkbookId: s.workbookId, host: 'EXCEL', sheetName, anchorCell: range.split(':')[0], resultLocation: `${sheetName}!${range}`,
      endResultCell: range.split(':')[1], resultChecksum: written,
    });
    const placedOn = (report: Report, sheetName: string): ReportPlacement => {
      const found = report.externalWorkbookPlacements?.filter((p) => p.sheetName === sheetName) ?? [];
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const statusOf = async (id: string) =>
      (await s.registry.statuses(s.workbookId, [s.deploymentId])).find((st) => st.placement.id === id);
    const listedOf = async (id: string) => (await s.registry.list(s.workbookId)).find((l) => l.placement.id === id);

    it('connects a new placement and answers the report with it, up to date with what was written', async () => {
      const report = await newReport('Placed');
      const sheet = newSheet();
      const answered = await connectAt(report, sheet);
      const placement = placedOn(answered, sheet);
      expect(placement).toMatchObject({
        workbookId: s.workbookId, resultLocation: `${sheet}!B2:D5`, sheetName: sheet, anchorCell: 'B2', endResultCell: 'D5',
        queryChecksum: report.currentQueryChecksum, syncStatus: 'UP_TO_DATE', resultChecksum: checksum('first'),
      });
      expect(placement.id).toEqual(expect.any(String));
      expect(placement.placedAt).toEqual(expect.any(String));

      const listed = await listedOf(placement.id!);
      expect(listed).toMatchObject({ deploymentId: s.deploymentId, reportId: report.id, access: 'GRANTED', placement: { syncStatus: 'UP_TO_DATE' } });
      expect(listed!.report).toMatchObject({ id: report.id, name: report.name });
      expect(await s.registry.placementIds(s.workbookId)).toContain(placement.id);
      expect(await statusOf(placement.id!)).toMatchObject({
        deploymentId: s.deploymentId, reportId: report.id, placement: { resultLocation: `${sheet}!B2:D5`, syncStatus: 'UP_TO_DATE' },
      });
    });

    it('is CHANGED once the report\'s query changes, not when only its name does; a recorded refresh makes it UP_TO_DATE', async () => {
      const report = await newReport('Requeried');
      const sheet = newSheet();
      const id = placedOn(await connectAt(report, sheet), sheet).id!;
      const renamed = await s.store.updateReport(report, { name: `${report.name} (renamed)` });
      expect((await statusOf(id))?.placement.syncStatus).toBe('UP_TO_DATE');

      const changed = await s.store.updateReport(renamed, { jsonQuery: query('sales.margin') });
      expect((await statusOf(id))?.placement.syncStatus).toBe('CHANGED');
      expect((await listedOf(id))?.placement.syncStatus).toBe('CHANGED');
      expect(placedOn(await s.store.getReport(s.deploymentId, report.id), sheet).syncStatus).toBe('CHANGED');

      const refreshed = placedOn(await s.registry.recordRefresh(refOf(report), { placementId: id, resultChecksum: checksum('second') }), sheet);
      expect(refreshed).toMatchObject({
        id, syncStatus: 'UP_TO_DATE', queryChecksum: changed.currentQueryChecksum, resultChecksum: checksum('second'), resultLocation: `${sheet}!B2:D5`,
      });
      expect(refreshed.refreshedAt).toEqual(expect.any(String));
      expect((await statusOf(id))?.placement).toMatchObject({ syncStatus: 'UP_TO_DATE', refreshedAt: refreshed.refreshedAt });
    });

    it('records a move: a refresh addressed by id at a new place', async () => {
      const report = await newReport('Moved');
      const sheet = newSheet();
      const id = placedOn(await connectAt(report, sheet), sheet).id!;
      const moved = await s.registry.recordRefresh(refOf(report), {
        placementId: id, sheetName: sheet, anchorCell: 'F10', resultLocation: `${sheet}!F10:H13`, resultChecksum: checksum('moved'),
      });
      expect(placedOn(moved, sheet)).toMatchObject({ id, anchorCell: 'F10', resultLocation: `${sheet}!F10:H13`, endResultCell: 'H13', resultChecksum: checksum('moved') });
    });

    it('links by range: connecting again at the same sheet and anchor updates that placement, no second one', async () => {
      const report = await newReport('Linked');
      const sheet = newSheet();
      const id = placedOn(await connectAt(report, sheet), sheet).id!;
      const again = await connectAt(report, sheet, 'B2:E9', checksum('again'));
      expect(placedOn(again, sheet)).toMatchObject({ id, resultLocation: `${sheet}!B2:E9`, resultChecksum: checksum('again'), syncStatus: 'UP_TO_DATE' });
      expect((await s.registry.list(s.workbookId)).filter((l) => l.reportId === report.id)).toHaveLength(1);
    });

    it('corrects only the address with addressOnly, keeping what was recorded as written', async () => {
      const report = await newReport('Corrected');
      const sheet = newSheet();
      const id = placedOn(await connectAt(report, sheet), sheet).id!;
      await s.store.updateReport(report, { jsonQuery: query('sales.margin') });
      const corrected = await s.registry.connect(refOf(report), {
        externalWorkbookId: s.workbookId, placementId: id, sheetName: sheet, anchorCell: 'C3', resultLocation: `${sheet}!C3:E6`, addressOnly: true,
      });
      expect(placedOn(corrected, sheet)).toMatchObject({
        id, anchorCell: 'C3', resultLocation: `${sheet}!C3:E6`, resultChecksum: checksum('first'), queryChecksum: report.currentQueryChecksum, syncStatus: 'CHANGED',
      });
    });

    it('refuses to refresh a placement it does not have, and to take another report\'s placement id', async () => {
      const report = await newReport('Strict');
      const other = await newReport('Other');
      const sheet = newSheet();
      const id = placedOn(await connectAt(report, sheet), sheet).id!;
      expect(await rejection(s.registry.recordRefresh(refOf(report), { placementId: 'no-such-placement' }))).toBeInstanceOf(Error);
      expect(await rejection(s.registry.connect(refOf(other), {
        externalWorkbookId: s.workbookId, placementId: id, sheetName: newSheet(), anchorCell: 'A1', resultLocation: 'Elsewhere!A1:B2',
      }))).toBeInstanceOf(Error);
      expect((await listedOf(id))?.reportId).toBe(report.id);
    });

    it('disconnects a placement: gone from the list, the ids and the statuses; disconnecting it again changes nothing', async () => {
      const report = await newReport('Disconnected');
      const sheet = newSheet();
      const kept = placedOn(await connectAt(report, sheet), sheet).id!;
      const other = newSheet();
      const id = placedOn(await connectAt(report, other), other).id!;
      await s.registry.disconnect(refOf(report), { placementId: id });
      expect(await listedOf(id)).toBeUndefined();
      expect(await statusOf(id)).toBeUndefined();
      expect(await s.registry.placementIds(s.workbookId)).not.toContain(id);
      await s.registry.disconnect(refOf(report), { placementId: id });
      expect((await s.store.getReport(s.deploymentId, report.id)).externalWorkbookPlacements?.map((p) => p.id)).toEqual([kept]);
    });

    it('disconnects by where it is (workbook, sheet and anchor)', async () => {
      const report = await newReport('By place');
      const sheet = newSheet();
      const id = placedOn(await connectAt(report, sheet), sheet).id!;
      await s.registry.disconnect(refOf(report), { externalWorkbookId: s.workbookId, sheetName: sheet, anchorCell: 'B2' });
      expect(await listedOf(id)).toBeUndefined();
    });

    it('forgets the placements of a deleted report', async () => {
      const report = await newReport('Deleted');
      const sheet = newSheet();
      const id = placedOn(await connectAt(report, sheet), sheet).id!;
      await s.store.deleteReport(s.deploymentId, report.id);
      expect(await listedOf(id)).toBeUndefined();
      expect(await s.registry.placementIds(s.workbookId)).not.toContain(id);
    });
  });
}
