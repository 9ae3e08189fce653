import { readNewPlacementSettings, saveNewPlacementSettings, type NewPlacementSettings } from '../core/new-placement-settings';

/** The user's setting for new placements, from the add-in's own storage (per user and origin, never the workbook). */
export function loadNewPlacementSettings(userId: number): NewPlacementSettings {
  try {
    return readNewPlacementSettings(localStorage, userId);
  } catch {
    // No storage (blocked by the browser): the default, off.
    return { titleAndSource: false };
  }
}

export function storeNewPlacementSettings(userId: number, settings: NewPlacementSettings): void {
  saveNewPlacementSettings(localStorage, userId, settings);
}
