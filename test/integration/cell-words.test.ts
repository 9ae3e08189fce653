/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { CoreDataClient } from '../../src/client';
import type { CellWords } from '../../src/core/cell-words';
import { resultChecksum } from '../../src/core/result-checksum';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { openWorkspace } from '../../src/pane/compose/platform';
import { cellsDe } from '../../src/taskpane/i18n/cells-de';
import { cellsEn } from '../../src/taskpane/i18n/cells-en';
import { cellWordsIn } from '../../src/taskpane/i18n/cell-catalog';
import { act, cellsOf, installWorkbook, selectCell } from '../support/excel';
import { noSleep, useAnalystPlatform } from '../support/local-platform';
import { connectionOf, done } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();
const { report } = local;

/** The analyst's workspace from a pane in one language (new placements in it), the filter summary on. */
async function workspace(words: CellWords, titleAndSource = false) {
  const connection = await connectionOf(local.t.analyst);
  const { user } = connection;
  const sheets = { ...user.settings?.sheets, showAppliedFilters: true };
  const language = words === cellsDe ? 'de' : 'en';
  return openWorkspace({ ...connection.state, user: { ...user, settings: { ...user.settings, sheets } } }, {
    dataClient: (apiUrl, tokens) => new CoreDataClient({ apiUrl, tokens, sleep: noSleep }),
    words: cellWordsIn,
    newPlacement: () => ({ language, titleAndSource }),
  });
}

async function service(words: CellWords) {
  return (await workspace(words)).placements;
}

/** Cells holding a German cell word (or the start of one), which an English placement never has. */
function germanWordsIn(cells: unknown[][]): string[] {
  const german = [cellsDe.total, cellsDe.filters(''), ` ${cellsDe.operators.inDateRange} `, cellsDe.granularities.quarter, cellsDe.measure, 'aktualisiert'];
  return cells.flat().filter((v): v is string => typeof v === 'string' && german.some((word) => v.includes(word)));
}

async function entryFor(placementId: string | null | undefined): Promise<WorkbookPlacement> {
  const entry = (await (await service(cellsEn)).workbookPlacements()).find((e) => e.placement.id === placementId);
  if (!entry) throw new Error(`placement ${placementId} is not listed`);
  return entry;
}

describe('the words written into cells', () => {
  it('of a new placement are the pane language\'s: Gesamt, Filter, the granularity, quarters as "Q1 2025"', async () => {
    const sim = installWorkbook();
    await selectCell('A1');
    done(await (await service(cellsDe)).place(await report('RevRegionQtr')));
    const cells = cellsOf(sim, 'Sheet1', 0, 0, 9, 6);
    expect(cells[0]![0]).toBe('Filter: Created at zwischen 2025-01-01 und 2025-12-31');
    // The header's form is the layout's (table-header.ts); its granularity word is the placement's language's.
    expect(cells[2]![0]).toContain('Quartal');
    expect(cells[2]!.slice(1)).toEqual(['Q1 2025', 'Q2 2025', 'Q3 2025', 'Q4 2025', 'Gesamt']);
    expect(cells[8]![0]).toBe('Gesamt');
  });

  it('a German refresh of an English placement writes English words only; its card switches it to German, which is kept', async () => {
    const sim = installWorkbook();
    await selectCell('B2');
    const english = await service(cellsEn);
    const placed = done(await english.place(await report('RevRegionQtr')));
    const englishCells = cellsOf(sim, 'Sheet1', 1, 1, 9, 6);
    expect(englishCells[0]![0]).toMatch(/^Filters: /);
    expect(englishCells[8]![0]).toBe('Total');

    // A German user refreshes the shared workbook: the placement's language is English, so its words stay English.
    const german = await service(cellsDe);
    expect(await german.checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [], cells: [] });
    const refreshed = done(await german.refresh(await entryFor(placed.placement.id)));
    const rect = cellsOf(sim, 'Sheet1', 1, 1, 9, 6);
    expect(rect).toEqual(englishCells);
    expect(germanWordsIn(rect)).toEqual([]);
    expect(refreshed.placement.resultChecksum).toEqual(resultChecksum(rect));

    // The card's switch: refreshed in German, the German words rewritten (not taken for hand edits), and kept.
    const switched = done(await english.refresh(await entryFor(placed.placement.id), { cellOptions: { language: 'de', titleAndSource: false } }));
    const inGerman = cellsOf(sim, 'Sheet1', 1, 1, 9, 6);
    expect(inGerman[0]![0]).toMatch(/^Filter: .* zwischen /);
    expect(inGerman[2]![5]).toBe('Gesamt');
    expect(inGerman[8]![0]).toBe('Gesamt');
    expect(switched.placement.resultChecksum).toEqual(resultChecksum(inGerman));
    expect((await entryFor(placed.placement.id)).location?.cellOptions).toEqual({ language: 'de', titleAndSource: false });
    done(await english.refresh(await entryFor(placed.placement.id)));
    expect(cellsOf(sim, 'Sheet1', 1, 1, 9, 6)).toEqual(inGerman);

    // A real hand edit is still found, whatever language refreshes.
    await act((c) => { c.workbook.worksheets.getItem('Sheet1').getRange('C6').values = [[1]]; });
    expect(await english.checkHandEdits(await entryFor(placed.placement.id))).toEqual({ rows: [6], cells: ['C6'] });
  });

  it('a placement from before languages were kept is written in its first refresher\'s language, which it keeps', async () => {
    const sim = installWorkbook();
    await selectCell('B2');
    const placed = done(await (await service(cellsEn)).place(await report('RevRegionQtr')));
    // As an earlier version left it: no cell options in the workbook.
    await (await workspace(cellsEn)).workbook.writeCellOptions(placed.placement.id!, null);
    expect((await entryFor(placed.placement.id)).location?.cellOptions).toBeNull();

    done(await (await service(cellsDe)).refresh(await entryFor(placed.placement.id)));
    expect(cellsOf(sim, 'Sheet1', 9, 1, 1, 1)[0]![0]).toBe('Gesamt');
    expect((await entryFor(placed.placement.id)).location?.cellOptions).toEqual({ language: 'de', titleAndSource: false });
    done(await (await service(cellsEn)).refresh(await entryFor(placed.placement.id)));
    expect(cellsOf(sim, 'Sheet1', 9, 1, 1, 1)[0]![0]).toBe('Gesamt');
  });
});
