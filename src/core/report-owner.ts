import type { Report } from '../contract';

/**
 * Whom to ask about a report (access to it, a change to it): its owner. A deleted user's reports stay, owned by a
 * record with no email (the platform empties it): then there is no one to ask, and `email` is null.
 */
export const reportOwner = (report: Pick<Report, 'user'>) => ({ name: report.user.firstName ?? null, email: report.user.email || null });
