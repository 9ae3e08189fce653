import type { MeasuresAxis } from '../contract';

/**
 * What a layout is. `flat`: one grid row per result row, the row members then the measures across, a header row
 * of titles; the only kind that may become an Excel table. `pivot`: rows grouped by their members, column members
 * (and the measures, on either axis) across header rows, with Total rows and columns when the pivot asks.
 */
export type LayoutKind = 'flat' | 'pivot';

/** What decides the kind: the members across the columns and the axis the measures are on. A `Pivot` is one. */
export interface LayoutShape {
  columns: readonly unknown[];
  measuresAxis: MeasuresAxis;
}

/**
 * The one rule of which kind a result is laid out as: flat when no member is across the columns and the measures
 * are not on rows; a pivot otherwise. Everything that needs the kind (the layout, its size, "As an Excel table")
 * asks here.
 */
export function layoutKind(shape: LayoutShape): LayoutKind {
  return shape.columns.length === 0 && shape.measuresAxis !== 'rows' ? 'flat' : 'pivot';
}

/** Whether a pivot lays out flat: the question of those that may make its result an Excel table. */
export const isFlatPivot = (shape: LayoutShape): boolean => layoutKind(shape) === 'flat';
