import { z } from 'zod';

export const SheetsSettings = z.object({
  autoRunQueryOnChange: z.boolean().nullable().optional(),
  openExplorationFromSheet: z.boolean().nullable().optional(),
  revealSheetOnOpen: z.boolean().nullable().optional(),
  showAppliedFilters: z.boolean().nullable().optional(),
  suppressDuplicateValues: z.boolean().nullable().optional(),
});
export type SheetsSettings = z.infer<typeof SheetsSettings>;
export const SHEETS_SETTING_KEYS = [
  'autoRunQueryOnChange', 'openExplorationFromSheet', 'revealSheetOnOpen', 'showAppliedFilters', 'suppressDuplicateValues',
] as const satisfies readonly (keyof SheetsSettings)[];

export const UserSettings = z.looseObject({
  locale: z.string().nullable().optional(),
  theme: z.string().nullable().optional(),
  defaultDeploymentId: z.string().nullable().optional(),
  sheets: SheetsSettings.nullable().optional(),
});
export type UserSettings = z.infer<typeof UserSettings>;

/**
 * Body of `PATCH /users/me/settings`: a partial merge. Omitted fields stay, `sheets` merges field by field,
 * explicit `null` clears. `lastSeenChangelogId` is deprecated: accepted and ignored.
 */
export const UserSettingsPatch = z.object({
  locale: z.string().nullable().optional(),
  theme: z.string().nullable().optional(),
  defaultDeploymentId: z.string().nullable().optional(),
  sheets: SheetsSettings.nullable().optional(),
  lastSeenChangelogId: z.unknown().optional(),
});
export type UserSettingsPatch = z.infer<typeof UserSettingsPatch>;

export const PolicyAction = z.string();
export const PolicyGrant = z.looseObject({
  action: PolicyAction,
  /** Where the grant comes from: `direct`, `organization` or `group`. */
  source: z.string().optional(),
});
export type PolicyGrant = z.infer<typeof PolicyGrant>;

export const User = z.looseObject({
  id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  settings: UserSettings,
  userPolicies: z.array(PolicyGrant),
});
export type User = z.infer<typeof User>;
