import type { PlacementLocated } from '../placements/write-outcome';
import { entryOf, placementKey, sortByPlace, type WorkbookPlacement } from '../placements/workbook-placements';

/**
 * A write's outcome on the cards at once, before the pane lists its placements again (in the background): the record
 * the registry answered and where the write left the cells are that placement's truth; the other cards keep theirs.
 */

/**
 * The listed placements with the card of the one written (`key`: a listed placement's; none: a new placement) from
 * its write's outcome; null when it cannot be shown from the outcome alone, and the listing must say it.
 */
export function withWritten(placements: readonly WorkbookPlacement[], key: string | undefined, outcome: PlacementLocated): WorkbookPlacement[] | null {
  if (key === undefined) return withPlaced(placements, outcome);
  if (!placements.some((e) => placementKey(e) === key)) return null;
  return placements.map((e) => (placementKey(e) === key ? { ...e, report: outcome.report, placement: outcome.placement, location: outcome.location } : e));
}

/**
 * The listed placements with a new placement's card as a listing would find it (`workbookPlacements`): its report and
 * record as the registry answered them, where its cells are, in sheet order. A record listed under the same key
 * (one whose cells were gone, connected again at its anchor) is replaced. Null when its id is also another listed
 * record's: which of them names the cells is for the listing to say.
 */
function withPlaced(placements: readonly WorkbookPlacement[], outcome: PlacementLocated): WorkbookPlacement[] | null {
  const entry: WorkbookPlacement = { ...entryOf(outcome.report, outcome.placement), location: outcome.location };
  const key = placementKey(entry);
  if (placements.some((e) => e.placement.id === outcome.placement.id && placementKey(e) !== key)) return null;
  return sortByPlace([...placements.filter((e) => placementKey(e) !== key), entry]);
}
