import { SHEETS_SETTING_KEYS, type AppConfigResponse, type SheetsSettings, type User, type UserSettingsInput } from '../contract';

export type SheetSettingKey = (typeof SHEETS_SETTING_KEYS)[number];

/** A setting as the user sees it: their own value, or inherited from the default. */
export interface SheetSettingView {
  key: SheetSettingKey;
  /** The user's own value, or `null` when inherited. */
  own: boolean | null;
  /** What applies when inherited: the admin's app-config value where there is one, else off. */
  inherited: boolean;
  effective: boolean;
}

/** The admin's default for a sheet setting (only applied filters has one in the app config). */
function adminDefault(key: SheetSettingKey, appConfig: AppConfigResponse | null): boolean {
  if (key === 'showAppliedFilters') return appConfig?.sheetsUi?.showAppliedFilters ?? false;
  return false;
}

export function sheetSettingViews(user: User, appConfig: AppConfigResponse | null): SheetSettingView[] {
  const sheets: SheetsSettings = user.settings?.sheets ?? {};
  return SHEETS_SETTING_KEYS.map((key) => {
    const own = sheets[key] ?? null;
    const inherited = adminDefault(key, appConfig);
    return { key, own, inherited, effective: own ?? inherited };
  });
}

/** Whether a sheet setting is on for the user now (their own value, else the default). */
export function effectiveSheetSetting(user: User, appConfig: AppConfigResponse | null, key: SheetSettingKey): boolean {
  return user.settings?.sheets?.[key] ?? adminDefault(key, appConfig);
}

/** The merge patch that sets one sheet setting: a value, or `null` to go back to the default. */
export function sheetSettingPatch(key: SheetSettingKey, value: boolean | null): UserSettingsInput {
  return { sheets: { [key]: value } };
}

/**
 * The user's choice for new placements that the platform's sheet settings have no field for: a title line and a
 * source line above the result (core/source-line.ts). Off by default, so a placement still starts at the selected
 * cell. Kept in the add-in's own storage, per user (never in the workbook, whose placements keep their own choice).
 */
export interface NewPlacementSettings {
  titleAndSource: boolean;
}

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
