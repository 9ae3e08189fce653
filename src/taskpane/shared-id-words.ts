import type { PlacementRefusal } from '../placements/workbook-placements';
import type { Messages } from './i18n';

/** The most other records a sentence names; the rest are "and more" (a hostile workbook may hold hundreds). */
const MAX_NAMED = 3;

/** The other records sharing a placement's id, in words: their reports' titles, or that the user may not read one. */
export function otherRecords(others: readonly PlacementRefusal['others'][number][], m: Pick<Messages, 'sharedId' | 'andMore'>): string {
  const named = others.slice(0, MAX_NAMED).map((o) => (o.title === null ? m.sharedId.unreadableReport : m.sharedId.report(o.title)));
  return `${named.join(', ')}${others.length > MAX_NAMED ? ` ${m.andMore}` : ''}`;
}
