import type { CreateReportInput, Report } from '../../../src/contract';
import { ReportChangedElsewhereError } from '../../../src/ports/errors';
import type { ReportStore } from '../../../src/ports/report-store';

/**
 * The report store port's contract (src/ports/report-store.ts), one suite for every adapter: written from the
 * port's doc comments and the platform `Report` shape it promises, not from either adapter's answers. What
 * legitimately differs is a capability of the setup, few and explicit:
 * - `folderId`: the folder the user may create reports in, where the store has folders; null where it has none
 *   (then `allFolders` and `folderAncestors` answer none).
 * Each test makes its own reports, named with the run's token, so reports already in the store never count.
 */

export interface ReportStoreSetup {
  store: ReportStore;
  deploymentId: number;
  /** Where the user may create reports: a folder of the store, or null where it has no folders. */
  folderId: number | null;
  cleanup(): Promise<void>;
}

const query = (measure: string, dimension = 'sales.region') => JSON.stringify({ measures: [measure], dimensions: [dimension] });
const pivot = { rows: ['sales.region'], columns: [], measures: ['sales.total_amount'], filters: [] };

/** What a rejected promise was rejected with. */
const rejection = (promise: Promise<unknown>) => promise.then(() => null, (error: unknown) => error);

export function describeReportStore(name: string, setup: () => Promise<ReportStoreSetup>): void {
  describe(`the report store port: ${name}`, () => {
    let s: ReportStoreSetup;
    let run = 0;
    const token = `T${Date.now().toString(36)}`;
    beforeAll(async () => {
      s = await setup();
    });
    afterAll(() => s?.cleanup());
    /** A name unique to this test: `${token}-${n} ${words}`. */
    const named = (words: string) => `${token}-${++run} ${words}`;
    const create = (input: CreateReportInput) =>
      s.store.createReport(s.deploymentId, { ...(s.folderId === null ? {} : { folderId: s.folderId }), ...input });
    const ours = async (search: string, params: Parameters<ReportStore['listReports']>[1] = {}) =>
      (await s.store.listReports(s.deploymentId, { search, first: 100, ...params })).items;

    it('creates a report as given and answers it as it is now: definition, version, rights', async () => {
      const name = named('Revenue by region');
      const created = await create({ name, title: 'Revenue', jsonQuery: query('sales.total_amount'), pivotItems: pivot });
      expect(created).toMatchObject({
        deploymentId: s.deploymentId, name, title: 'Revenue', jsonQuery: query('sales.total_amount'),
        pivotItems: { rows: ['sales.region'], columns: [], measures: ['sales.total_amount'], filters: [] },
        canEdit: true, canManage: true,
      });
      expect(created.publicId).toMatch(/^[0-9A-Za-z]{12}$/);
      expect(typeof created.version).toBe('number');
      expect(created.currentQueryChecksum).toMatch(/^[0-9a-f]{64}$/);
      expect(created.user.email).toEqual(expect.any(String));
      const read = await s.store.getReport(s.deploymentId, created.id);
      expect(read).toMatchObject({
        id: created.id, publicId: created.publicId, name, title: 'Revenue', jsonQuery: created.jsonQuery, version: created.version,
        currentQueryChecksum: created.currentQueryChecksum,
      });
      expect(read.pivotItems).toEqual(created.pivotItems);
    });

    it('gives every report its own id and public id', async () => {
      const [a, b] = [await create({ name: named('one') }), await create({ name: named('two') })];
      expect(a.id).not.toBe(b.id);
      expect(a.publicId).not.toBe(b.publicId);
    });

    it('lists by search, case-insensitive, in the name or the title', async () => {
      const stem = named('Margin');
      const byName = await create({ name: `${stem} by product`, jsonQuery: query('sales.margin') });
      const byTitle = await create({ name: named('other'), title: `${stem.toUpperCase()} WEEKLY`, jsonQuery: query('sales.margin') });
      const found = await ours(stem.toLowerCase());
      expect(found.map((r) => r.id).sort()).toEqual([byName.id, byTitle.id].sort());
      expect(await ours(`${token}-no such report`)).toEqual([]);
    });

    it('sorts by name either way (case-insensitive), and by creation newest first', async () => {
      const stem = named('sorted');
      const b = await create({ name: `${stem} b` });
      const a = await create({ name: `${stem} A` });
      const c = await create({ name: `${stem} c` });
      expect((await ours(stem, { sortBy: 'name', sortDirection: 'ASC' })).map((r) => r.id)).toEqual([a.id, b.id, c.id]);
      expect((await ours(stem, { sortBy: 'name', sortDirection: 'DESC' })).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
      expect((await ours(stem, { sortBy: 'createdAt', sortDirection: 'DESC' })).map((r) => r.id)).toEqual([c.id, a.id, b.id]);
    });

    it('pages with a cursor: every report once, none twice', async () => {
      const stem = named('paged');
      const made = [];
      for (const n of [1, 2, 3, 4, 5]) made.push(await create({ name: `${stem} ${n}` }));
      const first = await s.store.listReports(s.deploymentId, { search: stem, sortBy: 'name', first: 2 });
      expect(first.items.map((r) => r.name)).toEqual([`${stem} 1`, `${stem} 2`]);
      expect(first.pageInfo?.hasNextPage).toBe(true);
      const seen = [...first.items];
      let after = first.pageInfo?.endCursor ?? null;
      while (after) {
        const page = await s.store.listReports(s.deploymentId, { search: stem, sortBy: 'name', first: 2, after });
        seen.push(...page.items);
        after = page.pageInfo?.hasNextPage ? page.pageInfo.endCursor ?? null : null;
      }
      expect(seen.map((r) => r.id)).toEqual(made.map((r) => r.id));
    });

    it('updates only the fields sent, to a newer version', async () => {
      const created = await create({ name: named('to rename'), title: 'Kept', jsonQuery: query('sales.total_amount'), pivotItems: pivot });
      const renamed = await s.store.updateReport(created, { name: named('renamed') });
      expect(renamed).toMatchObject({ id: created.id, title: 'Kept', jsonQuery: created.jsonQuery, currentQueryChecksum: created.currentQueryChecksum });
      expect(renamed.name).toMatch(/renamed$/);
      expect(renamed.version).toBeGreaterThan(created.version!);
      const requeried = await s.store.updateReport(renamed, { jsonQuery: query('sales.margin') });
      expect(requeried).toMatchObject({ name: renamed.name, jsonQuery: query('sales.margin') });
      expect(requeried.currentQueryChecksum).not.toBe(created.currentQueryChecksum);
      expect(await s.store.getReport(s.deploymentId, created.id)).toMatchObject({ name: renamed.name, jsonQuery: query('sales.margin'), version: requeried.version });
    });

    it('refuses a change to a report saved elsewhere since it was opened (ReportChangedElsewhereError), and keeps their change', async () => {
      const opened = await create({ name: named('contested'), jsonQuery: query('sales.total_amount') });
      const theirs = await s.store.updateReport(opened, { jsonQuery: query('sales.margin') });
      const error = await rejection(s.store.updateReport(opened, { name: named('mine') }));
      expect(error).toBeInstanceOf(ReportChangedElsewhereError);
      expect(await s.store.getReport(s.deploymentId, opened.id)).toMatchObject({ name: opened.name, jsonQuery: query('sales.margin'), version: theirs.version });
      // Opened again, it saves.
      const reopened = await s.store.getReport(s.deploymentId, opened.id);
      expect((await s.store.updateReport(reopened, { title: 'Mine after all' })).title).toBe('Mine after all');
    });

    it('deletes a report: no longer read or listed', async () => {
      const doomed = await create({ name: named('doomed') });
      await s.store.deleteReport(s.deploymentId, doomed.id);
      expect(await rejection(s.store.getReport(s.deploymentId, doomed.id))).toBeInstanceOf(Error);
      expect(await ours(doomed.name)).toEqual([]);
    });

    it('lists folders where the store has them, and none where it has none', async () => {
      const folders = await s.store.allFolders(s.deploymentId);
      if (s.folderId === null) {
        expect(folders).toEqual([]);
        expect(await s.store.folderAncestors(s.deploymentId, 1)).toEqual([]);
        return;
      }
      expect(folders.map((f) => f.id)).toContain(s.folderId);
      const ancestors = await s.store.folderAncestors(s.deploymentId, s.folderId);
      expect(ancestors.every((f) => f.deploymentId === s.deploymentId)).toBe(true);
      const filed: Report = await create({ name: named('filed') });
      expect(filed.folderId).toBe(s.folderId);
      expect((await s.store.listReports(s.deploymentId, { folderId: s.folderId, search: filed.name })).items.map((r) => r.id)).toEqual([filed.id]);
    });
  });
}
