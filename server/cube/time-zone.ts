/**
 * Wall-clock arithmetic in IANA time zones with `Intl` alone: what Cube does with moment-timezone when it
 * resolves date ranges in the query's zone and turns their bounds into UTC for the database.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  millisecond: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The zone's canonical name, as Cube's `canonicalTimezone` answers it, or null for an unknown zone. */
export function canonicalTimeZone(value: string): string | null {
  if (value === '') return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The wall clock an instant shows in a zone. */
export function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts = formatterFor(timeZone).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)!.value);
  return {
    year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute'), second: get('second'),
    millisecond: instant.getUTCMilliseconds(),
  };
}

function wallClockMillis(clock: WallClock): number {
  const date = new Date(Date.UTC(2000, 0, 1, clock.hour, clock.minute, clock.second, clock.millisecond));
  date.setUTCFullYear(clock.year, clock.month - 1, clock.day);
  return date.getTime();
}

/** The wall clock as Cube writes local timestamps: `YYYY-MM-DDTHH:mm:ss.SSS`. */
export function formatWallClock(clock: WallClock): string {
  return new Date(wallClockMillis(clock)).toISOString().slice(0, 23);
}

/** Reads `YYYY-MM-DDTHH:mm:ss.SSS` (or a prefix of it) as a wall clock. */
export function parseWallClock(text: string): WallClock {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?$/.exec(text);
  if (!m) throw new RangeError(`not a local timestamp: ${text}`);
  return {
    year: Number(m[1]), month: Number(m[2]), day: Number(m[3]), hour: Number(m[4] ?? 0), minute: Number(m[5] ?? 0),
    second: Number(m[6] ?? 0), millisecond: Number((m[7] ?? '0').padEnd(3, '0').slice(0, 3)),
  };
}

/**
 * The UTC instant Cube sends the database for a wall clock in a zone (`localTimestampToUtc` in Cube's
 * `shared/src/time.ts`): the zone's offset is the one in force at the instant the wall time would be if it
 * were UTC. Away from a DST change that is simply the zone's offset; within a few hours of one it can differ
 * from the wall time's own offset (3:00 on New York's fall-back night becomes 07:00Z, not 08:00Z), and Cube's
 * answers follow it, so these do too.
 */
export function wallClockToUtc(clock: WallClock, timeZone: string): Date {
  const asIfUtc = wallClockMillis(clock);
  const offset = wallClockMillis(wallClockAt(new Date(asIfUtc), timeZone)) - asIfUtc;
  return new Date(asIfUtc - offset);
}

/** Calendar arithmetic on a wall clock, with month ends clamped as moment does ("Jan 31 + 1 month" is Feb 28/29). */
export function addToWallClock(clock: WallClock, unit: CalendarUnit, amount: number): WallClock {
  switch (unit) {
    case 'year': return clampDay({ ...clock, year: clock.year + amount });
    case 'quarter': return addToWallClock(clock, 'month', 3 * amount);
    case 'month': {
      const index = clock.year * 12 + clock.month - 1 + amount;
      return clampDay({ ...clock, year: Math.floor(index / 12), month: (index % 12 + 12) % 12 + 1 });
    }
    default: {
      const millis = { week: 604_800_000, day: 86_400_000, hour: 3_600_000, minute: 60_000, second: 1_000 }[unit];
      return fromMillis(wallClockMillis(clock) + amount * millis);
    }
  }
}

export type CalendarUnit = 'year' | 'quarter' | 'month' | 'week' | 'day' | 'hour' | 'minute' | 'second';

function clampDay(clock: WallClock): WallClock {
  // Day 0 of the next month is this month's last day (setUTCFullYear, unlike Date.UTC, keeps years below 100).
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(clock.year, clock.month, 0);
  return { ...clock, day: Math.min(clock.day, lastDay.getUTCDate()) };
}

/** The first instant of the unit holding `clock` (weeks are ISO weeks, starting on Monday, as Cube asks of moment). */
export function startOfUnit(clock: WallClock, unit: CalendarUnit): WallClock {
  const zero = { hour: 0, minute: 0, second: 0, millisecond: 0 };
  switch (unit) {
    case 'year': return { ...clock, ...zero, month: 1, day: 1 };
    case 'quarter': return { ...clock, ...zero, month: clock.month - ((clock.month - 1) % 3), day: 1 };
    case 'month': return { ...clock, ...zero, day: 1 };
    case 'week': {
      const weekday = new Date(Date.UTC(clock.year, clock.month - 1, clock.day)).getUTCDay();
      return addToWallClock({ ...clock, ...zero }, 'day', -((weekday + 6) % 7));
    }
    case 'day': return { ...clock, ...zero };
    case 'hour': return { ...clock, minute: 0, second: 0, millisecond: 0 };
    case 'minute': return { ...clock, second: 0, millisecond: 0 };
    case 'second': return { ...clock, millisecond: 0 };
  }
}

/** The last millisecond of the unit holding `clock`. */
export function endOfUnit(clock: WallClock, unit: CalendarUnit): WallClock {
  return fromMillis(wallClockMillis(addToWallClock(startOfUnit(clock, unit), unit, 1)) - 1);
}

/** A wall clock from milliseconds counted as if the zone were UTC. */
function fromMillis(millis: number): WallClock {
  const moved = new Date(millis);
  return {
    year: moved.getUTCFullYear(), month: moved.getUTCMonth() + 1, day: moved.getUTCDate(), hour: moved.getUTCHours(),
    minute: moved.getUTCMinutes(), second: moved.getUTCSeconds(), millisecond: moved.getUTCMilliseconds(),
  };
}
