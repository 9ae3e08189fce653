import type { CubeCellValue, MemberType } from '../contract';
import { DECIMAL } from './cell-values';
import { periodOfCubeTime, periodStart, type PeriodGranularity } from './formula-periods';

/**
 * The text a dimension value is filtered and matched by, from a cell (what a call asks for) and from a
 * `/v1/load` row (what Cube answers), so that both meet: Cube's filter values are strings, and a row may hold
 * a number or boolean where another database sends text. A time value is its period's first day.
 */

/** A value as a custom function receives it from a cell or a literal. */
export type FormulaInput = string | number | boolean;

/** The key of a requested value, or null when it is no value of the member's type (or period of its granularity). */
export function requestedValueKey(value: FormulaInput, type: MemberType, granularity: PeriodGranularity | null): string | null {
  if (granularity) return periodStart(value, granularity);
  switch (type) {
    case 'number': {
      const text = typeof value === 'string' ? value.trim() : value;
      if (typeof text === 'boolean' || (typeof text === 'string' && !DECIMAL.test(text))) return null;
      const number = Number(text);
      return Number.isFinite(number) ? String(number) : null;
    }
    case 'boolean': {
      const text = String(value).trim().toLowerCase();
      return text === 'true' || text === 'false' ? text : null;
    }
    // A time member always comes with a granularity; a string member compares as the text Cube sends.
    case 'time':
    case 'string':
      return String(value);
  }
}

/** The key of a value in a result row; null (and text that is no number or time of its type) matches nothing asked. */
export function rowValueKey(value: CubeCellValue | undefined, type: MemberType, granularity: PeriodGranularity | null): string | null {
  if (value === null || value === undefined) return null;
  if (granularity) return typeof value === 'string' ? periodOfCubeTime(value) : null;
  switch (type) {
    case 'number':
      return typeof value === 'number' || (typeof value === 'string' && DECIMAL.test(value)) ? String(Number(value)) : null;
    case 'boolean':
      return String(value).toLowerCase();
    case 'time':
    case 'string':
      return String(value);
  }
}

/**
 * A measure's value in a row as a call's answer: a number (Cube often sends measures as numeric text). No
 * value, and a value that is no number (a measure of type string or time, which RS.VALUE does not show), is null.
 */
export function measureAnswer(value: CubeCellValue | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && DECIMAL.test(value.trim())) return Number(value);
  return null;
}
