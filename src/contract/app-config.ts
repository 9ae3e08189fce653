import { z } from 'zod';
import { nullish, openEnum } from './common';

/** api.yaml `AppThemePaletteSeed`: a colour, or a hue and saturation. */
export const PaletteSeed = z.looseObject({
  color: nullish(z.string()),
  hue: nullish(z.number()),
  saturation: nullish(z.number()),
});
export type PaletteSeed = z.infer<typeof PaletteSeed>;

/** api.yaml `AppThemePalette`. */
export const AppThemePalette = z.looseObject({
  accent: nullish(PaletteSeed),
  base: nullish(PaletteSeed),
  contrastLevel: nullish(z.number()),
  pastel: nullish(z.boolean()),
  surfaceMode: nullish(openEnum(['neutral', 'tinted'], null)),
  themes: nullish(z.looseObject({
    code: nullish(z.looseObject({ saturation: nullish(z.number()) })),
    danger: nullish(PaletteSeed),
    note: nullish(PaletteSeed),
    success: nullish(PaletteSeed),
    warning: nullish(PaletteSeed),
  })),
});
export type AppThemePalette = z.infer<typeof AppThemePalette>;

/** api.yaml `AppThemeScheme` (deprecated `light`/`dark`). */
export const AppThemeScheme = z.looseObject({
  accentColor: z.string(),
  backgroundColor: z.string(),
  foregroundColor: z.string(),
  contrast: z.number(),
  logoUrl: z.string(),
});

/** api.yaml `AppTheme`: `palette` and `logoUrl` are the current model; deprecated `light`/`dark` not demanded. */
export const AppTheme = z.looseObject({
  palette: AppThemePalette,
  logoUrl: z.string(),
  light: AppThemeScheme.optional(),
  dark: AppThemeScheme.optional(),
  typography: nullish(z.unknown()),
});
export type AppTheme = z.infer<typeof AppTheme>;

/** api.yaml `LocalizedValue`. */
export const LocalizedValue = z.looseObject({ locale: z.string().max(35), value: z.string().max(1000) });

/** api.yaml `CreatorMode`. */
export const CreatorMode = z.looseObject({
  localizedTitles: nullish(z.array(LocalizedValue)),
  showGeneratedSql: nullish(z.boolean()),
  showSemanticSql: nullish(z.boolean()),
  showWorkspaceTitle: nullish(z.boolean()),
  workspaceTitle: nullish(z.string()),
});

/** api.yaml `TimezoneSettings` (there is no `defaultTimezone`). */
export const TimezoneSettings = z.looseObject({
  enabled: nullish(z.boolean()),
  timezone: nullish(z.string()),
  allowUserOverride: nullish(z.boolean()),
});
export type TimezoneSettings = z.infer<typeof TimezoneSettings>;

/** api.yaml `SheetsUiSettings`. */
export const SheetsUiSettings = z.looseObject({ showAppliedFilters: nullish(z.boolean()) });

/** api.yaml `EmbedSettings`. */
export const EmbedSettings = z.looseObject({
  allowAi: nullish(z.boolean()),
  enableDashboardComments: nullish(z.boolean()),
  locale: nullish(z.string()),
  showAiWidgets: nullish(z.boolean()),
  showDashboardChat: nullish(z.boolean()),
  showWorkbookChat: nullish(z.boolean()),
  timezone: nullish(z.string()),
});

/**
 * api.yaml `AppConfigResponse`, with the later changelog fields (`dashboardAppsEnabled`, `restrictDataDownload`
 * v0.12.0, `aiPaywalled` v0.15.0).
 */
export const AppConfigResponse = z.looseObject({
  applyThemeGlobally: z.boolean(),
  restrictDataDownload: z.boolean(),
  sheetsAgentChatEnabled: z.boolean(),
  appTheme: nullish(AppTheme),
  creatorMode: nullish(CreatorMode),
  embedding: nullish(EmbedSettings),
  sheetsUi: nullish(SheetsUiSettings),
  timezoneSettings: nullish(TimezoneSettings),
  dashboardAppsEnabled: nullish(z.boolean()),
  aiPaywalled: nullish(z.boolean()),
});
export type AppConfigResponse = z.infer<typeof AppConfigResponse>;

/**
 * The body of the local platform's `PUT /api/v1/app-config`, which the real API does not have (its admin sets the
 * config in the console): any of `AppConfigResponse`'s top-level fields, each replacing the stored one whole. An
 * unknown field (a misspelt `sheetsAgentChatEnabled`, say) is refused rather than stored unread.
 */
export const AppConfigUpdateInput = z.strictObject(AppConfigResponse.shape).partial()
  .refine((fields) => Object.keys(fields).length > 0, { message: 'name at least one app config field to change' });
export type AppConfigUpdateInput = z.infer<typeof AppConfigUpdateInput>;
