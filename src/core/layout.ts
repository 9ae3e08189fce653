import type { AnnotationEntry, CubeCellValue, CubeFilter, CubeLoadResult, CubeQuery, DisplayScale, Granularity } from '../contract';
import { timeDimensionMember, type Pivot } from './report-definition';
import { cellValueOf, measureFormat, timeFormat, type CellValue } from './cell-values';

/** A result laid out as cells: values (strings unprefixed: the writer makes them safe) and number formats. */
export interface CellGrid {
  values: CellValue[][];
  numberFormats: string[][];
  /** Rows at the top that are not data: the filter summary and the header rows. */
  headerRows: number;
  /** Rows (0-based in the grid) to show in bold: the totals. */
  boldRows: number[];
}

export interface LayoutOptions {
  /** Write a row dimension's value once for a run of equal values on consecutive rows. */
  suppressDuplicateValues?: boolean;
  /** Put a summary of the report's filters above the table and mark filtered members' titles. */
  showAppliedFilters?: boolean;
  /** The totals query's result (see `totalsQuery`), when the pivot asks for column totals. */
  totals?: CubeLoadResult | null;
}

interface Member {
  key: string;
  title: string;
  entry: AnnotationEntry;
  kind: 'measure' | 'dimension' | 'time';
  granularity?: Granularity;
}

type Tuple = CubeCellValue[];

/** A map key for a tuple of member values; cheaper than JSON and unambiguous between types. */
function keyOf(value: CubeCellValue): string {
  if (value === null) return '\u0001';
  if (typeof value === 'string') return `s${value}`;
  return typeof value === 'number' ? `n${value}` : value ? '\u0002' : '\u0003';
}
const tupleKey = (tuple: Tuple) => (tuple.length === 1 ? keyOf(tuple[0]!) : tuple.map(keyOf).join('\u0000'));

/** Distinct tuples in first-seen order, and each data row filed under its row and column tuple. */
function indexRows(data: CubeLoadResult['data'], rowKeys: string[], columnKeys: string[]) {
  const rowIndex = new Map<string, number>();
  const columnIndex = new Map<string, number>();
  const rowTuples: Tuple[] = [];
  const columnTuples: Tuple[] = [];
  const cells: (Record<string, CubeCellValue> | undefined)[][] = [];
  if (columnKeys.length === 0) {
    columnIndex.set(tupleKey([]), 0);
    columnTuples.push([]);
  }
  for (const row of data) {
    const rowTuple: Tuple = new Array(rowKeys.length);
    let rowKey = '';
    for (let i = 0; i < rowKeys.length; i += 1) {
      const value = row[rowKeys[i]!] ?? null;
      rowTuple[i] = value;
      rowKey = i === 0 ? keyOf(value) : `${rowKey}\u0000${keyOf(value)}`;
    }
    let r = rowIndex.get(rowKey);
    if (r === undefined) {
      r = rowTuples.length;
      rowIndex.set(rowKey, r);
      rowTuples.push(rowTuple);
      cells.push([]);
    }
    if (columnKeys.length === 0) {
      cells[r]![0] = row;
      continue;
    }
    const columnTuple = columnKeys.map((k) => row[k] ?? null);
    const columnKey = tupleKey(columnTuple);
    let c = columnIndex.get(columnKey);
    if (c === undefined) {
      c = columnTuples.length;
      columnIndex.set(columnKey, c);
      columnTuples.push(columnTuple);
    }
    cells[r]![c] = row;
  }
  return { rowTuples, columnTuples, columnIndex, cells };
}
const FILTERED = ' (filtered)';
const TOTAL = 'Total';

/** A member that is only filtered on has no annotation: `orders.customer_segment` reads "Customer segment". */
function humanizeMember(member: string): string {
  const name = member.slice(member.lastIndexOf('.') + 1).replace(/_/g, ' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** Scaled display through the number format only: the cell keeps the exact value. */
function scaledFormat(base: string, scale: DisplayScale, format: string | undefined): string {
  if (format === 'percent') return base;
  switch (scale) {
    case 'model': return base;
    case 'absolute': return 'General';
    case 'thousands': return '#,##0.0,"K"';
    case 'millions': return '#,##0.0,,"M"';
    case 'billions': return '#,##0.0,,,"B"';
    default: return base;
  }
}

function filteredMembers(filters: CubeFilter[] | undefined, into = new Set<string>()): Set<string> {
  for (const filter of filters ?? []) {
    if ('operator' in filter) {
      const member = filter.member ?? filter.dimension;
      if (member) into.add(member);
    } else {
      filteredMembers('and' in filter ? filter.and : filter.or, into);
    }
  }
  return into;
}

function members(result: CubeLoadResult, query: CubeQuery, pivot: Pivot, filtered: Set<string>): { rows: Member[]; columns: Member[]; measures: Member[] } {
  const { annotation } = result;
  const granularities = new Map(
    (query.timeDimensions ?? []).filter((td) => td.granularity).map((td) => [timeDimensionMember(td), td.granularity!]),
  );
  const dimension = (key: string): Member | null => {
    const time = annotation.timeDimensions[key];
    const plain = annotation.dimensions[key];
    const entry = time ?? plain;
    if (!entry) return null;
    const granularity = granularities.get(key);
    const base = time && granularity ? `${entry.shortTitle} (${granularity})` : entry.shortTitle;
    const source = time && granularity ? key.slice(0, key.lastIndexOf('.')) : key;
    return { key, entry, kind: time ? 'time' : 'dimension', granularity, title: filtered.has(source) ? base + FILTERED : base };
  };
  const used = new Set<string>();
  const pick = (keys: string[]): Member[] => {
    const picked: Member[] = [];
    for (const key of keys) {
      if (key === 'measures' || used.has(key)) continue;
      used.add(key);
      const member = dimension(key);
      if (member) picked.push(member);
    }
    return picked;
  };
  const columns = pick(pivot.columns);
  // Every grouped member of the query appears somewhere: those the pivot does not place go on rows.
  const rows = pick([
    ...pivot.rows,
    ...(query.dimensions ?? []),
    ...(query.timeDimensions ?? []).filter((td) => td.granularity).map(timeDimensionMember),
  ]);
  const measures = pivot.measures.filter((key) => annotation.measures[key]).map((key): Member => {
    const entry = annotation.measures[key]!;
    return { key, entry, kind: 'measure', title: filtered.has(key) ? entry.shortTitle + FILTERED : entry.shortTitle };
  });
  return { rows, columns, measures };
}

function memberValue(member: Member, value: CubeCellValue): CellValue {
  return cellValueOf(value, member.kind === 'time' ? 'time' : member.entry.type);
}

function memberFormat(member: Member, scale: DisplayScale): string {
  if (member.kind === 'time' || member.entry.type === 'time') return timeFormat(member.granularity);
  if (member.kind === 'measure') return scaledFormat(measureFormat(member.entry.format), scale, member.entry.format);
  return 'General';
}

const OPERATOR_WORDS: Record<string, string> = {
  equals: 'is', notEquals: 'is not', contains: 'contains', notContains: 'does not contain', startsWith: 'starts with',
  notStartsWith: 'does not start with', endsWith: 'ends with', notEndsWith: 'does not end with', gt: '>', gte: '≥', lt: '<',
  lte: '≤', set: 'is set', notSet: 'is not set', inDateRange: 'between', notInDateRange: 'not between', beforeDate: 'before',
  beforeOrOnDate: 'on or before', afterDate: 'after', afterOrOnDate: 'on or after',
};

/** "Status is completed; Region is not Europe or Asia Pacific; Created at between 2025-01-01 and 2025-12-31". */
export function filterSummary(query: CubeQuery, titleOf: (member: string) => string): string {
  const describe = (filter: CubeFilter): string => {
    if (!('operator' in filter)) {
      const [joiner, parts] = 'and' in filter ? [' and ', filter.and] : [' or ', filter.or];
      return `(${parts.map(describe).join(joiner)})`;
    }
    const member = titleOf(filter.member ?? filter.dimension ?? '');
    const words = OPERATOR_WORDS[filter.operator] ?? filter.operator;
    const values = (filter.values ?? []).map(String);
    if (filter.operator === 'set' || filter.operator === 'notSet') return `${member} ${words}`;
    if (filter.operator.endsWith('DateRange')) return `${member} ${words} ${values[0] ?? ''} and ${values[1] ?? ''}`;
    return `${member} ${words} ${values.join(' or ')}`;
  };
  const parts = (query.filters ?? []).map(describe);
  for (const td of query.timeDimensions ?? []) {
    if (!td.dateRange) continue;
    const range = Array.isArray(td.dateRange) ? `between ${td.dateRange[0]} and ${td.dateRange[1]}` : td.dateRange;
    parts.push(`${titleOf(td.dimension)} ${range}`);
  }
  return parts.join('; ');
}

/**
 * Lays a result out as its pivot says. Rows: one per distinct combination of row members (in result order),
 * times the measures when they are on rows. Columns: one per distinct combination of column members, times
 * the measures when they are on columns; `measuresPosition` puts the measures outside (`before`) or inside
 * (`after`) the column (or row) members. Header rows name the column members (each value written once at
 * the start of its group), the corner names the row members. Missing combinations are empty cells.
 * A flat table is the pivot with no column members and measures on columns: one row per result row.
 */
export function layoutReport(result: CubeLoadResult, query: CubeQuery, pivot: Pivot, options: LayoutOptions = {}): CellGrid {
  const filtered = options.showAppliedFilters ? filteredMembers(query.filters) : new Set<string>();
  for (const td of query.timeDimensions ?? []) if (options.showAppliedFilters && td.dateRange) filtered.add(td.dimension);
  const { rows: rowMembers, columns: columnMembers, measures } = members(result, query, pivot, filtered);
  const scale = pivot.displayScale;
  const measuresOnRows = pivot.measuresAxis === 'rows' && measures.length > 0;
  const measuresOnColumns = !measuresOnRows && measures.length > 0;
  const before = pivot.measuresPosition === 'before';

  // Without column members or measures on rows the table is flat and needs no grouping of rows.
  const flat = columnMembers.length === 0 && !measuresOnRows;
  const indexed = indexRows(flat ? [] : result.data, rowMembers.map((m) => m.key), columnMembers.map((m) => m.key));
  const { rowTuples, columnTuples, cells } = indexed;

  type Leaf = { index: number; tuple: Tuple; measure: Member | null };
  const expand = (tuples: Tuple[], withMeasures: boolean): Leaf[] => {
    if (!withMeasures) return tuples.map((tuple, index) => ({ index, tuple, measure: null }));
    const indexedTuples = tuples.map((tuple, index) => ({ index, tuple }));
    return before
      ? measures.flatMap((measure) => indexedTuples.map((t) => ({ ...t, measure })))
      : indexedTuples.flatMap((t) => measures.map((measure) => ({ ...t, measure })));
  };
  const columnLeaves = expand(columnTuples, measuresOnColumns);
  const rowLeaves = expand(rowTuples, measuresOnRows);

  // Left header columns: the row members, and the measure names when measures are on rows.
  const leftTitles: string[] = rowMembers.map((m) => m.title);
  const measureColumn = measuresOnRows ? (before ? 0 : leftTitles.length) : -1;
  if (measuresOnRows) leftTitles.splice(measureColumn, 0, 'Measure');
  const rowMemberColumn = (i: number) => (measuresOnRows && before ? i + 1 : i);
  const left = leftTitles.length;

  // Top header rows: one per column member, plus the measure names when measures are on columns.
  const headerRowCount = Math.max(1, columnMembers.length + (measuresOnColumns ? 1 : 0));
  const measureHeaderRow = measuresOnColumns ? (before ? 0 : columnMembers.length) : -1;
  const columnMemberRow = (i: number) => (measuresOnColumns && before ? i + 1 : i);

  const width = left + columnLeaves.length;
  const values: CellValue[][] = [];
  const formats: string[][] = [];
  const boldRows: number[] = [];
  const emptyRow = () => ({ values: Array<CellValue>(width).fill(''), formats: Array<string>(width).fill('General') });

  if (options.showAppliedFilters) {
    const titleOf = (member: string) =>
      (result.annotation.dimensions[member] ?? result.annotation.measures[member] ?? result.annotation.timeDimensions[member])?.shortTitle ??
      humanizeMember(member);
    const summary = filterSummary(query, titleOf);
    if (summary) {
      const row = emptyRow();
      row.values[0] = `Filters: ${summary}`;
      values.push(row.values, emptyRow().values);
      formats.push(row.formats, emptyRow().formats);
    }
  }
  const summaryRows = values.length;

  for (let h = 0; h < headerRowCount; h += 1) {
    const row = emptyRow();
    if (h === headerRowCount - 1) leftTitles.forEach((title, i) => { row.values[i] = title; });
    columnMembers.forEach((member, i) => {
      if (columnMemberRow(i) === h && left > 0 && h !== headerRowCount - 1) row.values[left - 1] = member.title;
    });
    const level = columnMembers.findIndex((_, k) => columnMemberRow(k) === h);
    columnLeaves.forEach((leaf, j) => {
      const col = left + j;
      const previous = columnLeaves[j - 1];
      // Measures `before` are the outer group: a new measure starts new groups on every level below it.
      const newMeasure = !previous || previous.measure !== leaf.measure;
      if (h === measureHeaderRow) {
        if (!before || newMeasure) row.values[col] = leaf.measure!.title;
        return;
      }
      if (level < 0) {
        if (!columnMembers.length && !measuresOnColumns) row.values[col] = 'Value';
        return;
      }
      const newGroup = !previous || (before && newMeasure) || columnMembers.slice(0, level + 1).some((_, k) => previous.tuple[k] !== leaf.tuple[k]);
      if (newGroup) {
        row.values[col] = memberValue(columnMembers[level]!, leaf.tuple[level] ?? null);
        row.formats[col] = memberFormat(columnMembers[level]!, scale);
      }
    });
    values.push(row.values);
    formats.push(row.formats);
  }

  const columnFormats = columnLeaves.map((column) => (column.measure ? memberFormat(column.measure, scale) : 'General'));
  const rowMemberFormats = rowMembers.map((member) => memberFormat(member, scale));
  const measureFormats = new Map(measures.map((m) => [m, memberFormat(m, scale)]));

  // Every body row with the same measure (or none) has the same formats: one shared, never-mutated array each.
  const sharedFormats = new Map<Member | null, string[]>();
  const formatsFor = (measure: Member | null): string[] => {
    let shared = sharedFormats.get(measure);
    if (!shared) {
      shared = Array<string>(width).fill('General');
      rowMembers.forEach((_, i) => { shared![rowMemberColumn(i)] = rowMemberFormats[i]!; });
      for (let j = 0; j < columnLeaves.length; j += 1) {
        if (measure || columnLeaves[j]!.measure) shared[left + j] = measure ? measureFormats.get(measure)! : columnFormats[j]!;
      }
      sharedFormats.set(measure, shared);
    }
    return shared;
  };
  const leafSources = columnLeaves.map((column) => column.index);
  const leafMeasures = columnLeaves.map((column) => column.measure);

  const bodyRow = (leaf: Leaf, previous: Leaf | undefined, sources: readonly (Record<string, CubeCellValue> | undefined)[], label: CellValue[] | null) => {
    const rowValues = Array<CellValue>(width).fill('');
    if (label) {
      label.forEach((v, i) => { rowValues[i] = v; });
    } else {
      let sameSoFar = options.suppressDuplicateValues === true && previous !== undefined;
      for (let i = 0; i < rowMembers.length; i += 1) {
        sameSoFar = sameSoFar && previous!.tuple[i] === leaf.tuple[i];
        if (!sameSoFar) rowValues[rowMemberColumn(i)] = memberValue(rowMembers[i]!, leaf.tuple[i] ?? null);
      }
      if (measuresOnRows) rowValues[measureColumn] = leaf.measure!.title;
    }
    for (let j = 0; j < leafSources.length; j += 1) {
      const measure = leaf.measure ?? leafMeasures[j];
      if (!measure) continue;
      const row = sources[leafSources[j]!];
      if (row !== undefined) rowValues[left + j] = memberValue(measure, row[measure.key] ?? null);
    }
    return { values: rowValues, formats: formatsFor(leaf.measure) };
  };

  if (flat) {
    // A flat table is one output row per result row, in order: no grouping, so every row is kept as sent.
    const keys = rowMembers.map((m) => m.key);
    const measureKeys = measures.map((m) => m.key);
    const shared = formatsFor(null);
    let previousRow: Record<string, CubeCellValue> | undefined;
    for (const row of result.data) {
      const rowValues = new Array<CellValue>(width);
      let same = options.suppressDuplicateValues === true && previousRow !== undefined;
      for (let i = 0; i < keys.length; i += 1) {
        const value = row[keys[i]!] ?? null;
        same = same && previousRow![keys[i]!] === value;
        rowValues[i] = same ? '' : memberValue(rowMembers[i]!, value);
      }
      for (let j = 0; j < measureKeys.length; j += 1) rowValues[left + j] = memberValue(measures[j]!, row[measureKeys[j]!] ?? null);
      values.push(rowValues);
      formats.push(shared);
      previousRow = row;
    }
  } else {
    rowLeaves.forEach((leaf, i) => {
      const previous = i > 0 && (!measuresOnRows || before || rowLeaves[i - 1]!.measure === leaf.measure) ? rowLeaves[i - 1] : undefined;
      const row = bodyRow(leaf, previous, cells[leaf.index] ?? [], null);
      values.push(row.values);
      formats.push(row.formats);
    });
  }

  if (pivot.showColumnTotals && options.totals) {
    const totals: (Record<string, CubeCellValue> | undefined)[] = [];
    for (const row of options.totals.data) {
      const c = indexed.columnIndex.get(tupleKey(columnMembers.map((m) => row[m.key] ?? null)));
      if (c !== undefined) totals[c] = row;
    }
    const totalLeaves: Leaf[] = measuresOnRows ? measures.map((measure) => ({ index: -1, tuple: [], measure })) : [{ index: -1, tuple: [], measure: null }];
    for (const leaf of totalLeaves) {
      const label = Array<CellValue>(Math.max(1, left)).fill('');
      label[measuresOnRows && before ? Math.min(1, left - 1) : 0] = TOTAL;
      if (measuresOnRows) label[measureColumn] = leaf.measure!.title;
      const row = bodyRow(leaf, undefined, totals, label);
      // Total rows carry a label where members' formats would be: theirs are General there.
      row.formats = [...row.formats].fill('General', 0, left);
      boldRows.push(values.length);
      values.push(row.values);
      formats.push(row.formats);
    }
  }

  return { values, numberFormats: formats, headerRows: summaryRows + headerRowCount, boldRows };
}

/** True when a filter (or group) involves a measure, which the totals query must drop. */
function involvesMeasure(filter: CubeFilter, measures: Set<string>): boolean {
  if ('operator' in filter) return measures.has(filter.member ?? filter.dimension ?? '');
  return ('and' in filter ? filter.and : filter.or).some((f) => involvesMeasure(f, measures));
}

function withoutMeasureFilters(filters: CubeFilter[], measures: Set<string>): CubeFilter[] {
  return filters.flatMap((filter): CubeFilter[] => {
    if ('operator' in filter) return involvesMeasure(filter, measures) ? [] : [filter];
    if ('and' in filter) {
      const kept = withoutMeasureFilters(filter.and, measures);
      return kept.length ? [{ and: kept }] : [];
    }
    // An `or` with a measure in it cannot be split without changing its meaning: it goes whole.
    return involvesMeasure(filter, measures) ? [] : [filter];
  });
}

/**
 * The query behind the Total row: the report's measures grouped only by the column members, with the
 * dimension filters and date ranges kept and measure filters dropped, so an average or a distinct count
 * totals correctly instead of summing cells.
 */
export function totalsQuery(query: CubeQuery, pivot: Pivot, measureNames: Set<string> = new Set(query.measures ?? [])): CubeQuery {
  const columnKeys = new Set(pivot.columns);
  const timeDimensions = (query.timeDimensions ?? [])
    .map((td) => (td.granularity && columnKeys.has(timeDimensionMember(td)) ? td : { dimension: td.dimension, ...(td.dateRange ? { dateRange: td.dateRange } : {}) }))
    .filter((td) => 'granularity' in td || td.dateRange);
  const { order: _order, limit: _limit, offset: _offset, total: _total, ...rest } = query;
  return {
    ...rest,
    measures: query.measures ?? [],
    dimensions: (query.dimensions ?? []).filter((d) => columnKeys.has(d)),
    timeDimensions,
    filters: withoutMeasureFilters(query.filters ?? [], measureNames),
  };
}
