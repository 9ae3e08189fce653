import { parseCellOptions, sameCellOptions, storedCellOptions } from '../../src/core/cell-options';
import { cellInput } from '../../src/core/cell-values';
import { ENGLISH_CELL_WORDS } from '../../src/core/cell-words';
import type { CellGrid } from '../../src/core/cell-grid';
import { captionLines, displayName, refreshedWhen, wallClock, withCaptionLines } from '../../src/core/source-line';
import { readNewPlacementSettings, saveNewPlacementSettings } from '../../src/core/new-placement-settings';
import { cellWordsIn } from '../../src/taskpane/i18n/cell-catalog';
import { cellsDe } from '../../src/taskpane/i18n/cells-de';
import { cellsEn } from '../../src/taskpane/i18n/cells-en';

// 26 Nov 2026 13:05 UTC: 14:05 in Berlin (CET, UTC+1), 08:05 in New York (EST, UTC−5).
const AT = new Date('2026-11-26T13:05:00Z');

describe('the source line', () => {
  it('writes the date and time as each language does', () => {
    expect(refreshedWhen(AT, 'Europe/Berlin', cellsEn)).toBe('26 Nov 2026 14:05');
    expect(refreshedWhen(AT, 'Europe/Berlin', cellsDe)).toBe('26.11.2026, 14:05');
    expect(refreshedWhen(AT, 'America/New_York', cellsEn)).toBe('26 Nov 2026 08:05');
    // Midnight is 00:00 (never 24:00), and German pads day and month.
    const newYear = new Date('2026-01-05T23:00:00Z');
    expect(refreshedWhen(newYear, 'Europe/Berlin', cellsEn)).toBe('6 Jan 2026 00:00');
    expect(refreshedWhen(newYear, 'Europe/Berlin', cellsDe)).toBe('06.01.2026, 00:00');
    expect(refreshedWhen(new Date('2026-07-31T21:59:00Z'), 'UTC', cellsEn)).toBe('31 Jul 2026 21:59');
  });

  it('an unknown time zone is the machine\'s, never an error', () => {
    expect(wallClock(AT, 'Not/AZone')).toEqual(wallClock(AT, null));
  });

  it('names the report, when and who, in the placement\'s language', () => {
    const source = { report: 'Revenue by region', refreshedAt: AT, timeZone: 'Europe/Berlin', user: 'Anna' };
    expect(captionLines(cellsEn, source)).toEqual(['Revenue by region', 'Report Sync · Revenue by region · refreshed 26 Nov 2026 14:05 by Anna']);
    expect(captionLines(cellsDe, source)).toEqual(['Revenue by region', 'Report Sync · Revenue by region · aktualisiert am 26.11.2026, 14:05 von Anna']);
  });

  it('says who by first name, else user name, else email', () => {
    expect(displayName({ firstName: 'Anna', username: 'analyst', email: 'analyst@example.com' })).toBe('Anna');
    expect(displayName({ firstName: '  ', username: 'analyst', email: 'analyst@example.com' })).toBe('analyst');
    expect(displayName({ firstName: null, username: '', email: 'analyst@example.com' })).toBe('analyst@example.com');
  });

  it('a formula-looking title is written as text', () => {
    const [title] = captionLines(cellsEn, { report: '=HYPERLINK("http://x.example","Click")', refreshedAt: AT, timeZone: 'UTC', user: '+Anna' });
    expect(cellInput(title)).toBe('\'=HYPERLINK("http://x.example","Click")');
  });
});

describe('the words of each language', () => {
  it('name every granularity on its own, in English and German', () => {
    expect(cellsEn.granularities).toEqual({ year: 'Year', quarter: 'Quarter', month: 'Month', week: 'Week', day: 'Day', hour: 'Hour', minute: 'Minute', second: 'Second' });
    expect(cellsDe.granularities).toEqual({ year: 'Jahr', quarter: 'Quartal', month: 'Monat', week: 'Woche', day: 'Tag', hour: 'Stunde', minute: 'Minute', second: 'Sekunde' });
  });

  it('are found by a placement\'s language, English for one the add-in has no words for', () => {
    expect(cellWordsIn('de')).toBe(cellsDe);
    expect(cellWordsIn('en')).toBe(cellsEn);
    expect(cellWordsIn('fr')).toBe(ENGLISH_CELL_WORDS);
  });
});

describe('title and source lines above a grid', () => {
  const grid: CellGrid = {
    values: [['Region', 'Revenue'], ['Europe', 10], ['Total', 10]], numberFormats: [['General', 'General'], ['General', '#,##0'], ['General', '#,##0']],
    headerRows: 1, boldRows: [2], boldHeaderRows: [0], filledHeaderRows: [],
  };

  it('are caption rows, a blank row below them, every other row index moved down', () => {
    const captioned = withCaptionLines(grid, ['Revenue', 'Report Sync · Revenue · refreshed 26 Nov 2026 14:05 by Anna']);
    expect(captioned.values).toEqual([
      ['Revenue', ''], ['Report Sync · Revenue · refreshed 26 Nov 2026 14:05 by Anna', ''], ['', ''], ['Region', 'Revenue'], ['Europe', 10], ['Total', 10],
    ]);
    expect(captioned.numberFormats.slice(0, 3)).toEqual([['General', 'General'], ['General', 'General'], ['General', 'General']]);
    expect(captioned).toMatchObject({ headerRows: 4, boldRows: [5], boldHeaderRows: [3], filledHeaderRows: [], boldCaptionRows: [0] });
  });

  it('share the filter summary\'s blank row when there is one', () => {
    const summarised: CellGrid = {
      ...grid, values: [['Filters: Region is Europe', ''], ['', ''], ...grid.values], numberFormats: [['General', 'General'], ['General', 'General'], ...grid.numberFormats],
      headerRows: 3, boldRows: [4], boldHeaderRows: [2],
    };
    const captioned = withCaptionLines(summarised, ['Revenue', 'Report Sync · …']);
    expect(captioned.values.slice(0, 5).map((row) => row[0])).toEqual(['Revenue', 'Report Sync · …', 'Filters: Region is Europe', '', 'Region']);
    expect(captioned).toMatchObject({ headerRows: 5, boldRows: [6], boldHeaderRows: [4], boldCaptionRows: [0] });
  });

  it('none asked for: the grid as it is', () => {
    expect(withCaptionLines(grid, [])).toBe(grid);
  });
});

describe('a placement\'s cell options', () => {
  it('are kept as short JSON and read back; anything else is none', () => {
    const stored = storedCellOptions({ language: 'de', titleAndSource: true });
    expect(stored).toBe('{"language":"de","titleAndSource":true}');
    expect(parseCellOptions(stored)).toEqual({ language: 'de', titleAndSource: true });
    expect(parseCellOptions('{"language":"en"}')).toEqual({ language: 'en', titleAndSource: false });
    for (const other of [null, '', 'x', '{}', '{"language":"=cmd"}', 42]) expect(parseCellOptions(other)).toBeNull();
    expect(sameCellOptions({ language: 'en', titleAndSource: false }, { language: 'en', titleAndSource: false })).toBe(true);
    expect(sameCellOptions(null, { language: 'en', titleAndSource: false })).toBe(false);
  });

  it('the user\'s setting for new placements is off by default, per user, in the add-in\'s own storage', () => {
    const saved = new Map<string, string>();
    const storage = { getItem: (key: string) => saved.get(key) ?? null, setItem: (key: string, value: string) => void saved.set(key, value) };
    expect(readNewPlacementSettings(storage, 7)).toEqual({ titleAndSource: false });
    saveNewPlacementSettings(storage, 7, { titleAndSource: true });
    expect(readNewPlacementSettings(storage, 7)).toEqual({ titleAndSource: true });
    expect(readNewPlacementSettings(storage, 8)).toEqual({ titleAndSource: false });
    saved.set('report-sync.new-placements.9', '{not json');
    expect(readNewPlacementSettings(storage, 9)).toEqual({ titleAndSource: false });
  });
});
