import type { User } from '../contract';
import type { CellValue } from './cell-values';
import type { CellWords } from './cell-words';
import type { CellGrid } from './cell-grid';

/**
 * A placement's title and source lines: the report's title, then "Report Sync · <report> · refreshed 26 Nov 2026
 * 14:05 by <user>", in the placement's language, above its filter summary and result, so a reader of the file
 * without the add-in knows what the numbers are and when they were fetched. They are the placement's own cells
 * (inside its name, in its record): moved with it and rewritten by every write. Titles and names are written as
 * text whatever they look like (the writer prefixes formula-looking text, see cell-values.ts).
 */

/** Who refreshed, as the source line names them: their first name, else their user name, else their email. */
export function displayName(user: Pick<User, 'firstName' | 'username' | 'email'>): string {
  return user.firstName?.trim() || user.username?.trim() || user.email;
}

/**
 * A moment's wall-clock date and time in a time zone (the settings' effective one; the machine's without one, or
 * when the name is unknown): numbers, 24-hour clock.
 */
export function wallClock(at: Date, timeZone: string | null): { year: number; month: number; day: number; hour: number; minute: number } {
  const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', timeZone ? { ...options, timeZone } : options);
  } catch {
    format = new Intl.DateTimeFormat('en-US', options);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  // Some engines still say 24 for midnight even on a 23-hour cycle.
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), hour: Number(parts.hour) % 24, minute: Number(parts.minute) };
}

/** "26 Nov 2026 14:05" (English), "26.11.2026, 14:05" (German). */
export function refreshedWhen(at: Date, timeZone: string | null, words: Pick<CellWords, 'dateTime'>): string {
  const { year, month, day, hour, minute } = wallClock(at, timeZone);
  const time = `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
  return words.dateTime(String(day), String(month), String(year), time);
}

export interface SourceOf {
  /** The report's title. */
  report: string;
  /** When its query ran. */
  refreshedAt: Date;
  timeZone: string | null;
  /** Who refreshed (`displayName`). */
  user: string;
}

/** The title line and the source line, in that order. */
export function captionLines(words: Pick<CellWords, 'dateTime' | 'sourceLine'>, source: SourceOf): [string, string] {
  return [source.report, words.sourceLine(source.report, refreshedWhen(source.refreshedAt, source.timeZone, words), source.user)];
}

/**
 * The grid with `lines` above it, each in its first column, the title bold: caption rows like the filter summary,
 * so they are left out of autofit and of an Excel table (every header and body row index moves down with them). A
 * blank row parts them from the table, shared with the filter summary's when there is one.
 */
export function withCaptionLines(grid: CellGrid, lines: readonly string[]): CellGrid {
  const width = grid.values[0]?.length ?? 0;
  if (lines.length === 0 || width === 0) return grid;
  // The filter summary, when the layout wrote one, is the rows above the first header row: it ends in a blank row.
  const summaryRows = grid.boldHeaderRows?.[0] ?? 0;
  const rows = lines.map((line) => {
    const row = Array<CellValue>(width).fill('');
    row[0] = line;
    return row;
  });
  if (summaryRows === 0) rows.push(Array<CellValue>(width).fill(''));
  const n = rows.length;
  const shift = (indices: readonly number[] | undefined) => indices?.map((i) => i + n);
  return {
    ...grid,
    values: [...rows, ...grid.values],
    numberFormats: [...rows.map(() => Array<string>(width).fill('General')), ...grid.numberFormats],
    headerRows: grid.headerRows + n,
    boldRows: grid.boldRows.map((i) => i + n),
    boldHeaderRows: shift(grid.boldHeaderRows),
    filledHeaderRows: shift(grid.filledHeaderRows),
    boldCaptionRows: [0, ...(shift(grid.boldCaptionRows) ?? [])],
  };
}
