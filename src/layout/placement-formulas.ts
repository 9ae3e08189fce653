import type { CubeQuery } from '../contract';
import { cellAddress, columnLetters, type Cell } from '../core/a1';
import type { CellValue } from '../core/cell-values';
import type { CellWords } from '../core/cell-words';
import { conversionFilters, type ConversionRefusal, type FormulaFilterPair } from '../core/conversion-refusal';
import type { CellGrid } from '../core/cell-grid';
import type { FormulaCell } from '../core/formula-answers';
import { timeDimensionMember, type Pivot } from '../core/report-definition';
import { layoutKind } from './kind';

/**
 * A placed report's cells as `RS.VALUE` formulas over typed headers, as Excel's "Convert to Formulas" turns an OLAP
 * PivotTable into CUBEMEMBER headers and CUBEVALUE cells that refer to them
 * (https://learn.microsoft.com/office/vba/api/excel.pivottable.converttoformulas). The grid is read as the layout
 * (grid.ts) writes it: header rows naming the column members and the measures, left columns the row members and
 * the measures when they are on rows. Each data cell becomes `=RS.VALUE(measure, "dimension", $A5, "dimension2",
 * B$3, …)`: its row's headers by a reference whose column is fixed, its column's by one whose row is fixed, so rows
 * moved or filled keep their meaning. A header written once for a run of equal values is written on every row or
 * column it heads, so each formula refers to its own; a quarter's label becomes the period as `RS.VALUE` takes it
 * (`2025-Q1`).
 */

export interface ConversionInput {
  query: CubeQuery;
  pivot: Pivot;
  /** The report laid out now, in the placement's language and with its title lines: where its headers are. */
  grid: CellGrid;
  /** What the placement's cells hold now, of the grid's size. */
  cells: readonly (readonly CellValue[])[];
  /** The sheet cell of the grid's top-left. */
  origin: Cell;
  /** The placement's cell words: a quarter's label is read back as its period. */
  words: Pick<CellWords, 'quarter'>;
  /** The measure a header's title names for `RS.VALUE`, or null when it names none or several (then the formula names the measure itself). */
  measureNamed(title: string): string | null;
  /** The deployment each formula names as its last argument, or null when the workbook's default is the placement's. */
  deployment: string | null;
}

export type Conversion = { kind: 'refused'; refusal: ConversionRefusal } | { kind: 'formulas'; grid: CellGrid; cells: FormulaCell[] };

/** A member of the grid: its name as `RS.VALUE` takes it (`orders.region`, `orders.created_at.quarter`). */
interface Axis {
  name: string;
  quarter: boolean;
}

/** Text as an Excel formula's string literal. */
export const formulaText = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** A quarter label the layout wrote (`Q1 2025`, in the placement's words) as the period `RS.VALUE` takes, else the value. */
function period(value: CellValue, words: ConversionInput['words']): CellValue {
  if (typeof value !== 'string') return value;
  const year = /\d{4}/.exec(value);
  for (let q = 1; year && q <= 4; q += 1) if (words.quarter(q, Number(year[0])) === value) return `${year[0]}-Q${q}`;
  return value;
}

/** The members on each axis, as `members()` in members.ts places them. */
function axes(query: CubeQuery, pivot: Pivot): { rows: Axis[]; columns: Axis[] } {
  const granular = new Map((query.timeDimensions ?? []).filter((td) => td.granularity).map((td) => [timeDimensionMember(td), td.granularity!]));
  const used = new Set<string>();
  const pick = (keys: readonly string[]): Axis[] => keys.filter((key) => key !== 'measures' && !used.has(key) && used.add(key))
    .map((name) => ({ name, quarter: granular.get(name) === 'quarter' }));
  const columns = pick(pivot.columns);
  const rows = pick([...pivot.rows, ...(query.dimensions ?? []), ...granular.keys()]);
  return { rows, columns };
}

/** The `RS.VALUE` formulas that replace a placement's cells, or why they cannot. */
export function placementFormulas(input: ConversionInput): Conversion {
  const { query, pivot, grid, cells, origin, words } = input;
  const { rows, columns } = axes(query, pivot);
  const filters = conversionFilters(query, pivot, new Set([...rows, ...columns].map((a) => a.name)));
  if ('kind' in filters) return { kind: 'refused', refusal: filters };
  const measures = pivot.measures;
  const onRows = pivot.measuresAxis === 'rows';
  const before = pivot.measuresPosition === 'before';
  const left = rows.length + (onRows ? 1 : 0);
  const measureColumn = onRows ? (before ? 0 : rows.length) : -1;
  const rowColumn = (i: number) => (onRows && before ? i + 1 : i);
  const first = grid.boldHeaderRows?.[0] ?? grid.headerRows - 1;
  const headerCount = Math.max(1, columns.length + (onRows ? 0 : 1));
  const measureRow = onRows ? -1 : first + (before ? 0 : columns.length);
  const columnRow = (i: number) => first + (!onRows && before ? i + 1 : i);
  const width = grid.values[0]?.length ?? 0;
  const body = grid.values.length - grid.headerRows;
  const leaves = width - left;
  const sameShape = cells.length === grid.values.length && cells.every((row) => row.length === width)
    && first + headerCount === grid.headerRows && leaves > 0 && body > 0
    && (onRows ? body % measures.length === 0 : leaves % measures.length === 0);
  if (!sameShape) return { kind: 'refused', refusal: { kind: 'shape' } };

  const values = cells.map((row) => [...row]);
  const numberFormats = grid.numberFormats.map((row) => [...row]);
  const formulas = cells.map((row) => row.map(() => false));
  const address = (row: number, column: number) => cellAddress({ row: origin.row + row, column: origin.column + column });
  // Headers written once for a run are written on every row (or column) of it; a quarter's label becomes its period.
  const fill = (r: number, c: number, from: [number, number] | null): string | null => {
    if (values[r]![c] === '' && from) {
      values[r]![c] = values[from[0]]![from[1]]!;
      numberFormats[r]![c] = numberFormats[from[0]]![from[1]]!;
    }
    return values[r]![c] === '' ? address(r, c) : null;
  };
  for (let r = grid.headerRows; r < values.length; r += 1) {
    for (const [i, axis] of rows.entries()) {
      const c = rowColumn(i);
      const empty = fill(r, c, r > grid.headerRows ? [r - 1, c] : null);
      if (empty) return { kind: 'refused', refusal: { kind: 'empty-member', cell: empty } };
      if (axis.quarter) values[r]![c] = period(values[r]![c]!, words);
    }
  }
  for (let c = left; c < width; c += 1) {
    for (const [i, axis] of columns.entries()) {
      const r = columnRow(i);
      const empty = fill(r, c, c > left ? [r, c - 1] : null);
      if (empty) return { kind: 'refused', refusal: { kind: 'empty-member', cell: empty } };
      if (axis.quarter) values[r]![c] = period(values[r]![c]!, words);
    }
  }

  // Members are distinct on each axis: a header filled from above (or the left) that repeats another is a member with
  // no value that the layout left empty, not one written once for its run.
  const twin = repeated(grid.headerRows, values.length, (r) => [...rows.map((_, i) => values[r]![rowColumn(i)]!), onRows ? measureIndex(r - grid.headerRows, body, measures.length, before) : 0]);
  const twinColumn = repeated(left, width, (c) => [...columns.map((_, i) => values[columnRow(i)]![c]!), onRows ? 0 : measureIndex(c - left, leaves, measures.length, before)]);
  if (twin !== null) return { kind: 'refused', refusal: { kind: 'empty-member', cell: address(twin, rows.length ? rowColumn(rows.length - 1) : 0) } };
  if (twinColumn !== null) return { kind: 'refused', refusal: { kind: 'empty-member', cell: address(columns.length ? columnRow(columns.length - 1) : first, twinColumn) } };

  const rowRef = (r: number, c: number) => `$${columnLetters(origin.column + c)}${origin.row + r + 1}`;
  const columnRef = (r: number, c: number) => `${columnLetters(origin.column + c)}$${origin.row + r + 1}`;
  const measureAt = (r: number, c: number): { arg: CellValue; text: string } => {
    const index = onRows
      ? measureIndex(r - grid.headerRows, body, measures.length, before)
      : measureIndex(c - left, leaves, measures.length, before);
    const key = measures[index]!;
    const [hr, hc] = onRows ? [r, measureColumn] : [measureRow, c];
    const title = values[hr]![hc];
    // The header's title, when it names this very measure; else the measure's own name (a view's member may share its title).
    if (typeof title === 'string' && title !== '' && input.measureNamed(title) === key) return { arg: title, text: onRows ? rowRef(hr, hc) : columnRef(hr, hc) };
    return { arg: key, text: formulaText(key) };
  };
  const filterArgs = (pairs: readonly FormulaFilterPair[]) => pairs.flatMap((p) => [p.member, p.value]);
  const literal = (value: CellValue) => (typeof value === 'string' ? formulaText(value) : typeof value === 'boolean' ? String(value).toUpperCase() : String(value));
  const out: FormulaCell[] = [];
  for (let r = grid.headerRows; r < values.length; r += 1) {
    for (let c = left; c < width; c += 1) {
      const measure = measureAt(r, c);
      const pairs: CellValue[] = [];
      const texts: string[] = [];
      for (const [i, axis] of rows.entries()) {
        pairs.push(axis.name, values[r]![rowColumn(i)]!);
        texts.push(formulaText(axis.name), rowRef(r, rowColumn(i)));
      }
      for (const [i, axis] of columns.entries()) {
        pairs.push(axis.name, values[columnRow(i)]![c]!);
        texts.push(formulaText(axis.name), columnRef(columnRow(i), c));
      }
      for (const value of filterArgs(filters.pairs)) {
        pairs.push(value);
        texts.push(literal(value));
      }
      if (input.deployment !== null) {
        pairs.push(input.deployment);
        texts.push(formulaText(input.deployment));
      }
      const formula = `=RS.VALUE(${[measure.text, ...texts].join(',')})`;
      out.push({ row: r, column: c, formula, measure: measure.arg, pairs, now: cells[r]![c]! });
      values[r]![c] = formula;
      formulas[r]![c] = true;
    }
  }
  const flat = layoutKind({ columns, measuresAxis: pivot.measuresAxis }) === 'flat';
  if (query.limit !== undefined && resultRows(out, rows.length + columns.length, flat ? body : null) >= query.limit) {
    return { kind: 'refused', refusal: { kind: 'rows-cut' } };
  }
  return { kind: 'formulas', grid: { ...grid, values, numberFormats, formulas }, cells: out };
}

/**
 * How many result rows the cells show: a flat table's body rows, or a pivot's filled combinations of row and column
 * members. As many as the query's limit means the limit may have left rows out.
 */
function resultRows(cells: readonly FormulaCell[], members: number, flatRows: number | null): number {
  if (flatRows !== null) return flatRows;
  return new Set(cells.filter((cell) => cell.now !== '').map((cell) => JSON.stringify(cell.pairs.slice(0, 2 * members)))).size;
}

/** The first index in `[from, to)` whose key repeats an earlier one's, or null. */
function repeated(from: number, to: number, key: (index: number) => CellValue[]): number | null {
  const seen = new Set<string>();
  for (let i = from; i < to; i += 1) {
    const k = JSON.stringify(key(i));
    if (seen.has(k)) return i;
    seen.add(k);
  }
  return null;
}

/** Which measure a body row (or column) shows, by its place: measures `before` are the outer group, `after` the inner. */
function measureIndex(position: number, count: number, measures: number, before: boolean): number {
  return before ? Math.floor(position / (count / measures)) : position % measures;
}
