import { WORKBOOK_REPORT_NAMESPACE as NS, type WorkbookReportRecord } from '../../src/contract/workbook-report';
import { parseWorkbookReport, WorkbookReportPartError } from '../../src/core/workbook-store';
import { ReportChangedElsewhereError } from '../../src/ports/errors';
import {
  WorkbookPlacementNotFoundError, WorkbookPlacementRegistry, WorkbookReportNotFoundError, WorkbookReports, WorkbookReportStore,
} from '../../src/workbook';
import { MemoryWorkbookParts } from '../support/memory-workbook-parts';

/**
 * Issue 39, one writer per part: every change of a report kept in the workbook reads its part, changes it and writes
 * it whole, so changes made side by side must take turns or all but the last are lost. Over the parts port in
 * memory, with two sets of adapters over the same workbook (as the Cube workspace and the mixed one each build their
 * own): N refresh records of one report's placements and a rename, all at once, all land; those that come while a
 * write is under way go together in the next one; one that fails fails alone.
 */

const DEPLOYMENT = 3;
const WORKBOOK = 'wb-1';
const PLACEMENTS = ['Sheet1!A1:B3', 'Sheet1!D1:E3', 'Sheet1!G1:H3', 'Sheet2!A1:B3', 'Sheet2!D1:E3'];

/** A workbook in memory whose writes can be held: each `replace` waits while `held` is set. */
class HeldParts extends MemoryWorkbookParts {
  held: Promise<void> | null = null;
  reached: (() => void) | null = null;

  override async replace(id: string, xml: string): Promise<void> {
    this.reached?.();
    if (this.held) await this.held;
    return super.replace(id, xml);
  }
}

function adapters(parts: MemoryWorkbookParts) {
  const reports = new WorkbookReports({
    parts, deploymentId: DEPLOYMENT, workbookId: () => WORKBOOK,
    who: { now: () => new Date('2026-11-05T09:00:00Z'), user: () => ({ name: 'Ada', email: null }) },
  });
  return { store: new WorkbookReportStore(reports), registry: new WorkbookPlacementRegistry(reports) };
}

/** A report with the five placements, made one after another; answers the report and its placement ids. */
async function placedReport(parts: MemoryWorkbookParts) {
  const { store, registry } = adapters(parts);
  const report = await store.createReport(DEPLOYMENT, { name: 'Orders', jsonQuery: '{"measures":["orders.count"]}' });
  const ref = { deploymentId: DEPLOYMENT, reportId: report.id };
  const ids: string[] = [];
  for (const resultLocation of PLACEMENTS) {
    const placed = await registry.connect(ref, { externalWorkbookId: WORKBOOK, resultLocation });
    ids.push(placed.externalWorkbookPlacements!.at(-1)!.id!);
  }
  return { report: await store.getReport(DEPLOYMENT, report.id), ref, ids };
}

/** The report's record as its part holds it. */
function recordIn(parts: MemoryWorkbookParts): WorkbookReportRecord {
  const xml = [...parts.parts.values()].find((x) => x.includes(`xmlns="${NS}"`))!;
  const record = parseWorkbookReport(xml);
  if (record instanceof WorkbookReportPartError) throw record;
  return record;
}

const writesOf = (parts: MemoryWorkbookParts) => parts.calls.filter((c) => c.startsWith('replace ')).length;
const readsOf = (parts: MemoryWorkbookParts) => parts.calls.filter((c) => c === `list ${NS}`).length;

describe('one writer per report part', () => {
  it('lands N refresh records of one report and a rename made all at once, through two adapters over one workbook, in one read and one write', async () => {
    const parts = new MemoryWorkbookParts();
    const { report, ref, ids } = await placedReport(parts);
    const first = adapters(parts);
    const second = adapters(parts);
    const [writes, reads] = [writesOf(parts), readsOf(parts)];

    await Promise.all([
      ...ids.map((placementId, i) => (i % 2 ? first : second).registry.recordRefresh(ref, { placementId, resultChecksum: { v: 1, chunks: [{ from: 0, hash: `H${i}` }] } })),
      first.store.updateReport(report, { name: 'Orders, renamed' }),
    ]);

    const record = recordIn(parts);
    expect(record.report.name).toBe('Orders, renamed');
    expect(record.placements.map((p) => [p.id, p.refreshed?.at, p.resultChecksum?.chunks[0]?.hash])).toEqual(
      ids.map((id, i) => [id, '2026-11-05T09:00:00.000Z', `H${i}`]),
    );
    // All six were asked for before the first turn began: they went together.
    expect([writesOf(parts) - writes, readsOf(parts) - reads]).toEqual([1, 1]);
  });

  it('gathers the changes made while a write is under way into the next turn, and lands them all', async () => {
    const parts = new HeldParts();
    const { report, ref, ids } = await placedReport(parts);
    const { store, registry } = adapters(parts);
    const writes = writesOf(parts);
    let release!: () => void;
    parts.held = new Promise((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (parts.reached = resolve));

    const firstRecord = registry.recordRefresh(ref, { placementId: ids[0]! });
    await reached;
    parts.reached = null;
    // The first record's write is under way: these wait for it, then go in one read and one write.
    const rest = Promise.all([
      ...ids.slice(1).map((placementId) => registry.recordRefresh(ref, { placementId })),
      store.updateReport(report, { name: 'Orders, renamed' }),
    ]);
    parts.held = null;
    release();
    await Promise.all([firstRecord, rest]);

    const record = recordIn(parts);
    expect(record.report.name).toBe('Orders, renamed');
    expect(record.placements.filter((p) => p.refreshed).map((p) => p.id)).toEqual(ids);
    expect(writesOf(parts) - writes).toBe(2);
  });

  it('fails a change that cannot be made alone: the others of its turn land', async () => {
    const parts = new MemoryWorkbookParts();
    const { report, ref, ids } = await placedReport(parts);
    const { store, registry } = adapters(parts);
    const stale = { ...report, version: report.version! - 1 };

    const outcomes = await Promise.allSettled([
      registry.recordRefresh(ref, { placementId: ids[0]! }),
      registry.recordRefresh(ref, { placementId: 'no-such-placement' }),
      store.updateReport(stale, { name: 'From an old copy' }),
      registry.recordRefresh(ref, { placementId: ids[1]! }),
      registry.disconnect(ref, { placementId: ids[4]! }),
    ]);

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(WorkbookPlacementNotFoundError);
    expect((outcomes[2] as PromiseRejectedResult).reason).toBeInstanceOf(ReportChangedElsewhereError);
    const record = recordIn(parts);
    expect(record.report.name).toBe('Orders');
    expect(record.placements.map((p) => [p.id, Boolean(p.refreshed)])).toEqual([[ids[0], true], [ids[1], true], [ids[2], false], [ids[3], false]]);
  });

  it('deletes a report after the changes asked for before it, and refuses those asked for after it', async () => {
    const parts = new MemoryWorkbookParts();
    const { ref, ids } = await placedReport(parts);
    const { store, registry } = adapters(parts);

    const [before, deleted, after] = await Promise.allSettled([
      registry.recordRefresh(ref, { placementId: ids[0]! }),
      store.deleteReport(DEPLOYMENT, ref.reportId),
      registry.recordRefresh(ref, { placementId: ids[1]! }),
    ]);

    expect([before.status, deleted.status, after.status]).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((after as PromiseRejectedResult).reason).toBeInstanceOf(WorkbookReportNotFoundError);
    expect([...parts.parts.values()].some((x) => x.includes(`xmlns="${NS}"`))).toBe(false);
  });

  it('gives reports created at once ids of their own', async () => {
    const parts = new MemoryWorkbookParts();
    const [a, b] = [adapters(parts), adapters(parts)];
    const created = await Promise.all([1, 2, 3, 4].map((n) => (n % 2 ? a : b).store.createReport(DEPLOYMENT, { name: `Report ${n}` })));
    expect(created.map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect((await a.store.listReports(DEPLOYMENT, { sortBy: 'name' })).items.map((r) => [r.id, r.name])).toEqual([1, 2, 3, 4].map((n) => [n, `Report ${n}`]));
  });
});
