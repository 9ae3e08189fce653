import type { User } from '../../src/contract';
import { sheetSettingPatch, sheetSettingViews } from '../../src/placement/sheet-settings';

const user = (sheets: User['settings']['sheets']): User => ({
  id: 'u', username: 'a', email: null, firstName: null, lastName: null, settings: { sheets }, userPolicies: [],
});

describe('sheet settings', () => {
  it('shows the admin default where a setting is inherited and the user value where set', () => {
    const views = sheetSettingViews(user({ suppressDuplicateValues: true }), { sheetsUi: { showAppliedFilters: true } });
    expect(views.find((v) => v.key === 'showAppliedFilters')).toEqual({ key: 'showAppliedFilters', own: null, inherited: true, effective: true });
    expect(views.find((v) => v.key === 'suppressDuplicateValues')).toEqual({ key: 'suppressDuplicateValues', own: true, inherited: false, effective: true });
    expect(views.map((v) => v.key)).toEqual(['autoRunQueryOnChange', 'openExplorationFromSheet', 'revealSheetOnOpen', 'showAppliedFilters', 'suppressDuplicateValues']);
    const overridden = sheetSettingViews(user({ showAppliedFilters: false }), { sheetsUi: { showAppliedFilters: true } });
    expect(overridden.find((v) => v.key === 'showAppliedFilters')!.effective).toBe(false);
  });

  it('patches one field, with null going back to the default', () => {
    expect(sheetSettingPatch('revealSheetOnOpen', true)).toEqual({ sheets: { revealSheetOnOpen: true } });
    expect(sheetSettingPatch('revealSheetOnOpen', null)).toEqual({ sheets: { revealSheetOnOpen: null } });
  });
});
