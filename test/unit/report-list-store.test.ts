import type { Folder, Report, ReportListParams } from '../../src/contract';
import type { ReportListing } from '../../src/pane/report-list';
import { ReportListStore } from '../../src/pane/report-list-store';
import type { UnavailableReport } from '../../src/workbook/report-parts';

/** Browse's list as a store, in Node: paging, searching, folders and their breadcrumb, and the kept reports' extras. */

const report = (id: number) => ({ id, deploymentId: 1, name: `Report ${id}` }) as Report;
const folder = (id: number, name: string) => ({ id, name }) as Folder;
const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

function fakeReports(pages: Report[][] = [[report(1), report(2)], [report(3)]]) {
  const calls: { deploymentId: number; params: ReportListParams | undefined }[] = [];
  const folderCalls: (number | undefined)[] = [];
  let failNext: Error | null = null;
  const reports: ReportListing = {
    listReports: async (deploymentId, params) => {
      calls.push({ deploymentId, params });
      if (failNext) {
        const error = failNext;
        failNext = null;
        throw error;
      }
      const page = params?.after ? Number(params.after) : 0;
      const items = pages[page] ?? [];
      return { items, pageInfo: { hasNextPage: page + 1 < pages.length, endCursor: String(page + 1) } } as Awaited<ReturnType<ReportListing['listReports']>>;
    },
    allFolders: async (_deploymentId, parentId) => {
      folderCalls.push(parentId);
      return parentId === undefined ? [folder(10, 'Sales')] : [];
    },
    folderAncestors: async (_deploymentId, folderId) => [folder(10, 'Sales'), folder(folderId, 'Q3')],
  };
  return { reports, calls, folderCalls, fail: (error: Error) => (failNext = error) };
}

describe('ReportListStore', () => {
  it('lists the root, then pages through with Load more, appending each page', async () => {
    const fake = fakeReports();
    const list = new ReportListStore({ reports: fake.reports, debounceMs: 0 });
    list.browse({ deploymentId: 1, workbookId: null, kept: false });
    expect(list.getState().reports).toBeNull();
    await settle();
    expect(list.getState()).toMatchObject({ reports: [report(1), report(2)], nextCursor: '1', subfolders: [folder(10, 'Sales')] });
    expect(fake.calls[0]).toEqual({ deploymentId: 1, params: { search: undefined, sortBy: 'name', first: 50, externalWorkbookId: undefined, folderId: undefined } });
    await list.loadMore();
    expect(fake.calls[1]!.params).toMatchObject({ after: '1' });
    expect(list.getState()).toMatchObject({ reports: [report(1), report(2), report(3)], nextCursor: null, loadingMore: false });
  });

  it('searches in all folders once typing pauses, hiding the earlier list meanwhile', async () => {
    const fake = fakeReports();
    const list = new ReportListStore({ reports: fake.reports, debounceMs: 0 });
    list.browse({ deploymentId: 1, workbookId: null, kept: false });
    await settle();
    list.setSearch('o');
    list.setSearch('ord');
    expect(list.getState()).toMatchObject({ reports: null, searching: true });
    await settle();
    // One request for what was typed last; the folders are not read while searching.
    expect(fake.calls.map((c) => c.params?.search)).toEqual([undefined, 'ord']);
    expect(fake.folderCalls).toEqual([undefined]);
    expect(list.getState().reports).toEqual([report(1), report(2)]);
  });

  it("opens a folder with its breadcrumb from the platform's ancestors, and goes back to the root on another deployment", async () => {
    const fake = fakeReports();
    const list = new ReportListStore({ reports: fake.reports, debounceMs: 0 });
    list.browse({ deploymentId: 1, workbookId: null, kept: false });
    await settle();
    list.openFolder(12, [{ id: 12, name: 'Q3' }]);
    await settle();
    expect(list.getState()).toMatchObject({ folderId: 12, breadcrumb: [{ id: 10, name: 'Sales' }, { id: 12, name: 'Q3' }], subfolders: [] });
    expect(fake.calls.at(-1)!.params).toMatchObject({ folderId: 12 });
    list.browse({ deploymentId: 2, workbookId: null, kept: false });
    await settle();
    expect(list.getState()).toMatchObject({ folderId: null, breadcrumb: [] });
    expect(fake.calls.at(-1)).toMatchObject({ deploymentId: 2, params: { folderId: undefined } });
  });

  it('filters to this workbook only once it has an id, and keeps a failure until Try again', async () => {
    const fake = fakeReports();
    const list = new ReportListStore({ reports: fake.reports, debounceMs: 0 });
    list.browse({ deploymentId: 1, workbookId: null, kept: false });
    await settle();
    const asked = fake.calls.length;
    list.setOnlyThisWorkbook(true);
    await settle();
    expect(fake.calls.length).toBe(asked);
    expect(list.getState().reports).toEqual([]);
    fake.fail(new Error('offline'));
    list.browse({ deploymentId: 1, workbookId: 'wb-1', kept: false });
    await settle();
    expect(fake.calls.at(-1)!.params).toMatchObject({ externalWorkbookId: 'wb-1' });
    expect((list.getState().error as Error).message).toBe('offline');
    list.reload();
    await settle();
    expect(list.getState()).toMatchObject({ error: null, reports: [report(1), report(2)] });
  });

  it('lists kept reports without folders or "last viewed", with those that cannot be read, read again on reload', async () => {
    const fake = fakeReports();
    const unreadable = [{ partId: '{1}', kind: 'malformed', reportName: null, message: 'unreadable', placementIds: [] }] as UnavailableReport[];
    let reads = 0;
    const list = new ReportListStore({ reports: fake.reports, kept: { unavailableReports: async () => (reads++, unreadable) }, debounceMs: 0 });
    list.setSortBy('lastViewedAt');
    list.browse({ deploymentId: 1, workbookId: null, kept: true });
    await settle();
    expect(list.getState()).toMatchObject({ folders: false, sortBy: 'name', sortChosen: 'lastViewedAt', unavailable: unreadable });
    expect(fake.folderCalls).toEqual([]);
    list.reload();
    await settle();
    expect(reads).toBe(2);
  });

  it('reads kept reports from the workbook only once Excel can be asked (the workbench loads Office.js after painting)', async () => {
    const fake = fakeReports();
    let reads = 0;
    let excelReady!: () => void;
    const ready = new Promise<void>((resolve) => {
      excelReady = resolve;
    });
    const list = new ReportListStore({ reports: fake.reports, kept: { unavailableReports: async () => (reads++, []) }, debounceMs: 0, excelReady: ready });
    list.browse({ deploymentId: 1, workbookId: null, kept: true });
    await settle();
    // Before it, Office cannot tell the host's requirement sets: a read then would find custom XML parts "unsupported".
    expect({ listed: fake.calls.length, reads }).toEqual({ listed: 0, reads: 0 });
    excelReady();
    await settle();
    expect({ listed: fake.calls.length, reads }).toEqual({ listed: 1, reads: 1 });
    expect(list.getState().reports).toHaveLength(2);
  });

  it('starts afresh after the view leaves, dropping answers to the earlier browse', async () => {
    const fake = fakeReports();
    const list = new ReportListStore({ reports: fake.reports, debounceMs: 0 });
    list.browse({ deploymentId: 1, workbookId: null, kept: false });
    list.setSearch('x');
    list.leave();
    await settle();
    expect(fake.calls).toEqual([]);
    expect(list.getState()).toMatchObject({ search: '', reports: null, subfolders: null });
  });
});
