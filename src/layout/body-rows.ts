import type { CubeCellValue } from '../contract';
import type { CellValue } from '../core/cell-values';
import type { GridRows, GridShape, Leaf } from './grid-shape';
import type { Member } from './members';
import { tupleKey } from './row-index';

/** A result row (or a totals query's row) whose values a body row shows; undefined where the data has none. */
export type Source = Record<string, CubeCellValue> | undefined;

/** How a body row is written: its shared formats, and its values from the rows behind its cells. */
export interface BodyRows {
  /** Every body row with the same measure (or none) has the same formats: one shared, never-mutated array each. */
  formatsFor(measure: Member | null): string[];
  /**
   * A body row: `sources` by column tuple, `total` for the Total column block, `label` for the left columns instead
   * of the leaf's members (a Total row). `previous` is the row above whose equal values are not written again.
   */
  row(leaf: Leaf, previous: Leaf | undefined, sources: readonly Source[], total: Source, label: CellValue[] | null): { values: CellValue[]; formats: string[] };
}

/** The body rows of a shape, with `suppressDuplicateValues` writing a row member's value once for a run of equal values. */
export function bodyRows(shape: GridShape, memberFormat: (member: Member) => string, suppressDuplicateValues: boolean): BodyRows {
  const { rowMembers, measures, columnLeaves, left, width, rowMemberColumn, measuresOnRows, measureColumn } = shape;
  const columnFormats = columnLeaves.map((column) => (column.measure ? memberFormat(column.measure) : 'General'));
  const rowMemberFormats = rowMembers.map(memberFormat);
  const measureFormats = new Map(measures.map((m) => [m, memberFormat(m)]));
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
  const row: BodyRows['row'] = (leaf, previous, sources, total, label) => {
    const rowValues = Array<CellValue>(width).fill('');
    if (label) {
      label.forEach((v, i) => { rowValues[i] = v; });
    } else {
      let sameSoFar = suppressDuplicateValues && previous !== undefined;
      for (let i = 0; i < rowMembers.length; i += 1) {
        sameSoFar = sameSoFar && previous!.tuple[i] === leaf.tuple[i];
        if (!sameSoFar) rowValues[rowMemberColumn(i)] = rowMembers[i]!.cell(leaf.tuple[i] ?? null);
      }
      if (measuresOnRows) rowValues[measureColumn] = leaf.measure!.title;
    }
    for (let j = 0; j < leafSources.length; j += 1) {
      const measure = leaf.measure ?? leafMeasures[j];
      if (!measure) continue;
      const source = leafTotals[j] ? total : sources[leafSources[j]!];
      if (source !== undefined) rowValues[left + j] = measure.cell(source[measure.key] ?? null);
    }
    return { values: rowValues, formats: formatsFor(leaf.measure) };
  };
  return { formatsFor, row };
}

/**
 * A pivot's body: one row per distinct combination of row members (in result order), times the measures when they
 * are on rows; missing combinations are empty cells. A row's Total column block comes from the row totals' result.
 */
export function pivotRows(rows: GridRows, shape: GridShape, body: BodyRows): void {
  const { rowLeaves, rowMembers, measuresOnRows, before, indexed } = shape;
  const rowTotalIndex = new Map<string, Record<string, CubeCellValue>>();
  for (const row of shape.rowTotals?.data ?? []) rowTotalIndex.set(tupleKey(rowMembers.map((m) => row[m.key] ?? null)), row);
  rowLeaves.forEach((leaf, i) => {
    const previous = i > 0 && (!measuresOnRows || before || rowLeaves[i - 1]!.measure === leaf.measure) ? rowLeaves[i - 1] : undefined;
    const row = body.row(leaf, previous, indexed.cells[leaf.index] ?? [], rowTotalIndex.get(tupleKey(leaf.tuple)), null);
    rows.values.push(row.values);
    rows.formats.push(row.formats);
  });
}
