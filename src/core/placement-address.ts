import { cellAddress, parseSheetAddress } from './a1';

/** A placement's place as a request gives it, completed from `resultLocation` where it names the sheet. */
export interface PlacementAddress {
  sheetName: string | null;
  anchorCell: string | null;
  endResultCell: string | null;
}

/** The words for a request that addresses no placement: the same on the platform and in the workbook. */
export const PLACEMENT_ADDRESS_WORDS = `Address a placement by 'placementId', or by 'externalWorkbookId' with 'sheetName' and 'anchorCell' (or 'resultLocation')`;

/** A `resultLocation` that is no range: the caller answers it as its own bad request. */
export class ResultLocationError extends Error {
  constructor(resultLocation: string) {
    super(`'resultLocation' must be a range such as Sheet1!B3:D8, not "${resultLocation}"`);
    this.name = 'ResultLocationError';
  }
}

/** Where a connect, refresh or disconnect request puts a placement (api.yaml's fields, as the platform reads them). */
export function placementAddress(body: { resultLocation?: string | null; sheetName?: string | null; anchorCell?: string | null }): PlacementAddress {
  let parsed: ReturnType<typeof parseSheetAddress> | null = null;
  if (body.resultLocation) {
    try {
      parsed = parseSheetAddress(body.resultLocation);
    } catch {
      throw new ResultLocationError(body.resultLocation);
    }
  }
  return {
    sheetName: body.sheetName ?? parsed?.sheetName ?? null,
    anchorCell: body.anchorCell ?? (parsed ? cellAddress({ row: parsed.rect.top, column: parsed.rect.left }) : null),
    endResultCell: parsed ? cellAddress({ row: parsed.rect.bottom, column: parsed.rect.right }) : null,
  };
}
