import type { AnnotationEntry, CubeCellValue, CubeLoadResult, CubeQuery, DisplayScale, Granularity } from '../contract';
import { timeDimensionMember, type Pivot } from '../core/report-definition';
import { cellValueOf, type CellValue } from '../core/cell-values';
import type { CellWords } from '../core/cell-words';
import { numberFormat } from '../core/excel-formats';
import { quarterLabel, timeFormat, writtenAsText } from '../core/excel-time-formats';
import { timeHeader } from './time-header';

/** A member as the layout places it: its title and how its values become cells. */
export interface Member {
  key: string;
  title: string;
  entry: AnnotationEntry;
  kind: 'measure' | 'dimension' | 'time';
  granularity?: Granularity;
  /** The cell for one of its values: a number, a date serial, text (quarters are their label). */
  cell: (value: CubeCellValue) => CellValue;
}

/** Whether every value of a member in these results is a whole number (Cube sends numbers as strings). */
function wholeNumbers(key: string, results: readonly (CubeLoadResult | null | undefined)[]): boolean {
  for (const result of results) {
    for (const row of result?.data ?? []) {
      const value = row[key];
      if (value === null || value === undefined) continue;
      if (!Number.isInteger(typeof value === 'string' ? Number(value) : value)) return false;
    }
  }
  return true;
}

/**
 * Which grouped members go on columns and which on rows, by name, before any result is known: the pivot's columns,
 * then its rows and every other grouped member of the query, each once; `measures` (the measures' slot) is no member.
 */
export function memberKeys(query: CubeQuery, pivot: Pivot): { rows: string[]; columns: string[] } {
  const used = new Set<string>();
  const pick = (keys: string[]) => keys.filter((key) => key !== 'measures' && !used.has(key) && Boolean(used.add(key)));
  const columns = pick(pivot.columns);
  const rows = pick([...pivot.rows, ...(query.dimensions ?? []), ...(query.timeDimensions ?? []).filter((td) => td.granularity).map(timeDimensionMember)]);
  return { rows, columns };
}

/**
 * The report's members: those on columns, those on rows (every grouped member the pivot does not place goes
 * there), and the measures in the pivot's order. Titles are the model's short titles, a time dimension's with its
 * granularity's word ("Created at · Month", see time-header.ts); a filter on a member shows in the filter summary
 * above the result, never in its title.
 */
export function members(result: CubeLoadResult, query: CubeQuery, pivot: Pivot, words: CellWords): { rows: Member[]; columns: Member[]; measures: Member[] } {
  const { annotation } = result;
  const granularities = new Map(
    (query.timeDimensions ?? []).filter((td) => td.granularity).map((td) => [timeDimensionMember(td), td.granularity!]),
  );
  const dimension = (key: string): Member | null => {
    const time = annotation.timeDimensions[key];
    const entry = time ?? annotation.dimensions[key];
    if (!entry) return null;
    const granularity = granularities.get(key);
    const title = time && granularity ? timeHeader(entry.shortTitle, granularity, words) : entry.shortTitle;
    const type = time ? 'time' : entry.type;
    const cell = time && writtenAsText(granularity, entry.format)
      ? (value: CubeCellValue) => (typeof value === 'string' ? (quarterLabel(value, words) ?? value) : cellValueOf(value, 'time'))
      : (value: CubeCellValue) => cellValueOf(value, type);
    return { key, entry, kind: time ? 'time' : 'dimension', granularity, title, cell };
  };
  const keys = memberKeys(query, pivot);
  const known = (member: Member | null): member is Member => member !== null;
  const columns = keys.columns.map(dimension).filter(known);
  const rows = keys.rows.map(dimension).filter(known);
  const measures = pivot.measures.filter((key) => annotation.measures[key]).map((key): Member => {
    const entry = annotation.measures[key]!;
    const cell = (value: CubeCellValue) => cellValueOf(value, entry.type);
    return { key, entry, kind: 'measure', title: entry.shortTitle, cell };
  });
  return { rows, columns, measures };
}

export interface FormatContext {
  scale: DisplayScale | undefined;
  words: CellWords;
  /** Every result whose values the measures' cells show: the data and the totals. */
  results: readonly (CubeLoadResult | null | undefined)[];
}

/**
 * Each member's number format, worked out once per member (a pivot asks for it per column). Times by
 * granularity (or the model's time format); numbers by the model's format, measures display-scaled. A measure
 * with no model format whose values are all whole numbers (counts) is grouped; a number dimension with none is
 * not (years, codes).
 */
export function memberFormats(context: FormatContext): (member: Member) => string {
  const known = new Map<Member, string>();
  const formatOf = ({ entry, kind, key, granularity }: Member): string => {
    if (kind === 'time' || entry.type === 'time') return timeFormat(granularity, entry.format, context.words);
    if (entry.type !== 'number') return 'General';
    const measure = kind === 'measure';
    const integers = measure && entry.format === undefined && wholeNumbers(key, context.results);
    return numberFormat(entry.format, { currency: entry.currency, scale: measure ? context.scale : 'model', integers });
  };
  return (member) => {
    let format = known.get(member);
    if (format === undefined) {
      format = formatOf(member);
      known.set(member, format);
    }
    return format;
  };
}
