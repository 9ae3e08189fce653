import { z } from 'zod';
import { DateOrDateTime, InputId, IntegerId, nullish, openEnum } from './common';

/** api.yaml `SheetsUserSettingsInput`: the five sheet settings, each own or (null/absent) inherited. */
export const SheetsSettings = z.looseObject({
  autoRunQueryOnChange: nullish(z.boolean()),
  openExplorationFromSheet: nullish(z.boolean()),
  revealSheetOnOpen: nullish(z.boolean()),
  showAppliedFilters: nullish(z.boolean()),
  suppressDuplicateValues: nullish(z.boolean()),
});
export type SheetsSettings = z.infer<typeof SheetsSettings>;
export const SHEETS_SETTING_KEYS = [
  'autoRunQueryOnChange', 'openExplorationFromSheet', 'revealSheetOnOpen', 'showAppliedFilters', 'suppressDuplicateValues',
] as const satisfies readonly (keyof SheetsSettings)[];

/** api.yaml `UserSettingsInput` as the `User.settings` it is read back in. */
export const UserSettings = z.looseObject({
  alternatingRowColors: nullish(z.boolean()),
  defaultDeploymentId: nullish(z.number().int()),
  lastSeenChangelogId: nullish(z.number().int()),
  locale: nullish(z.string()),
  sheets: nullish(SheetsSettings),
  theme: nullish(z.string()),
  timezone: nullish(z.string()),
});
export type UserSettings = z.infer<typeof UserSettings>;

/**
 * Body of `PATCH /users/me/settings` (api.yaml `UserSettingsInput`): a partial merge. Omitted fields stay,
 * `sheets` merges field by field, explicit `null` clears. `lastSeenChangelogId` is deprecated: accepted, ignored.
 */
export const UserSettingsInput = z.object({
  alternatingRowColors: z.boolean().nullish(),
  defaultDeploymentId: InputId.nullish(),
  lastSeenChangelogId: z.number().int().nullish(),
  locale: z.string().nullish(),
  sheets: z.object({
    autoRunQueryOnChange: z.boolean().nullish(),
    openExplorationFromSheet: z.boolean().nullish(),
    revealSheetOnOpen: z.boolean().nullish(),
    showAppliedFilters: z.boolean().nullish(),
    suppressDuplicateValues: z.boolean().nullish(),
  }).nullish(),
  theme: z.string().nullish(),
  timezone: z.string().nullish(),
});
export type UserSettingsInput = z.infer<typeof UserSettingsInput>;

export const POLICY_RESOURCE_TYPES = [
  'Global', 'Deployment', 'Report', 'ReportFolder', 'Agent', 'AgentSpace', 'Workbook', 'Dashboard', 'Folder', 'ChatThread',
] as const;

/** api.yaml `Policy`: actions granted on resources of one type (an unknown action or type is kept or nulled, never fatal). */
export const Policy = z.looseObject({
  resourceType: openEnum(POLICY_RESOURCE_TYPES, null),
  actions: z.array(z.string()),
  resources: z.array(z.string()),
});
export type Policy = z.infer<typeof Policy>;

/** api.yaml `User` (there is no `lastName`). `userPolicies` is filled only by `GET /users/me`. */
export const User = z.looseObject({
  id: IntegerId,
  email: z.string(),
  username: z.string(),
  isAdmin: z.boolean(),
  notifications: z.looseObject({}),
  activeRoleId: nullish(z.number().int()),
  aliases: nullish(z.array(z.unknown())),
  createdAt: nullish(DateOrDateTime),
  defaultRoles: nullish(z.array(z.string())),
  externalId: nullish(z.string()),
  firstName: nullish(z.string()),
  gitUser: nullish(z.string()),
  impersonation: nullish(z.unknown()),
  isDeactivated: nullish(z.boolean()),
  lastLogin: nullish(DateOrDateTime),
  picture: nullish(z.string()),
  samlId: nullish(z.string()),
  settings: nullish(UserSettings),
  title: nullish(z.string()),
  tosAccepted: nullish(z.unknown()),
  updatedAt: nullish(DateOrDateTime),
  userPolicies: nullish(z.array(Policy)),
});
export type User = z.infer<typeof User>;
