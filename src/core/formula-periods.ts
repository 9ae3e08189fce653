import type { Granularity } from '../contract';
import { EXCEL_EPOCH_MS } from './cell-values';

/**
 * Periods of a time member as the RS functions take and compare them. A period is written as its first day,
 * `YYYY-MM-DD`, which is also how Cube names a time bucket (`2025-03-01T00:00:00.000` for March 2025), so a
 * requested period and a result row meet on the same text. Weeks are ISO weeks, starting on Monday, as Cube's.
 */

/** The granularities a value can name: the calendar ones; hours and finer are not asked of a cell. */
export type PeriodGranularity = Extract<Granularity, 'year' | 'quarter' | 'month' | 'week' | 'day'>;
export const PERIOD_GRANULARITIES: readonly PeriodGranularity[] = ['year', 'quarter', 'month', 'week', 'day'];

const DAY_MS = 86_400_000;
/** The last day Excel can show, 9999-12-31, as a serial. */
const LAST_EXCEL_SERIAL = 2_958_465;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?Z?)?$/;
const YEAR = /^(\d{4})$/;
const QUARTER = /^(\d{4})-?Q([1-4])$/i;
const MONTH = /^(\d{4})-(\d{1,2})$/;

/** What a value of the granularity may look like, for messages. */
export const PERIOD_EXAMPLES: Record<PeriodGranularity, string> = {
  year: 'a year (2025) or a date (2025-03-14)',
  quarter: 'a quarter (2025-Q1) or a date (2025-03-14)',
  month: 'a month (2025-03) or a date (2025-03-14)',
  week: 'a date (2025-03-14) in the week',
  day: 'a date (2025-03-14)',
};

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Midnight UTC of a calendar date, or null when the date does not exist (2025-02-30). */
function dateMs(year: number, month: number, day: number): number | null {
  const ms = Date.UTC(year, month - 1, day);
  const date = new Date(ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? ms : null;
}

/** The day an ISO date (a time of day is ignored) or an Excel date serial stands for, as midnight UTC. */
function dayOf(value: string | number): number | null {
  if (typeof value === 'number') {
    // A date cell passes its serial; the fraction is the time of day, which no calendar period needs.
    if (!Number.isFinite(value) || value < 1 || value >= LAST_EXCEL_SERIAL + 1) return null;
    return EXCEL_EPOCH_MS + Math.floor(value) * DAY_MS;
  }
  const m = ISO_DATE.exec(value);
  return m ? dateMs(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** The first day of the period holding a day. */
function startOfPeriod(ms: number, granularity: PeriodGranularity): string {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (granularity) {
    case 'year':
      return isoDay(Date.UTC(year, 0, 1));
    case 'quarter':
      return isoDay(Date.UTC(year, month - (month % 3), 1));
    case 'month':
      return isoDay(Date.UTC(year, month, 1));
    case 'week':
      return isoDay(ms - ((date.getUTCDay() + 6) % 7) * DAY_MS);
    case 'day':
      return isoDay(ms);
  }
}

/**
 * The period a cell value names, as its first day, or null when the value is no period of the granularity.
 * A year is `2025` (text or number); a quarter `2025-Q1`; a month `2025-03`; any granularity also takes a date,
 * as ISO text or as an Excel date serial (what a cell holding a date passes). For a year a number from 1000
 * to 9999 is the year itself: no one means a day of 1902–1927 by it.
 */
export function periodStart(value: string | number | boolean, granularity: PeriodGranularity): string | null {
  if (typeof value === 'boolean') return null;
  const text = typeof value === 'string' ? value.trim() : null;
  if (granularity === 'year') {
    if (typeof value === 'number' && Number.isInteger(value) && value >= 1000 && value <= 9999) return `${value}-01-01`;
    const year = text === null ? null : YEAR.exec(text);
    if (year) return `${year[1]}-01-01`;
  }
  if (granularity === 'quarter' && text !== null) {
    const quarter = QUARTER.exec(text);
    if (quarter) return isoDay(Date.UTC(Number(quarter[1]), (Number(quarter[2]) - 1) * 3, 1));
  }
  if (granularity === 'month' && text !== null) {
    const month = MONTH.exec(text);
    if (month) {
      const number = Number(month[2]);
      return number >= 1 && number <= 12 ? isoDay(Date.UTC(Number(month[1]), number - 1, 1)) : null;
    }
  }
  const day = dayOf(text ?? value);
  return day === null ? null : startOfPeriod(day, granularity);
}

/** The last day of the period that starts on `start`. */
export function periodEnd(start: string, granularity: PeriodGranularity): string {
  const ms = Date.parse(`${start}T00:00:00Z`);
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  switch (granularity) {
    case 'year':
      return `${year}-12-31`;
    case 'quarter':
      return isoDay(Date.UTC(year, month + 3, 0));
    case 'month':
      return isoDay(Date.UTC(year, month + 1, 0));
    case 'week':
      return isoDay(ms + 6 * DAY_MS);
    case 'day':
      return start;
  }
}

/** How many periods run from the one starting on `first` to the one starting on `last`, both counted. */
export function periodsBetween(first: string, last: string, granularity: PeriodGranularity): number {
  const from = new Date(`${first}T00:00:00Z`);
  const to = new Date(`${last}T00:00:00Z`);
  const months = (to.getUTCFullYear() - from.getUTCFullYear()) * 12 + to.getUTCMonth() - from.getUTCMonth();
  const days = Math.round((to.getTime() - from.getTime()) / DAY_MS);
  switch (granularity) {
    case 'year':
      return to.getUTCFullYear() - from.getUTCFullYear() + 1;
    case 'quarter':
      return Math.floor(months / 3) + 1;
    case 'month':
      return months + 1;
    case 'week':
      return Math.floor(days / 7) + 1;
    case 'day':
      return days + 1;
  }
}

/** A `dateRange` that covers the periods (first days, sorted): from the first one's start to the last one's end. */
export function coveringDateRange(sortedStarts: readonly string[], granularity: PeriodGranularity): [string, string] {
  return [sortedStarts[0]!, periodEnd(sortedStarts[sortedStarts.length - 1]!, granularity)];
}

/** The period a Cube time bucket (`2025-03-01T00:00:00.000`) names, as its first day, or null for other text. */
export function periodOfCubeTime(time: string): string | null {
  return ISO_DATE.test(time) ? time.slice(0, 10) : null;
}
