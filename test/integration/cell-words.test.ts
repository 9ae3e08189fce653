/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CellWords } from '../../src/core/cell-words';
import { resultChecksum } from '../../src/core/result-checksum';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { openWorkspace } from '../../src/pane/workspace';
import { cellsDe } from '../../src/taskpane/i18n/cells-de';
import { cellsEn } from '../../src/taskpane/i18n/cells-en';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();
const { report } = local;

/** The analyst's use cases with the pane's cell words in one language, the filter summary on. */
async function service(words: CellWords) {
  const connection = await connectionOf(local.t.analyst);
  const { user } = connection;
  const sheets = { ...user.settings?.sheets, showAppliedFilters: true };
  return openWorkspace({ ...connection.state, user: { ...user, settings: { ...user.settings, sheets } } }, {
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
    words: () => words,
  }).placements;
}

async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service(cellsEn)).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

describe('the words written into cells', () => {
  it('are the pane language\'s: Gesamt, Filter, gefiltert, the granularity, quarters as "Q1 2025"', async () => {
    const sim = installWorkbook();
    await selectCell('A1');
    done(await (await service(cellsDe)).place(await report('RevRegionQtr')));
    const cells = cellsOf(sim, 'Sheet1', 0, 0, 9, 6);
    expect(cells[0]![0]).toBe('Filter: Created at zwischen 2025-01-01 und 2025-12-31');
    expect(cells[2]).toEqual(['Created at (Quartal) (gefiltert)', 'Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025', 'Gesamt']);
    expect(cells[8]![0]).toBe('Gesamt');
  });

  it('a refresh in another language rewrites the labels, not taking them for hand edits, and records the new words', async () => {
    const sim = installWorkbook();
    await selectCell('B2');
    const placed = done(await (await service(cellsEn)).place(await report('RevRegionQtr')));
    expect(cellsOf(sim, 'Sheet1', 3, 1, 1, 6)[0]).toEqual(['Created at (quarter) (filtered)', 'Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025', 'Total']);

    // A German user refreshes the shared workbook: nothing was edited by hand, whatever language it was written in.
    const german = await service(cellsDe);
    expect(await german.checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [], cells: [] });
    const refreshed = done(await german.refresh(await entryFor(placed.placement.id)));
    const rect = cellsOf(sim, 'Sheet1', 1, 1, 9, 6);
    expect(rect[0]![0]).toBe('Filter: Created at zwischen 2025-01-01 und 2025-12-31');
    expect(rect[2]![0]).toBe('Created at (Quartal) (gefiltert)');
    expect(rect[2]![5]).toBe('Gesamt');
    expect(rect[8]![0]).toBe('Gesamt');
    expect(refreshed.placement.resultChecksum).toEqual(resultChecksum(rect));

    // The record is of the German words now: back in English, the refresh rewrites them again, and a real hand
    // edit is still found.
    await act((c) => { c.workbook.worksheets.getItem('Sheet1').getRange('C6').values = [[1]]; });
    const english = await service(cellsEn);
    expect(await english.checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [6], cells: ['C6'] });
    done(await english.refresh(await entryFor(placed.placement.id), { overwriteHandEdits: true }));
    expect(cellsOf(sim, 'Sheet1', 1, 1, 1, 1)[0]![0]).toBe('Filters: Created at between 2025-01-01 and 2025-12-31');
    expect(cellsOf(sim, 'Sheet1', 9, 1, 1, 1)[0]![0]).toBe('Total');
    expect(await english.checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [], cells: [] });
  });
});
