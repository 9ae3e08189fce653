import type { TimezoneSettings } from '../contract';

/**
 * The time zone a report's query runs in when the query names none: the admin's (`timezoneSettings`, when
 * enabled), or the user's own `timezone` setting where the admin allows overrides or sets none. Null leaves
 * it to the data API (UTC). A query that names its own time zone keeps it (the caller checks that first).
 */
export function effectiveTimezone(settings: TimezoneSettings | null | undefined, userTimezone: string | null | undefined): string | null {
  const own = userTimezone?.trim() || null;
  const admin = settings?.enabled !== false ? settings?.timezone?.trim() || null : null;
  if (admin === null) return own;
  return settings?.allowUserOverride && own ? own : admin;
}
