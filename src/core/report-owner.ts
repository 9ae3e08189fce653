import type { Report } from '../contract';

/** Whom to ask about a report (access to it, a change to it): its owner. */
export const reportOwner = (report: Pick<Report, 'user'>) => ({ name: report.user.firstName ?? null, email: report.user.email });
