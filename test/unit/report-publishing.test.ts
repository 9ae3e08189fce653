import { ApiError } from '../../src/client/errors';
import type { Report, ReportPlacement } from '../../src/contract';
import { connectInputOf, pivotInput, publishInput, recordedAsSent, sameContent } from '../../src/core/report-publishing';
import { publishToPlatform, type PublishDeps } from '../../src/placements/publishing';
import { PlacementOutOfDateError, PublicIdElsewhereError, WorkbookWithoutIdError } from '../../src/placements/publishing-errors';

/** The pure part of publishing workbook reports to the platform, and the use case's refusals over stand-in ports. */

const definition = {
  name: 'orders-by-status', title: 'Orders by status',
  jsonQuery: '{"measures":["orders.count"],"dimensions":["orders.status"]}',
  pivotItems: { rows: ['orders.status'], columns: [], measures: ['orders.count'], filters: [], displayScale: 'thousands', showRowTotals: true },
} as Pick<Report, 'name' | 'title' | 'jsonQuery' | 'pivotItems'>;

describe('publishInput', () => {
  it('sends the name, title, query and pivot items, made in Excel; a folder only when given', () => {
    expect(publishInput(definition)).toEqual({
      name: 'orders-by-status', title: 'Orders by status', jsonQuery: definition.jsonQuery,
      pivotItems: { rows: ['orders.status'], columns: [], measures: ['orders.count'], filters: [], displayScale: 'thousands', showRowTotals: true },
      source: 'EXCEL', host: 'EXCEL',
    });
    expect(publishInput({ ...definition, title: '  ' }).title).toBeNull();
    expect(publishInput(definition, 12).folderId).toBe(12);
    expect(publishInput(definition, null).folderId).toBeNull();
    expect('folderId' in publishInput(definition)).toBe(false);
  });

  it('leaves out display values this version does not know, and nulls', () => {
    expect(pivotInput({ rows: [], columns: [], measures: [], filters: [], displayScale: 'gazillions', measuresAxis: null, showColumnTotals: false } as never))
      .toEqual({ rows: [], columns: [], measures: [], filters: [], showColumnTotals: false });
    expect(pivotInput(null)).toBeNull();
  });
});

describe('sameContent', () => {
  it('holds for the same definition whatever the query text spacing, key order, or absent against null options', () => {
    const platform = {
      ...definition, jsonQuery: '{ "dimensions": ["orders.status"], "measures": ["orders.count"] }',
      pivotItems: { ...definition.pivotItems!, measuresAxis: null, showColumnTotals: null },
    };
    expect(sameContent(definition, platform)).toBe(true);
  });

  it('fails for another name, title, query or pivot', () => {
    expect(sameContent(definition, { ...definition, name: 'other' })).toBe(false);
    expect(sameContent(definition, { ...definition, title: null })).toBe(false);
    expect(sameContent(definition, { ...definition, jsonQuery: '{"measures":["orders.total"]}' })).toBe(false);
    expect(sameContent(definition, { ...definition, pivotItems: { ...definition.pivotItems!, showRowTotals: false } })).toBe(false);
    expect(sameContent(definition, { ...definition, pivotItems: null })).toBe(false);
  });
});

describe('a placement as connect-workbook is sent it', () => {
  const placement = {
    id: 'p-1', workbookId: 'wb', resultLocation: 'Sheet1!A1:B6', sheetName: 'Sheet1', anchorCell: 'A1', endResultCell: 'B6',
    resultChecksum: { v: 1, chunks: [{ from: 0, hash: 'abc' }] }, syncStatus: 'UP_TO_DATE', queryChecksum: 'x',
  } as ReportPlacement;

  it('keeps the id, address and result checksum, in the workbook given', () => {
    const sent = connectInputOf(placement, 'wb-42');
    expect(sent).toEqual({
      externalWorkbookId: 'wb-42', placementId: 'p-1', host: 'EXCEL', resultLocation: 'Sheet1!A1:B6', sheetName: 'Sheet1', anchorCell: 'A1',
      endResultCell: 'B6', resultChecksum: { v: 1, chunks: [{ from: 0, hash: 'abc' }] },
    });
    expect(recordedAsSent({ ...placement, workbookId: 'wb-42', placedAt: 'now' }, sent)).toBe(true);
    expect(recordedAsSent(undefined, sent)).toBe(false);
    expect(recordedAsSent({ ...placement, resultLocation: 'Sheet1!A1:B7' }, sent)).toBe(false);
    expect(recordedAsSent({ ...placement, resultChecksum: null }, sent)).toBe(false);
    expect(recordedAsSent({ ...placement, id: 'p-2' }, sent)).toBe(false);
  });
});

describe('publishToPlatform over stand-in ports', () => {
  const kept = (placements: Partial<ReportPlacement>[] = []) => ({
    id: 3, deploymentId: 0, publicId: 'AbCdEf123456', version: 1, ...definition,
    externalWorkbookPlacements: placements.map((p) => ({ id: 'p-1', workbookId: 'wb', resultLocation: 'Sheet1!A1:B6', syncStatus: 'UP_TO_DATE', ...p })),
  }) as unknown as Report;
  const deps = (report: Report, overrides: Partial<PublishDeps> = {}, workbookId: string | null = 'wb') => {
    const calls: string[] = [];
    const d: PublishDeps = {
      reports: {
        listReports: async (deploymentId: number) => ({ items: deploymentId === 0 ? [report] : [], pageInfo: { hasNextPage: false } }),
        getReport: async () => report,
        deleteReport: async () => void calls.push('delete'),
      } as unknown as PublishDeps['reports'],
      registry: {} as PublishDeps['registry'],
      publisher: { upsertByPublicId: async () => { calls.push('upsert'); return { ...report, id: 90, deploymentId: 5 }; } },
      workbook: { prepare: async () => ({ workbookId }) as never },
      ...overrides,
    };
    return { d, calls };
  };

  it('refuses an out-of-date placement before sending anything', async () => {
    const { d, calls } = deps(kept([{ syncStatus: 'CHANGED' }]));
    const outcome = await publishToPlatform(d, { from: 0, to: 5 });
    expect(outcome).toMatchObject({ published: 0, failed: 1, placements: 0 });
    expect(outcome.reports[0]!.kind === 'failed' && outcome.reports[0]!.error).toBeInstanceOf(PlacementOutOfDateError);
    expect(calls).toEqual([]);
  });

  it('refuses placements in a workbook without an id', async () => {
    const { d, calls } = deps(kept([{}]), {}, null);
    const outcome = await publishToPlatform(d, { from: 0, to: 5 });
    expect(outcome.reports[0]!.kind === 'failed' && outcome.reports[0]!.error).toBeInstanceOf(WorkbookWithoutIdError);
    expect(calls).toEqual([]);
  });

  it("tells a public id of another deployment (409 without a code) from the platform's other answers", async () => {
    const conflict = (body: unknown) => deps(kept(), {
      publisher: { upsertByPublicId: async () => { throw new ApiError(409, 'taken', { method: 'PUT', url: 'u' } as never, body); } },
    }).d;
    const elsewhere = await publishToPlatform(conflict({ message: 'taken' }), { from: 0, to: 5 });
    expect(elsewhere.reports[0]!.kind === 'failed' && elsewhere.reports[0]!.error).toBeInstanceOf(PublicIdElsewhereError);
    const transient = await publishToPlatform(conflict({ code: 'upsert_branch_changed' }), { from: 0, to: 5 });
    expect(transient.reports[0]!.kind === 'failed' && transient.reports[0]!.error).toBeInstanceOf(ApiError);
  });

  it('publishes a report without placements and deletes the workbook copy; an id not kept fails in words', async () => {
    const { d, calls } = deps(kept());
    const outcome = await publishToPlatform(d, { from: 0, to: 5 });
    expect(outcome).toMatchObject({ published: 1, failed: 0, placements: 0, replaced: 0 });
    expect(calls).toEqual(['upsert', 'delete']);
    const gone = deps(kept(), { reports: { getReport: async () => { throw new Error('no report 4'); } } as never }).d;
    const missing = await publishToPlatform(gone, { from: 0, to: 5, reportIds: [4] });
    expect(missing.reports).toEqual([{ kind: 'failed', workbookReportId: 4, title: null, error: new Error('no report 4'), placements: 0, placementsLeft: 0 }]);
  });
});
