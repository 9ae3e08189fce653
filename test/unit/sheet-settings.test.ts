import type { AppConfigResponse, SheetsSettings, User } from '../../src/contract';
import { sheetSettingPatch, sheetSettingViews } from '../../src/core/sheet-settings';

const user = (sheets: SheetsSettings): User => ({
  id: 7, username: 'a@example.com', email: 'a@example.com', isAdmin: false, notifications: {}, settings: { sheets }, userPolicies: [],
});
const appConfig = (showAppliedFilters: boolean | null): AppConfigResponse => ({
  applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: false, sheetsUi: { showAppliedFilters },
});

describe('sheet settings', () => {
  it('shows the admin default where a setting is inherited and the user value where set', () => {
    const views = sheetSettingViews(user({ suppressDuplicateValues: true }), appConfig(true));
    expect(views.find((v) => v.key === 'showAppliedFilters')).toEqual({ key: 'showAppliedFilters', own: null, inherited: true, effective: true });
    expect(views.find((v) => v.key === 'suppressDuplicateValues')).toEqual({ key: 'suppressDuplicateValues', own: true, inherited: false, effective: true });
    expect(views.map((v) => v.key)).toEqual(['autoRunQueryOnChange', 'openExplorationFromSheet', 'revealSheetOnOpen', 'showAppliedFilters', 'suppressDuplicateValues']);
    const overridden = sheetSettingViews(user({ showAppliedFilters: false }), appConfig(true));
    expect(overridden.find((v) => v.key === 'showAppliedFilters')!.effective).toBe(false);
  });

  it('inherits off where neither the user, the admin nor the app config says anything', () => {
    const bare: User = { ...user({}), settings: null };
    expect(sheetSettingViews(bare, appConfig(null)).every((v) => v.own === null && !v.inherited && !v.effective)).toBe(true);
    expect(sheetSettingViews(bare, null).find((v) => v.key === 'showAppliedFilters')!.effective).toBe(false);
  });

  it('patches one field, with null going back to the default', () => {
    expect(sheetSettingPatch('revealSheetOnOpen', true)).toEqual({ sheets: { revealSheetOnOpen: true } });
    expect(sheetSettingPatch('revealSheetOnOpen', null)).toEqual({ sheets: { revealSheetOnOpen: null } });
  });
});
