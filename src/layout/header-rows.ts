import type { CubeLoadResult, CubeQuery } from '../contract';
import type { CellWords } from '../core/cell-words';
import { filterSummary, humanizeMember } from '../core/filter-summary';
import { emptyRow, type GridRows, type GridShape } from './grid-shape';
import type { Member } from './members';

/** The report's filters summed up as their own line above the table, and a blank row below it; nothing without filters. */
export function filterSummaryRows(rows: GridRows, result: CubeLoadResult, query: CubeQuery, words: CellWords, width: number): void {
  // A segment's title is in the annotation too (`{title, shortTitle}`), which the contract keeps as sent.
  const segmentTitle = (member: string) => {
    const title = (result.annotation.segments[member] as { shortTitle?: unknown } | undefined)?.shortTitle;
    return typeof title === 'string' ? title : undefined;
  };
  const titleOf = (member: string) =>
    (result.annotation.dimensions[member] ?? result.annotation.measures[member] ?? result.annotation.timeDimensions[member])?.shortTitle ??
    segmentTitle(member) ?? humanizeMember(member);
  const summary = filterSummary(query, titleOf, words);
  if (!summary) return;
  const row = emptyRow(width);
  row.values[0] = words.filters(summary);
  rows.values.push(row.values, emptyRow(width).values);
  rows.formats.push(row.formats, emptyRow(width).formats);
}

/**
 * The header rows: the column members' values (each written once at the start of its group), the measure names when
 * measures are on columns, "Total" over the Total column block; the corner names the row members on the last row.
 */
export function headerRows(rows: GridRows, shape: GridShape, memberFormat: (member: Member) => string, words: CellWords): void {
  const { columnMembers, columnLeaves, leftTitles, left, headerRowCount, measureHeaderRow, columnMemberRow, measuresOnColumns, before } = shape;
  for (let h = 0; h < headerRowCount; h += 1) {
    const row = emptyRow(shape.width);
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
    rows.values.push(row.values);
    rows.formats.push(row.formats);
  }
}
