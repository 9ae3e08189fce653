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
