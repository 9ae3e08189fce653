import { canonicalTimeZone, parseWallClock, wallClockToUtc } from '../../server/cube/time-zone';

/**
 * Wall clock → UTC as Cube turns date-range bounds into database time (moment-timezone's `moment.tz(local,
 * zone)`). moment-timezone documents its rules for the two DST edge cases
 * (https://momentjs.com/timezone/docs/#/using-timezones/parsing-ambiguous-inputs/): a wall time skipped by a
 * spring-forward jump is moved forward by the jump, and a wall time that happens twice takes the earlier
 * instant. Expected instants below are worked out from those rules and each zone's published offsets.
 */
const utc = (local: string, zone: string) => wallClockToUtc(parseWallClock(local), zone).toISOString();

describe('wallClockToUtc', () => {
  it.each([
    // Plain offsets: New York is UTC−4 in July, UTC−5 in January; Tokyo is UTC+9 all year.
    ['2024-07-01T00:00:00.000', 'America/New_York', '2024-07-01T04:00:00.000Z'],
    ['2024-01-01T00:00:00.000', 'America/New_York', '2024-01-01T05:00:00.000Z'],
    ['2024-06-01T00:00:00.000', 'Asia/Tokyo', '2024-05-31T15:00:00.000Z'],
    ['2024-06-01T23:59:59.999', 'UTC', '2024-06-01T23:59:59.999Z'],
    // Skipped: 02:30 on 10 March 2024 never happens in New York (02:00 EST → 03:00 EDT); it becomes 03:30 EDT.
    ['2024-03-10T02:30:00.000', 'America/New_York', '2024-03-10T07:30:00.000Z'],
    // Skipped in Berlin on 31 March 2024 (02:00 CET → 03:00 CEST): 03:30 CEST.
    ['2024-03-31T02:30:00.000', 'Europe/Berlin', '2024-03-31T01:30:00.000Z'],
    // Twice: 01:30 on 3 November 2024 in New York, first as EDT (UTC−4).
    ['2024-11-03T01:30:00.000', 'America/New_York', '2024-11-03T05:30:00.000Z'],
    // Twice: 02:30 on 27 October 2024 in Berlin, first as CEST (UTC+2).
    ['2024-10-27T02:30:00.000', 'Europe/Berlin', '2024-10-27T00:30:00.000Z'],
  ])('%s in %s is %s', (local, zone, expected) => {
    expect(utc(local, zone)).toBe(expected);
  });
});

describe('canonicalTimeZone', () => {
  it('knows IANA zones and refuses others, as Cube checks `timezone`', () => {
    expect(canonicalTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(canonicalTimeZone('Mars/Base')).toBeNull();
    expect(canonicalTimeZone('')).toBeNull();
  });
});
