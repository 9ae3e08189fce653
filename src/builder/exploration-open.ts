import type { AppConfigResponse, User } from '../contract';
import { parseSheetAddress } from '../core/a1';
import { effectiveSheetSetting } from '../core/sheet-settings';
import type { WorkbookPlacement } from '../placements/workbook-placements';

/**
 * When the builder opens by itself: the user's sheet settings `openExplorationFromSheet` (selecting a cell of
 * a placement opens its report in the builder) and `revealSheetOnOpen` (opening an exploration activates its
 * sheet and selects its cells).
 */
export function explorationPreferences(user: User, appConfig: AppConfigResponse | null): { openFromSheet: boolean; revealOnOpen: boolean } {
  return {
    openFromSheet: effectiveSheetSetting(user, appConfig, 'openExplorationFromSheet'),
    revealOnOpen: effectiveSheetSetting(user, appConfig, 'revealSheetOnOpen'),
  };
}

/**
 * The placement whose cells hold the selected cell (its top-left, for a range), among those the user may open:
 * readable, with an id and cells. `address` is the selection as the workbook reports it (`Sheet1!B3:C4`).
 */
export function placementAtSelection(placements: readonly WorkbookPlacement[], address: string | null): WorkbookPlacement | null {
  if (!address) return null;
  let selected: ReturnType<typeof parseSheetAddress>;
  try {
    selected = parseSheetAddress(address);
  } catch {
    return null;
  }
  const { top, left } = selected.rect;
  const sheetName = selected.sheetName?.toLowerCase();
  if (!sheetName) return null;
  return placements.find((entry) => {
    const at = entry.location;
    if (!at || entry.access !== 'GRANTED' || !entry.report || !entry.placement.id || entry.legacy) return false;
    return at.sheetName.toLowerCase() === sheetName
      && top >= at.rect.top && top <= at.rect.bottom && left >= at.rect.left && left <= at.rect.right;
  }) ?? null;
}
