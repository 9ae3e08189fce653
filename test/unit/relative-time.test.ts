import { relativeTime } from '../../src/core/relative-time';

describe('relativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

  it('says how long ago in English', () => {
    expect(relativeTime(ago(10), 'en', now)).toBe('now');
    expect(relativeTime(ago(5 * 60), 'en', now)).toBe('5 minutes ago');
    expect(relativeTime(ago(2 * 3600), 'en', now)).toBe('2 hours ago');
    expect(relativeTime(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86400), 'en', now)).toBe('3 days ago');
    expect(relativeTime(ago(30 * 86400), 'en-US', now)).toBe('Oct 23, 2026');
  });

  it('says it in German for a German display language', () => {
    expect(relativeTime(ago(5 * 60), 'de-DE', now)).toBe('vor 5 Minuten');
    expect(relativeTime(ago(2 * 3600), 'de-DE', now)).toBe('vor 2 Stunden');
    expect(relativeTime(ago(26 * 3600), 'de-DE', now)).toBe('gestern');
    expect(relativeTime(ago(30 * 86400), 'de-DE', now)).toBe('23.10.2026');
  });
});
