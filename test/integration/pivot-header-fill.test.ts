/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CubeQuery, PivotItemsInput, Report } from '../../src/contract';
import type { CellWords } from '../../src/core/cell-words';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { openWorkspace } from '../../src/pane/compose/platform';
import { cellsDe } from '../../src/taskpane/i18n/cells-de';
import { cellsEn } from '../../src/taskpane/i18n/cells-en';
import type { ExcelHost } from '../../workbench/excel-host';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

/**
 * A pivot's header rows are filled (light blue, src/excel/writes.ts `HEADER_FILL`) in the request that writes
 * them, and the fill goes with the cells: cleared when a refresh shrinks the pivot or the placement is
 * disconnected with its cells. Week labels follow the refresher's language in every row.
 */
jest.setTimeout(60_000);

const local = useAnalystPlatform();
const HEADER_FILL = '#DDEBF7';

async function service(words: CellWords = cellsEn) {
  const connection = await connectionOf(local.t.analyst);
  return openWorkspace(connection, { dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }), words: () => words }).placements;
}

async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service()).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

let salesFolderId: number | undefined;
async function ownReport(publicId: string, query: CubeQuery, pivotItems: PivotItemsInput): Promise<Report> {
  salesFolderId ??= (await local.t.admin.allFolders(local.t.salesDeploymentId)).find((f) => f.name === 'Sales')!.id;
  return local.t.admin.upsertReportByPublicId(local.t.salesDeploymentId, publicId, { name: publicId, folderId: salesFolderId, jsonQuery: JSON.stringify(query), pivotItems });
}

/** Each cell's fill straight from the model: null where there is none. */
function fillsOf(host: ExcelHost, top: number, left: number, rows: number, columns: number): (string | null)[][] {
  const sheet = host.model.sheetByName('Sheet1')!;
  return Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => host.model.cellAt(sheet, top + r, left + c)?.fill ?? null));
}

const countByStatusAndRegion: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status', 'orders.region'] };
const statusByRegion: PivotItemsInput = { rows: ['orders.status'], columns: ['orders.region'], measures: ['orders.count'], filters: [] };

describe('a pivot placed in cells', () => {
  it('has its header rows filled and its data not; a shrinking refresh and a disconnect take the fill with the cells', async () => {
    const host = installWorkbook();
    await selectCell('B2');
    const report = await ownReport('fillPivot001', countByStatusAndRegion, statusByRegion);
    const placed = done(await (await service()).place(report));
    // Two header rows: the regions, then the measure's title over each, the row member's title in the corner.
    const [first, second] = cellsOf(host, 'Sheet1', 1, 1, 2, 2);
    expect(first![1]).not.toBe('');
    expect(second![0]).toBe('Status');
    const rect = placed.placement.resultLocation!.match(/!B2:([A-Z]+)(\d+)$/)!;
    const width = rect[1]!.charCodeAt(0) - 'A'.charCodeAt(0);
    const height = Number(rect[2]) - 1;
    expect(width).toBeGreaterThan(2);
    const fills = fillsOf(host, 1, 1, height, width);
    expect(fills.slice(0, 2).flat().every((fill) => fill === HEADER_FILL)).toBe(true);
    expect(fills.slice(2).flat().every((fill) => fill === null)).toBe(true);

    // The report narrows to two regions: the header cells of the regions that went are cleared, fill and all.
    await ownReport('fillPivot001', { ...countByStatusAndRegion, filters: [{ member: 'orders.region', operator: 'equals', values: ['Europe', 'North America'] }] }, statusByRegion);
    const refreshed = done(await (await service()).refresh(await entryFor(placed.placement.id)));
    expect(refreshed.placement.resultLocation).toMatch(/!B2:D\d+$/);
    // The filter now reads above it (two rows, never filled), so the old header rows hold the summary: plain again.
    expect(cellsOf(host, 'Sheet1', 1, 1, 1, 1)[0]![0]).toMatch(/^Filters: /);
    const after = fillsOf(host, 1, 1, height + 2, width);
    expect(after.slice(0, 2).flat().every((fill) => fill === null)).toBe(true);
    expect(after.slice(2, 4)).toEqual([[HEADER_FILL, HEADER_FILL, HEADER_FILL, null, null], [HEADER_FILL, HEADER_FILL, HEADER_FILL, null, null]]);
    expect(after.slice(4).flat().every((fill) => fill === null)).toBe(true);

    await (await service()).disconnect(await entryFor(placed.placement.id), true);
    expect(fillsOf(host, 1, 1, height + 2, width).flat().every((fill) => fill === null)).toBe(true);
  });

  it('is not filled when flat: headers bold only', async () => {
    const host = installWorkbook();
    await selectCell('A1');
    done(await (await service()).place(await ownReport('fillFlat0001', { measures: ['orders.count'], dimensions: ['orders.status'] }, { rows: ['orders.status'], columns: [], measures: ['orders.count'], filters: [] })));
    expect(host.model.cellAt(host.model.sheetByName('Sheet1')!, 0, 0)).toMatchObject({ value: 'Status', bold: true });
    expect(fillsOf(host, 0, 0, 3, 2).flat().every((fill) => fill === null)).toBe(true);
  });
});

describe('week labels', () => {
  it('read in the refresher\'s language in every row after a refresh with unchanged data', async () => {
    const host = installWorkbook();
    await selectCell('A1');
    const weekly = await ownReport('fillWeeks001', {
      measures: ['orders.count'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'week', dateRange: ['2025-01-01', '2025-03-31'] }],
    }, { rows: ['orders.created_at.week'], columns: [], measures: ['orders.count'], filters: [], showAppliedFilters: false });
    const placed = done(await (await service(cellsEn)).place(weekly));
    const sheet = host.model.sheetByName('Sheet1')!;
    const rows = Number(placed.placement.resultLocation!.match(/(\d+)$/)![1]);
    const weekFormats = () => Array.from({ length: rows - 1 }, (_, r) => host.model.cellAt(sheet, r + 1, 0)?.numberFormat);
    expect(rows).toBeGreaterThan(10);
    expect(weekFormats().every((format) => format === '"Week of "yyyy-mm-dd')).toBe(true);

    const values = cellsOf(host, 'Sheet1', 1, 0, rows - 1, 2);
    done(await (await service(cellsDe)).refresh(await entryFor(placed.placement.id)));
    expect(cellsOf(host, 'Sheet1', 1, 0, rows - 1, 2)).toEqual(values);
    expect(weekFormats().every((format) => format === '"Woche ab "yyyy-mm-dd')).toBe(true);
    expect(await (await service(cellsDe)).checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [], cells: [] });
  });
});
