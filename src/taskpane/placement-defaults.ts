import type { CellOptions } from '../core/cell-options';
import type { WorkspaceOptions } from '../pane/workspace';
import { readNewPlacementSettings, saveNewPlacementSettings, type NewPlacementSettings } from '../core/sheet-settings';
import { cellWordsIn } from './i18n/cell-catalog';

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

/**
 * What the workspace writes cells with: each language's words, and what a new placement starts with (the pane's
 * language, the user's title-lines setting read at each place, so a change in Settings applies at once).
 */
export function cellWorkspaceOptions(language: string, userId: () => number): Pick<WorkspaceOptions, 'words' | 'newPlacement'> {
  return {
    words: cellWordsIn,
    newPlacement: (): CellOptions => ({ language, titleAndSource: loadNewPlacementSettings(userId()).titleAndSource }),
  };
}
