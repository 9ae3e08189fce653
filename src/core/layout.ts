import type { CubeCellValue, CubeLoadResult, CubeQuery } from '../contract';
import type { Pivot } from './report-definition';
import type { CellValue } from './cell-values';
import { ENGLISH_CELL_WORDS, type CellWords } from './cell-words';
import { filterSummary, humanizeMember } from './filter-summary';
import { memberFormats, members, type Member } from './layout-members';
import { indexRows, tupleKey, type Tuple } from './layout-rows';

export { grandTotalQuery, rowTotalsQuery, totalsQuery } from './totals-query';
export { ENGLISH_CELL_WORDS, type CellWords } from './cell-words';

/** A result laid out as cells: values (strings unprefixed: the writer makes them safe) and number formats. */
export interface CellGrid {
  values: CellValue[][];
  numberFormats: string[][];
  /** Rows at the top that are not data: the filter summary and the header rows. */
  headerRows: number;
  /** Rows (0-based in the grid) to show in bold: the totals. */
  boldRows: number[];
  /** Columns (0-based in the grid) to show in bold: the Total column block. */
  boldColumns?: number[];
  /** Header rows (0-based in the grid) to show in bold: the column headers of a pivot, a flat table's titles; never the filter summary. */
  boldHeaderRows?: number[];
  /**
   * Header rows (0-based in the grid) to fill: a pivot's column headers, whose last row holds the row members'
   * titles. A flat result has none: as an Excel table its table style draws the header, as plain cells it stays bold.
   */
  filledHeaderRows?: number[];
  /** Caption rows (0-based in the grid) to show in bold: a placement's title line (see source-line.ts). */
  boldCaptionRows?: number[];
  /**
   * Cells whose value is a formula's text, written as a formula (placement-formulas.ts, "Convert to formulas"); every
   * other text is written as text, never run.
   */
  formulas?: readonly (readonly boolean[])[];
}

export interface LayoutOptions {
  /** Write a row dimension's value once for a run of equal values on consecutive rows. */
  suppressDuplicateValues?: boolean;
  /** Put a summary of the report's filters above the table, as its own line (headers stay the members' titles). */
  showAppliedFilters?: boolean;
  /** The totals query's result (see `totalsQuery`), when the pivot asks for column totals. */
  totals?: CubeLoadResult | null;
  /** The row totals query's result (see `rowTotalsQuery`), when the pivot asks for row totals. */
  rowTotals?: CubeLoadResult | null;
  /** The grand total query's result (see `grandTotalQuery`): where the Total row meets the Total column. */
  grandTotals?: CubeLoadResult | null;
  /** The words written into cells, in the user's language; English by default. */
  words?: CellWords;
}

/**
 * Lays a result out as its pivot says. Rows: one per distinct combination of row members (in result order),
 * times the measures when they are on rows. Columns: one per distinct combination of column members, times
 * the measures when they are on columns; `measuresPosition` puts the measures outside (`before`) or inside
 * (`after`) the column (or row) members. Header rows name the column members (each value written once at
 * the start of its group), the corner names the row members. Missing combinations are empty cells. Measures
 * keep the pivot's order everywhere. Totals come from their own queries (`totalsQuery`, `rowTotalsQuery`,
 * `grandTotalQuery`), never from adding cells up: a bold Total row (one per measure when measures are on
 * rows) and, with column members, a trailing bold Total column block (one column per measure when measures
 * are on columns). A flat table is the pivot with no column members and measures on columns: one row per
 * result row. The report's own `showAppliedFilters`, when it has one, wins over the options'. The words in
 * cells (Total, Measure, the filter summary, granularities, quarter and week labels) are `options.words`, English
 * by default. Headers are the model's titles ("Created at · Month" for a time dimension); the filter summary, when
 * shown, is its own line above them, and `CellGrid.boldHeaderRows[0]` is the first row below it.
 */
export function layoutReport(result: CubeLoadResult, query: CubeQuery, pivot: Pivot, options: LayoutOptions = {}): CellGrid {
  const showFilters = pivot.showAppliedFilters ?? options.showAppliedFilters;
  const words = options.words ?? ENGLISH_CELL_WORDS;
  const { rows: rowMembers, columns: columnMembers, measures } = members(result, query, pivot, words);
  const memberFormat = memberFormats({ scale: pivot.displayScale, words, results: [result, options.totals, options.rowTotals, options.grandTotals] });
  const measuresOnRows = pivot.measuresAxis === 'rows' && measures.length > 0;
  const measuresOnColumns = !measuresOnRows && measures.length > 0;
  const before = pivot.measuresPosition === 'before';

  // Without column members or measures on rows the table is flat and needs no grouping of rows.
  const flat = columnMembers.length === 0 && !measuresOnRows;
  const indexed = indexRows(flat ? [] : result.data, rowMembers.map((m) => m.key), columnMembers.map((m) => m.key));
  const { rowTuples, columnTuples, cells } = indexed;

  /** A row or column of the body: its tuple's index (-1 for a total) and its measure when measures are on its axis. */
  type Leaf = { index: number; tuple: Tuple; measure: Member | null; total?: boolean };
  const expand = (tuples: Tuple[], withMeasures: boolean): Leaf[] => {
    if (!withMeasures) return tuples.map((tuple, index) => ({ index, tuple, measure: null }));
    const indexedTuples = tuples.map((tuple, index) => ({ index, tuple }));
    return before
      ? measures.flatMap((measure) => indexedTuples.map((t) => ({ ...t, measure })))
      : indexedTuples.flatMap((t) => measures.map((measure) => ({ ...t, measure })));
  };
  // The Total column block: a total across the column members, so only with some (and with measures to total).
  const rowTotals = pivot.showRowTotals && columnMembers.length > 0 && measures.length > 0 ? options.rowTotals : null;
  const totalColumns: Leaf[] = !rowTotals ? [] : (measuresOnColumns ? measures : [null]).map((measure) => ({ index: -1, tuple: [], measure, total: true }));
  const columnLeaves = [...expand(columnTuples, measuresOnColumns), ...totalColumns];
  const rowLeaves = expand(rowTuples, measuresOnRows);

  // Left header columns: the row members, and the measure names when measures are on rows.
  const leftTitles: string[] = rowMembers.map((m) => m.title);
  const measureColumn = measuresOnRows ? (before ? 0 : leftTitles.length) : -1;
  if (measuresOnRows) leftTitles.splice(measureColumn, 0, words.measure);
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

  if (showFilters) {
    const titleOf = (member: string) =>
      (result.annotation.dimensions[member] ?? result.annotation.measures[member] ?? result.annotation.timeDimensions[member])?.shortTitle ??
      humanizeMember(member);
    const summary = filterSummary(query, titleOf, words);
    if (summary) {
      const row = emptyRow();
      row.values[0] = words.filters(summary);
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
      if (leaf.total) {
        if (level === 0 && !previous?.total) row.values[col] = words.total;
        return;
      }
      if (level < 0) {
        if (!columnMembers.length && !measuresOnColumns) row.values[col] = words.value;
        return;
      }
      const newGroup = !previous || (before && newMeasure) || columnMembers.slice(0, level + 1).some((_, k) => previous.tuple[k] !== leaf.tuple[k]);
      if (newGroup) {
        row.values[col] = columnMembers[level]!.cell(leaf.tuple[level] ?? null);
        row.formats[col] = memberFormat(columnMembers[level]!);
      }
    });
    values.push(row.values);
    formats.push(row.formats);
  }

  const columnFormats = columnLeaves.map((column) => (column.measure ? memberFormat(column.measure) : 'General'));
  const rowMemberFormats = rowMembers.map(memberFormat);
  const measureFormats = new Map(measures.map((m) => [m, memberFormat(m)]));

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
  const leafTotals = columnLeaves.map((column) => column.total === true);
  const rowTotalIndex = new Map<string, Record<string, CubeCellValue>>();
  for (const row of rowTotals?.data ?? []) rowTotalIndex.set(tupleKey(rowMembers.map((m) => row[m.key] ?? null)), row);

  type Source = Record<string, CubeCellValue> | undefined;
  /** A body row: `sources` by column tuple, `total` for the Total column block. */
  const bodyRow = (leaf: Leaf, previous: Leaf | undefined, sources: readonly Source[], total: Source, label: CellValue[] | null) => {
    const rowValues = Array<CellValue>(width).fill('');
    if (label) {
      label.forEach((v, i) => { rowValues[i] = v; });
    } else {
      let sameSoFar = options.suppressDuplicateValues === true && previous !== undefined;
      for (let i = 0; i < rowMembers.length; i += 1) {
        sameSoFar = sameSoFar && previous!.tuple[i] === leaf.tuple[i];
        if (!sameSoFar) rowValues[rowMemberColumn(i)] = rowMembers[i]!.cell(leaf.tuple[i] ?? null);
      }
      if (measuresOnRows) rowValues[measureColumn] = leaf.measure!.title;
    }
    for (let j = 0; j < leafSources.length; j += 1) {
      const measure = leaf.measure ?? leafMeasures[j];
      if (!measure) continue;
      const row = leafTotals[j] ? total : sources[leafSources[j]!];
      if (row !== undefined) rowValues[left + j] = measure.cell(row[measure.key] ?? null);
    }
    return { values: rowValues, formats: formatsFor(leaf.measure) };
  };

  if (flat) {
    // A flat table is one output row per result row, in order: no grouping, so every row is kept as sent.
    const keys = rowMembers.map((m) => m.key);
    const measureKeys = measures.map((m) => m.key);
    const shared = formatsFor(null);
    const intern = keys.map(() => internedText());
    let previousRow: Record<string, CubeCellValue> | undefined;
    for (const row of result.data) {
      const rowValues = new Array<CellValue>(width);
      let same = options.suppressDuplicateValues === true && previousRow !== undefined;
      for (let i = 0; i < keys.length; i += 1) {
        const value = row[keys[i]!] ?? null;
        same = same && previousRow![keys[i]!] === value;
        rowValues[i] = same ? '' : intern[i]!(rowMembers[i]!.cell(value));
      }
      for (let j = 0; j < measureKeys.length; j += 1) rowValues[left + j] = measures[j]!.cell(row[measureKeys[j]!] ?? null);
      values.push(rowValues);
      formats.push(shared);
      previousRow = row;
    }
  } else {
    rowLeaves.forEach((leaf, i) => {
      const previous = i > 0 && (!measuresOnRows || before || rowLeaves[i - 1]!.measure === leaf.measure) ? rowLeaves[i - 1] : undefined;
      const row = bodyRow(leaf, previous, cells[leaf.index] ?? [], rowTotalIndex.get(tupleKey(leaf.tuple)), null);
      values.push(row.values);
      formats.push(row.formats);
    });
  }

  if (pivot.showColumnTotals && options.totals) {
    const totals: Source[] = [];
    for (const row of options.totals.data) {
      const c = indexed.columnIndex.get(tupleKey(columnMembers.map((m) => row[m.key] ?? null)));
      if (c !== undefined) totals[c] = row;
    }
    const totalLeaves: Leaf[] = measuresOnRows ? measures.map((measure) => ({ index: -1, tuple: [], measure })) : [{ index: -1, tuple: [], measure: null }];
    for (const leaf of totalLeaves) {
      const label = Array<CellValue>(Math.max(1, left)).fill('');
      label[measuresOnRows && before ? Math.min(1, left - 1) : 0] = words.total;
      if (measuresOnRows) label[measureColumn] = leaf.measure!.title;
      const row = bodyRow(leaf, undefined, totals, options.grandTotals?.data[0], label);
      // Total rows carry a label where members' formats would be: theirs are General there.
      row.formats = [...row.formats].fill('General', 0, left);
      boldRows.push(values.length);
      values.push(row.values);
      formats.push(row.formats);
    }
  }

  const boldColumns = columnLeaves.flatMap((leaf, j) => (leaf.total ? [left + j] : []));
  const boldHeaderRows = Array.from({ length: headerRowCount }, (_, h) => summaryRows + h);
  const filledHeaderRows = flat ? [] : boldHeaderRows;
  return { values, numberFormats: formats, headerRows: summaryRows + headerRowCount, boldRows, boldColumns, boldHeaderRows, filledHeaderRows };
}

/**
 * One string for each distinct text of a column: JSON.parse gives every row its own copy of "North America", so a
 * grid that outlives its result would otherwise keep one per cell (issue 27, memory). A column with `limit` distinct
 * texts (names, ids) would gain little: it stops looking, so it costs no more than those lookups.
 */
function internedText(limit = 1_000): (value: CellValue) => CellValue {
  const seen = new Map<string, string>();
  let looking = true;
  return (value) => {
    if (!looking || typeof value !== 'string') return value;
    const kept = seen.get(value);
    if (kept !== undefined) return kept;
    seen.set(value, value);
    if (seen.size >= limit) {
      looking = false;
      seen.clear();
    }
    return value;
  };
}
