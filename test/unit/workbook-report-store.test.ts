import { WORKBOOK_REPORT_NAMESPACE as NS } from '../../src/contract/workbook-report';
import { ReportChangedElsewhereError } from '../../src/ports/errors';
import {
  FoldersUnavailableError, OtherDeploymentError, REPORT_IDS_NAMESPACE, WorkbookPlacementRegistry, WorkbookReports, WorkbookReportStore,
} from '../../src/workbook';
import { MemoryWorkbookParts } from '../support/memory-workbook-parts';

/**
 * What the shared port suites (test/support/port-suites) cannot reach of the reports kept in the workbook: parts
 * this version cannot read, a newer version's additions kept across this version's writes, and report ids never
 * given twice. Over the workbook parts port in memory.
 */

const DEPLOYMENT = 3;
const CHECKSUM = 'a'.repeat(64);
const WORKBOOK = 'wb-1';

function setup(parts = new MemoryWorkbookParts()) {
  let clock = Date.parse('2026-11-05T09:00:00Z');
  const reports = new WorkbookReports({
    parts, deploymentId: DEPLOYMENT, workbookId: () => WORKBOOK,
    who: { now: () => new Date((clock += 1000)), user: () => ({ name: 'Ada', email: 'ada@example.com' }) },
  });
  return { parts, store: new WorkbookReportStore(reports), registry: new WorkbookPlacementRegistry(reports) };
}

/** A part as a newer version (3) writes it, that version 1 may read: what it added must survive version 1's writes. */
const newerPart = (extra = '') =>
  `<workbookReport xmlns="${NS}" xmlns:x="urn:example:other" schemaVersion="3" x:origin="tool"${extra}>` +
  '<report id="5" publicId="AbCdEf123456" version="4" colour="teal"><name>Q3 revenue</name><query>{"measures":["orders.count"]}</query>' +
  '<pivot sortBy="revenue"><row>orders.region</row></pivot><created at="2026-11-01T09:00:00Z" by="Bo"/><updated at="2026-11-02T10:00:00Z" by="Bo"/>' +
  '<x:note kind="a">keep me</x:note></report>' +
  `<placement id="p1" pinned="true"><resultLocation>Sheet1!A1:B3</resultLocation><sheetName>Sheet1</sheetName><anchorCell>A1</anchorCell><queryChecksum>${CHECKSUM}</queryChecksum>` +
  '<placed at="2026-11-01T09:05:00Z"/><history><entry at="2026-11-01T09:05:00Z"/></history></placement>' +
  '<bookmarks xmlns="urn:example:bookmarks"><mark/></bookmarks></workbookReport>';

const query = JSON.stringify({ measures: ['orders.count'] });

describe('reports kept in the workbook: parts this version cannot read', () => {
  const malformed = `<workbookReport xmlns="${NS}" schemaVersion="1"><report id="9"><name>Broken`;
  const refused = newerPart(' minReaderVersion="3"').replace('id="5"', 'id="8"').replace('id="p1"', 'id="p-refused"');

  it('lists them as unavailable, in words, and never rewrites or deletes them', async () => {
    const { parts, store, registry } = setup();
    const broken = (await parts.add(malformed)).id;
    const newer = (await parts.add(refused)).id;
    const readable = await store.createReport(DEPLOYMENT, { name: 'Readable', jsonQuery: query });

    expect((await store.listReports(DEPLOYMENT)).items.map((r) => r.name)).toEqual(['Readable']);
    const unavailable = await store.unavailableReports();
    expect(unavailable.map((u) => [u.partId, u.kind])).toEqual([[broken, 'malformed'], [newer, 'newer-version']]);
    expect(unavailable[0]!.message).toMatch(/cannot be read: it is not well-formed XML/);
    expect(unavailable[1]!.message).toMatch(/saved by a newer version of the add-in \(format 3\); update the add-in/);
    // The refused part's placement still keeps its cells from being covered, though it is not listed.
    expect(await registry.placementIds(WORKBOOK)).toContain('p-refused');
    expect((await registry.list(WORKBOOK)).map((l) => l.placement.id)).not.toContain('p-refused');

    // Writes to other reports, a delete, and a taken placement id leave them as they were.
    const updated = await store.updateReport(readable, { title: 'Still readable' });
    await registry.connect({ deploymentId: DEPLOYMENT, reportId: updated.id }, { externalWorkbookId: WORKBOOK, resultLocation: 'Sheet2!A1:B2' });
    await expect(registry.connect({ deploymentId: DEPLOYMENT, reportId: updated.id }, {
      externalWorkbookId: WORKBOOK, placementId: 'p-refused', resultLocation: 'Sheet3!A1:B2',
    })).rejects.toThrow(/belongs to another report/);
    await store.deleteReport(DEPLOYMENT, updated.id);
    expect(parts.parts.get(broken)).toBe(malformed);
    expect(parts.parts.get(newer)).toBe(refused);
    expect(parts.calls.filter((c) => /^(replace|remove) /.test(c) && (c.endsWith(broken) || c.endsWith(newer)))).toEqual([]);
  });
});

describe('reports kept in the workbook: a newer version\'s part', () => {
  it('is read, and keeps everything it added across an update, a connect and a refresh', async () => {
    const { parts, store, registry } = setup();
    const id = (await parts.add(newerPart())).id;
    const opened = await store.getReport(DEPLOYMENT, 5);
    expect(opened).toMatchObject({ id: 5, name: 'Q3 revenue', version: 4, user: { firstName: 'Bo' } });
    expect(opened.externalWorkbookPlacements).toMatchObject([{ id: 'p1', workbookId: WORKBOOK, syncStatus: 'CHANGED' }]);

    const saved = await store.updateReport(opened, { title: 'Renamed', pivotItems: { rows: ['orders.city'], columns: [], measures: [], filters: [] } });
    expect(saved).toMatchObject({ version: 5, title: 'Renamed', pivotItems: { rows: ['orders.city'] }, user: { firstName: 'Ada' } });
    const ref = { deploymentId: DEPLOYMENT, reportId: 5 };
    await registry.recordRefresh(ref, { placementId: 'p1', resultChecksum: { v: 1, chunks: [{ from: 0, hash: 'H' }] } });
    await registry.connect(ref, { externalWorkbookId: WORKBOOK, resultLocation: 'Sheet2!C3:D4' });

    const xml = parts.parts.get(id)!;
    expect(xml).toContain('schemaVersion="3"');
    expect(xml).toContain('x:origin="tool"');
    expect(xml).toContain('version="5" colour="teal"');
    expect(xml).toContain('<pivot sortBy="revenue"><row>orders.city</row></pivot>');
    expect(xml).toContain('<x:note kind="a">keep me</x:note></report>');
    expect(xml).toMatch(/<placement id="p1" pinned="true">.*<refreshed at="[^"]+" by="Ada"\/><history><entry at="2026-11-01T09:05:00Z"\/><\/history><\/placement>/);
    expect(xml).toContain('<bookmarks xmlns="urn:example:bookmarks"><mark/></bookmarks></workbookReport>');
    const statuses = await registry.statuses(WORKBOOK, [DEPLOYMENT]);
    expect(statuses.map((s) => [s.placement.id === 'p1' ? 'p1' : 'new', s.placement.syncStatus])).toEqual([['p1', 'UP_TO_DATE'], ['new', 'UP_TO_DATE']]);
  });
});

describe('reports kept in the workbook: ids', () => {
  it('never gives an id twice, not even after the newest report is deleted', async () => {
    const { parts, store } = setup();
    const [a, b, c] = [
      await store.createReport(DEPLOYMENT, { name: 'A' }), await store.createReport(DEPLOYMENT, { name: 'B' }), await store.createReport(DEPLOYMENT, { name: 'C' }),
    ];
    expect([a.id, b.id, c.id]).toEqual([1, 2, 3]);
    await store.deleteReport(DEPLOYMENT, c.id);
    expect((await store.createReport(DEPLOYMENT, { name: 'D' })).id).toBe(4);
    for (const r of (await store.listReports(DEPLOYMENT)).items) await store.deleteReport(DEPLOYMENT, r.id);
    expect((await store.createReport(DEPLOYMENT, { name: 'E' })).id).toBe(5);
    expect((await parts.list(REPORT_IDS_NAMESPACE)).map((p) => p.xml)).toEqual([`<reportIds xmlns="${REPORT_IDS_NAMESPACE}" last="5"/>`]);
  });

  it('stays above every kept id when the ids part is gone (a part kept by hand, another tool)', async () => {
    const { parts, store } = setup();
    await parts.add(newerPart());
    expect((await store.createReport(DEPLOYMENT, { name: 'After five' })).id).toBe(6);
  });
});

describe('reports kept in the workbook: one deployment, no folders, versions seen across copies', () => {
  it('refuses another deployment\'s id and a folder, in words', async () => {
    const { store, registry } = setup();
    await expect(store.listReports(DEPLOYMENT + 1)).rejects.toBeInstanceOf(OtherDeploymentError);
    await expect(registry.connect({ deploymentId: DEPLOYMENT + 1, reportId: 1 }, { externalWorkbookId: WORKBOOK, resultLocation: 'S!A1' }))
      .rejects.toBeInstanceOf(OtherDeploymentError);
    await expect(store.createReport(DEPLOYMENT, { name: 'Filed', folderId: 4 })).rejects.toBeInstanceOf(FoldersUnavailableError);
  });

  it('sees a save made by another pane or copy before saving over it', async () => {
    const parts = new MemoryWorkbookParts();
    const mine = setup(parts).store;
    const theirs = setup(parts).store;
    const opened = await mine.createReport(DEPLOYMENT, { name: 'Shared', jsonQuery: query });
    await theirs.updateReport(await theirs.getReport(DEPLOYMENT, opened.id), { name: 'Theirs' });
    await expect(mine.updateReport(opened, { name: 'Mine' })).rejects.toBeInstanceOf(ReportChangedElsewhereError);
    expect((await mine.getReport(DEPLOYMENT, opened.id)).name).toBe('Theirs');
  });
});
