import type { PlacementService, WorkbookPlacement } from '../placements/placement-service';
import type { WorkbookState } from '../ports/workbook-cells';

/**
 * The read a run's first writes need (the workbook's placements' names, and each refreshed one's cells, looks and
 * used ranges: `readForRefreshes`), sent when the run starts, while its reports are read and its queries run: it
 * depends on neither, so the first wave of writes need not wait a round trip for it after the last query.
 */
export interface ReadAhead {
  state: WorkbookState;
  /** The placements whose names and cells it read. */
  covers: ReadonlySet<string>;
  sentAt: number;
  answeredAt: number;
}

/**
 * Sends the read for `entries` (the placements the pane lists, which are the ones the registry knows in this
 * workbook). Null when it failed: the first wave then reads for itself, as every later wave does, and meets
 * (and reports) whatever went wrong there.
 */
export function readAhead(service: PlacementService, entries: readonly WorkbookPlacement[], now: () => number = Date.now): Promise<ReadAhead | null> {
  const named = entries.filter((e) => e.placement.id);
  if (named.length === 0) return Promise.resolve(null);
  const ids = named.map((e) => e.placement.id!);
  const sentAt = now();
  return service.readForRefreshes(named).then(
    (state) => ({ state, covers: new Set(ids), sentAt, answeredAt: now() }),
    () => null,
  );
}

/**
 * Whether a read ahead may stand in for the read just before writing `placementIds`: it read all of them and
 * the name of every placement the registry knows in the workbook (`workbookIds`, for the overlap check), and the
 * time since it was answered is no longer than `maxAgeMs`, by default as long as the read itself took. What is
 * read is then at most twice as old when the write lands as a read sent just before it (a round trip) would be:
 * hand edits typed meanwhile go unseen for no longer than that.
 */
export function readAheadServes(
  ahead: ReadAhead, placementIds: readonly string[], workbookIds: readonly string[], maxAgeMs = ahead.answeredAt - ahead.sentAt, now: () => number = Date.now,
): boolean {
  const covered = (id: string) => ahead.covers.has(id);
  return placementIds.every(covered) && workbookIds.every(covered) && now() - ahead.answeredAt <= maxAgeMs;
}
