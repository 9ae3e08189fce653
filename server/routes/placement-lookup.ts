import type { ResultChecksum } from '../../src/contract';
import { PLACEMENT_ADDRESS_WORDS, placementAddress, ResultLocationError, type PlacementAddress } from '../../src/core/placement-address';
import { badRequest } from '../http';
import type { Row } from '../store/database';

/** The request's placement address; a `resultLocation` that is no range is a 400. */
export function addressOf(body: Parameters<typeof placementAddress>[0]): PlacementAddress {
  try {
    return placementAddress(body);
  } catch (error) {
    if (error instanceof ResultLocationError) throw badRequest(error.message);
    throw error;
  }
}

export const checksumText = (checksum: ResultChecksum | null | undefined) => (checksum ? JSON.stringify(checksum) : null);

/** A column's value as recorded: text, or null. */
export const kept = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * The placement a body addresses among the report's `placements`: by `placementId`; or by
 * `externalWorkbookId` with `sheetName` and `anchorCell`, or a `resultLocation` naming both (a placement
 * recorded before ids existed has only that); `sheetId` narrows. Null when nothing matches.
 */
export function findPlacement(
  placements: Row[],
  body: { placementId?: string | null; externalWorkbookId?: string | null; sheetId?: string | null; sheetName?: string | null; anchorCell?: string | null; resultLocation?: string | null },
): Row | null {
  if (body.placementId) return placements.find((row) => row.id === body.placementId) ?? null;
  if (!body.externalWorkbookId) {
    throw badRequest(PLACEMENT_ADDRESS_WORDS);
  }
  const { sheetName, anchorCell } = addressOf(body);
  if (!sheetName || !anchorCell) {
    throw badRequest(PLACEMENT_ADDRESS_WORDS);
  }
  const atAddress = (row: Row) => {
    if (row.workbook_id !== body.externalWorkbookId) return false;
    if (body.sheetId && row.sheet_id !== null && row.sheet_id !== body.sheetId) return false;
    const recorded = row.sheet_name !== null && row.anchor_cell !== null
      ? { sheetName: String(row.sheet_name), anchorCell: String(row.anchor_cell) }
      : addressOf({ resultLocation: String(row.result_location) });
    return recorded.sheetName === sheetName && recorded.anchorCell === anchorCell;
  };
  // The first recorded (the least row key) of those at that address.
  let first: Row | null = null;
  for (const row of placements) if (atAddress(row) && (!first || Number(row.row_key) < Number(first.row_key))) first = row;
  return first;
}
