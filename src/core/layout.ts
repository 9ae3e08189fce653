import type { AnnotationEntry, CubeLoadResult, CubeQuery, Granularity, Pivot } from '../contract';
import { timeDimensionMember } from '../contract';
import { cellValueOf, measureFormat, timeFormat, type CellValue } from './cell-values';

/** A result laid out as cells: values (strings unprefixed: the writer makes them safe) and number formats. */
export interface CellGrid {
  values: CellValue[][];
  numberFormats: string[][];
  /** Rows of the grid that are headers (at the top). */
  headerRows: number;
}

interface Column {
  key: string;
  title: string;
  entry: AnnotationEntry;
  kind: 'measure' | 'dimension' | 'time';
  granularity?: Granularity;
}

function resultColumns(result: CubeLoadResult, query: CubeQuery, pivot: Pivot): Column[] {
  const { annotation } = result;
  const granularities = new Map(
    (query.timeDimensions ?? []).filter((td) => td.granularity).map((td) => [timeDimensionMember(td), td.granularity!]),
  );
  const dimensionKeys = [
    ...pivot.rows,
    ...pivot.columns,
    ...(query.dimensions ?? []),
    ...(query.timeDimensions ?? []).filter((td) => td.granularity).map(timeDimensionMember),
  ];
  const seen = new Set<string>();
  const columns: Column[] = [];
  for (const key of dimensionKeys) {
    if (seen.has(key) || key === 'measures') continue;
    seen.add(key);
    const time = annotation.timeDimensions[key];
    const dimension = annotation.dimensions[key];
    if (time) {
      const granularity = granularities.get(key);
      columns.push({ key, entry: time, kind: 'time', granularity, title: granularity ? `${time.shortTitle} (${granularity})` : time.shortTitle });
    } else if (dimension) {
      columns.push({ key, entry: dimension, kind: 'dimension', title: dimension.shortTitle });
    }
  }
  for (const key of query.measures ?? []) {
    const measure = annotation.measures[key];
    if (measure && !seen.has(key)) {
      seen.add(key);
      columns.push({ key, entry: measure, kind: 'measure', title: measure.shortTitle });
    }
  }
  return columns;
}

function columnFormat(column: Column): string {
  if (column.kind === 'time' || column.entry.type === 'time') return timeFormat(column.granularity);
  if (column.entry.type === 'number') return measureFormat(column.entry.format);
  return 'General';
}

/**
 * The flat layout: one header row of the members' short titles (time dimensions with their granularity),
 * then one row per result row; dimensions first in the pivot's order, then measures in the query's order.
 */
export function layoutFlat(result: CubeLoadResult, query: CubeQuery, pivot: Pivot): CellGrid {
  const columns = resultColumns(result, query, pivot);
  const formats = columns.map(columnFormat);
  const values: CellValue[][] = [columns.map((c) => c.title)];
  const numberFormats: string[][] = [columns.map(() => 'General')];
  for (const row of result.data) {
    values.push(columns.map((c) => cellValueOf(row[c.key] ?? null, c.kind === 'time' ? 'time' : c.entry.type)));
    numberFormats.push(formats);
  }
  return { values, numberFormats, headerRows: 1 };
}
