import { canonicalTimeZone, parseWallClock, wallClockToUtc } from '../../server/cube/time-zone';

/**
 * Wall clock → UTC as Cube turns date-range bounds into database time: `localTimestampToUtc` in Cube's
 * `packages/cubejs-backend-shared/src/time.ts` reads the local timestamp as if it were UTC, asks the zone's
 * offset at that instant and adds it. Expected instants are worked out from that rule and each zone's published
 * transitions (New York: 2024-03-10 07:00Z to EDT, 2024-11-03 06:00Z to EST; Berlin: 2024-03-31 01:00Z to CEST,
 * 2024-10-27 01:00Z to CET).
 */
const utc = (local: string, zone: string) => wallClockToUtc(parseWallClock(local), zone).toISOString();

describe('wallClockToUtc', () => {
  it.each([
    // Plain offsets: New York is UTC−4 in July, UTC−5 in January; Tokyo is UTC+9 all year.
    ['2024-07-01T00:00:00.000', 'America/New_York', '2024-07-01T04:00:00.000Z'],
    ['2024-01-01T00:00:00.000', 'America/New_York', '2024-01-01T05:00:00.000Z'],
    ['2024-06-01T00:00:00.000', 'Asia/Tokyo', '2024-05-31T15:00:00.000Z'],
    ['2024-06-01T23:59:59.999', 'UTC', '2024-06-01T23:59:59.999Z'],
    // At 02:30Z on 10 March New York is still on EST (−5): 07:30Z.
    ['2024-03-10T02:30:00.000', 'America/New_York', '2024-03-10T07:30:00.000Z'],
    // At 01:30Z and at 03:00Z on 3 November New York is still on EDT (−4): 05:30Z and 07:00Z.
    ['2024-11-03T01:30:00.000', 'America/New_York', '2024-11-03T05:30:00.000Z'],
    ['2024-11-03T03:00:00.000', 'America/New_York', '2024-11-03T07:00:00.000Z'],
    // At 02:30Z on 31 March Berlin is already on CEST (+2): 00:30Z.
    ['2024-03-31T02:30:00.000', 'Europe/Berlin', '2024-03-31T00:30:00.000Z'],
    // At 02:30Z on 27 October Berlin is already on CET (+1): 01:30Z.
    ['2024-10-27T02:30:00.000', 'Europe/Berlin', '2024-10-27T01:30:00.000Z'],
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
