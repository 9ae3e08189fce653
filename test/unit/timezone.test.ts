import { effectiveTimezone } from '../../src/core/timezone';

describe('effectiveTimezone: the admin\'s time zone settings combined with the user\'s own', () => {
  it.each([
    ['admin zone, overrides not allowed: the admin\'s', { enabled: true, timezone: 'Europe/Berlin', allowUserOverride: false }, 'America/New_York', 'Europe/Berlin'],
    ['admin zone, overrides allowed, user has one: the user\'s', { enabled: true, timezone: 'Europe/Berlin', allowUserOverride: true }, 'America/New_York', 'America/New_York'],
    ['admin zone, overrides allowed, user has none: the admin\'s', { enabled: true, timezone: 'Europe/Berlin', allowUserOverride: true }, null, 'Europe/Berlin'],
    ['settings disabled: the user\'s', { enabled: false, timezone: 'Europe/Berlin', allowUserOverride: false }, 'Asia/Tokyo', 'Asia/Tokyo'],
    ['settings disabled, user has none: none', { enabled: false, timezone: 'Europe/Berlin', allowUserOverride: false }, null, null],
    ['no settings at all (null): the user\'s', null, 'Asia/Tokyo', 'Asia/Tokyo'],
    ['every field null: the user\'s', { enabled: null, timezone: null, allowUserOverride: null }, 'Asia/Tokyo', 'Asia/Tokyo'],
    ['enabled unknown (null) with a zone: the admin\'s', { enabled: null, timezone: 'UTC', allowUserOverride: null }, 'Asia/Tokyo', 'UTC'],
    ['blank strings count as none', { enabled: true, timezone: '  ', allowUserOverride: true }, ' ', null],
  ])('%s', (_, settings, user, expected) => {
    expect(effectiveTimezone(settings, user)).toBe(expected);
  });
});
