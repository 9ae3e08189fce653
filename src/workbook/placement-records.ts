import type { ConnectReportToWorkbookInput, DisconnectReportFromWorkbookInput, RefreshReportInput } from '../contract';
import { WorkbookLocalId, type Stamp, type WorkbookPlacement, type WorkbookReportRecord } from '../contract/workbook-report';
import { parseSheetAddress, sheetAddress } from '../core/a1';
import { PLACEMENT_ADDRESS_WORDS, placementAddress, ResultLocationError, type PlacementAddress } from '../core/placement-address';
import { WorkbookPlacementNotFoundError, WorkbookReportRequestError } from './errors';
import { recordResultChecksum } from './report-view';

/**
 * The platform's placement rules (`server/routes/placements.ts`) on a record kept in the workbook: the same
 * addressing (by `placementId`, or by sheet and anchor cell, or a `resultLocation` naming both), the same
 * upsert on connect (by id, else by where it is: how an old placement is linked again), the same refresh (a
 * move when addressed by id) and the same disconnect (a target that matches nothing changes nothing). Pure: the
 * caller reads the part, applies one of these, and writes the part back. Every placement kept here is of this
 * workbook, so `externalWorkbookId` addresses nothing more. Placements never change the report's `version`: a
 * refresh is not an edit of the report, and an editor's open copy stays current.
 */

/** The request's placement address; a `resultLocation` that is no range is refused in words. */
function addressOf(body: Parameters<typeof placementAddress>[0]): PlacementAddress {
  try {
    return placementAddress(body);
  } catch (error) {
    if (error instanceof ResultLocationError) throw new WorkbookReportRequestError(error.message);
    throw error;
  }
}

type Target = DisconnectReportFromWorkbookInput;

/** The placement a body addresses, or undefined; an address naming no place at all is refused in words. */
export function findPlacement(record: WorkbookReportRecord, body: Target): WorkbookPlacement | undefined {
  if (body.placementId) return record.placements.find((p) => p.id === body.placementId);
  if (!body.externalWorkbookId) throw new WorkbookReportRequestError(PLACEMENT_ADDRESS_WORDS);
  const { sheetName, anchorCell } = addressOf(body);
  if (!sheetName || !anchorCell) throw new WorkbookReportRequestError(PLACEMENT_ADDRESS_WORDS);
  return record.placements.find((p) => p.sheetName === sheetName && p.anchorCell === anchorCell);
}

const describe = (body: Target) => body.placementId ?? body.resultLocation ?? `${body.sheetName ?? '?'}!${body.anchorCell ?? '?'}`;

function placedAt(address: PlacementAddress, resultLocation: string): Pick<WorkbookPlacement, 'sheetName' | 'anchorCell'> {
  if (!address.sheetName || !address.anchorCell) {
    throw new WorkbookReportRequestError(`A placement kept in the workbook needs its sheet and anchor cell: give 'sheetName' and 'anchorCell', or a 'resultLocation' such as Sheet1!B3:D8, not "${resultLocation}"`);
  }
  return { sheetName: address.sheetName, anchorCell: address.anchorCell };
}

const without = <K extends keyof WorkbookPlacement>(placement: WorkbookPlacement, ...keys: K[]) => {
  const copy = { ...placement };
  for (const key of keys) delete copy[key];
  return copy;
};

const withPlacement = (record: WorkbookReportRecord, placement: WorkbookPlacement): WorkbookReportRecord => ({
  ...record,
  placements: record.placements.some((p) => p.id === placement.id)
    ? record.placements.map((p) => (p.id === placement.id ? placement : p))
    : [...record.placements, placement],
});

/**
 * `connect`: the placement by id, else the one at the same sheet and anchor, updated; else a new one. Stamped with
 * the report's current query checksum and what was written, unless `addressOnly` (a correction of where it is).
 * `usedElsewhere`: whether a placement id is taken by another report of the workbook.
 */
export function connectInto(
  record: WorkbookReportRecord, input: ConnectReportToWorkbookInput, checksum: string, stamp: Stamp, usedElsewhere: (id: string) => boolean,
): WorkbookReportRecord {
  if (input.placementId && !WorkbookLocalId.safeParse(input.placementId).success) {
    throw new WorkbookReportRequestError(`'placementId' must be 1–128 letters, digits or ._~-`);
  }
  const byId = input.placementId ? findPlacement(record, input) : undefined;
  if (input.placementId && !byId && usedElsewhere(input.placementId)) {
    throw new WorkbookReportRequestError(`'placementId' ${input.placementId} belongs to another report`);
  }
  const existing = byId ?? findPlacement(record, { ...input, placementId: null });
  const address = addressOf(input);
  const place = placedAt(address, input.resultLocation);
  const endResultCell = input.endResultCell ?? address.endResultCell ?? undefined;
  const written = {
    placed: stamp, queryChecksum: checksum, resultChecksum: recordResultChecksum(input.resultChecksum),
  };
  if (!existing) {
    const id = input.placementId ?? globalThis.crypto.randomUUID();
    return withPlacement(record, { id, resultLocation: input.resultLocation, ...place, ...(endResultCell ? { endResultCell } : {}), ...written });
  }
  const moved = { ...without(existing, 'endResultCell'), resultLocation: input.resultLocation, ...place, ...(endResultCell ? { endResultCell } : {}) };
  if (input.addressOnly) return withPlacement(record, moved);
  // As the platform: a new write of the placement; when it was last refreshed stays as it was.
  const placement: WorkbookPlacement = { ...without(moved, 'resultChecksum'), ...written };
  if (!placement.resultChecksum) delete placement.resultChecksum;
  return withPlacement(record, placement);
}

/**
 * `recordRefresh`: where the placement is now (addressed by id, the body's place is its new place; a new sheet
 * name alone keeps the recorded range on the renamed sheet), what was written (none given: the recorded one
 * stays), the report's current query checksum, and who refreshed it when. No placement matches: not found.
 */
export function refreshIn(record: WorkbookReportRecord, reportId: number, body: RefreshReportInput, checksum: string, stamp: Stamp): WorkbookReportRecord {
  const found = findPlacement(record, body);
  if (!found) throw new WorkbookPlacementNotFoundError(reportId, describe(body));
  const renamed = body.placementId && body.sheetName && !body.resultLocation
    ? sheetAddress(body.sheetName, parseSheetAddress(found.resultLocation).rect)
    : null;
  const location = body.resultLocation ?? renamed ?? found.resultLocation;
  const address = body.placementId
    ? addressOf({ ...body, resultLocation: location })
    : addressOf({ resultLocation: location, sheetName: found.sheetName, anchorCell: found.anchorCell });
  const resultChecksum = body.resultChecksum === undefined ? found.resultChecksum : recordResultChecksum(body.resultChecksum);
  const placement: WorkbookPlacement = {
    ...without(found, 'endResultCell', 'resultChecksum'),
    ...placedAt(address, location),
    resultLocation: location,
    ...(address.endResultCell ? { endResultCell: address.endResultCell } : {}),
    ...(resultChecksum ? { resultChecksum } : {}),
    queryChecksum: checksum,
    refreshed: stamp,
  };
  return withPlacement(record, placement);
}

/** `disconnect`: the placement addressed, removed; one that matches nothing changes nothing (null: nothing to write). */
export function disconnectFrom(record: WorkbookReportRecord, target: Target): WorkbookReportRecord | null {
  const found = findPlacement(record, target);
  return found ? { ...record, placements: record.placements.filter((p) => p !== found) } : null;
}
