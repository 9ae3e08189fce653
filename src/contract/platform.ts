import { z } from 'zod';
import { isoDateTime, page } from './common';

export const Deployment = z.looseObject({ id: z.string(), name: z.string() });
export type Deployment = z.infer<typeof Deployment>;
export const DeploymentPage = page(Deployment);

export const Environment = z.looseObject({
  id: z.string(),
  name: z.string(),
  /** Core data API base without `/v1`; clients append `/v1/load` and `/v1/meta`. */
  apiUrl: z.string(),
});
export type Environment = z.infer<typeof Environment>;
export const EnvironmentPage = page(Environment);

export const DEPLOYMENT_TOKEN_MIN_SECONDS = 60;
export const DEPLOYMENT_TOKEN_MAX_SECONDS = 86400;
export const TokenRequest = z.object({
  expiresIn: z.number().int().min(DEPLOYMENT_TOKEN_MIN_SECONDS).max(DEPLOYMENT_TOKEN_MAX_SECONDS).optional(),
});
export const TokenResponse = z.object({ token: z.string().min(1), expiresAt: isoDateTime });
export type TokenResponse = z.infer<typeof TokenResponse>;

export const LocalizedTitle = z.object({ locale: z.string(), value: z.string() });
export const AppConfig = z.looseObject({
  appTheme: z.looseObject({
    palette: z.record(z.string(), z.string()).nullable().optional(),
    logoUrl: z.string().nullable().optional(),
    /** Deprecated: use palette and logoUrl. */
    light: z.unknown().optional(),
    dark: z.unknown().optional(),
  }).nullable().optional(),
  applyThemeGlobally: z.boolean().optional(),
  creatorMode: z.looseObject({
    showGeneratedSql: z.boolean().optional(),
    showSemanticSql: z.boolean().optional(),
    localizedTitles: z.array(LocalizedTitle).optional(),
  }).nullable().optional(),
  embedding: z.unknown().optional(),
  sheetsUi: z.looseObject({ showAppliedFilters: z.boolean().optional() }).nullable().optional(),
  sheetsAgentChatEnabled: z.boolean().optional(),
  timezoneSettings: z.looseObject({
    defaultTimezone: z.string().nullable().optional(),
  }).nullable().optional(),
});
export type AppConfig = z.infer<typeof AppConfig>;
