/**
 * The user's choice for new placements that the platform's sheet settings have no field for: a title line and a
 * source line above the result (core/source-line.ts). Off by default, so a placement still starts at the selected
 * cell. Kept in the add-in's own storage, per user (never in the workbook, whose placements keep their own choice).
 */
export interface NewPlacementSettings {
  titleAndSource: boolean;
}

/**
 * What a placement's cells show where no admin's app config says (a Cube API alone has no platform to ask): the line
 * naming the report's filters above each placed table, as the platform's app config has it by default
 * (`sheetsUi.showAppliedFilters`), so a report placed in either mode looks the same. The user's own sheet setting
 * still wins over it (placements/report-run.ts `layoutPreferences`).
 */
export const DEFAULT_SHEETS_UI: { showAppliedFilters: boolean } = { showAppliedFilters: true };

/** The add-in's own storage (the browser's `localStorage` in the pane; a map in tests). */
export interface OwnStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const newPlacementKey = (userId: number) => `report-sync.new-placements.${userId}`;

export function readNewPlacementSettings(storage: OwnStorage, userId: number): NewPlacementSettings {
  try {
    const saved = JSON.parse(storage.getItem(newPlacementKey(userId)) ?? 'null') as Partial<NewPlacementSettings> | null;
    return { titleAndSource: saved?.titleAndSource === true };
  } catch {
    // Unreadable storage is the same as none: the default.
    return { titleAndSource: false };
  }
}

export function saveNewPlacementSettings(storage: OwnStorage, userId: number, settings: NewPlacementSettings): void {
  storage.setItem(newPlacementKey(userId), JSON.stringify({ titleAndSource: settings.titleAndSource }));
}
