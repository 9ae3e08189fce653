import type { DeploymentTokenSource } from '../../client/token-manager';
import type { AppConfigResponse, Deployment, User, UserSettings, UserSettingsInput } from '../../contract';
import { DEFAULT_SHEETS_UI } from '../../core/new-placement-settings';
import { ObservedConnection } from '../observed-connection';

/**
 * 0: the platform's deployment ids start at 1, so a workbook holding placements of both kinds can route each by its
 * deployment id. It is not kept in the workbook, so it can change without a migration.
 */
export const DEFAULT_CUBE_DEPLOYMENT_ID = 0;

/**
 * No platform, so no admin settings: the contract's required switches off (data download allowed, no agent chat,
 * no global theme), and the sheets' defaults the platform's app config has (`DEFAULT_SHEETS_UI`: the filter line
 * above tables), so a report placed and the Settings shown look the same in either mode.
 */
export const CUBE_API_APP_CONFIG: AppConfigResponse = { applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: false, sheetsUi: DEFAULT_SHEETS_UI };

/**
 * The user a Cube API connection stands for, as the runner and the builder read one: no platform account (id 0),
 * the settings kept for them in the add-in's storage, and every right on the one deployment: whoever has the file may
 * save, rename and delete its reports (the workbook is the only store, as a file's content is its owner's).
 */
export function cubeApiUser(name: string, settings: UserSettings | null = null, deploymentId = DEFAULT_CUBE_DEPLOYMENT_ID): User {
  return {
    id: 0, email: '', username: name, firstName: name, isAdmin: false, notifications: {}, settings,
    userPolicies: [{ resourceType: 'Deployment', actions: ['All'], resources: [String(deploymentId)] }],
  };
}

/** The one deployment of a Cube API connection, as the pane lists deployments: named by the API's host. */
export function cubeApiDeployment(apiUrl: string, deploymentId = DEFAULT_CUBE_DEPLOYMENT_ID): Deployment {
  return { id: deploymentId, name: new URL(apiUrl).host, deploymentUrl: apiUrl, creationStep: null };
}

/**
 * Who a Cube token stands for, in words for source lines ("refreshed by"): the token's own name, e-mail or subject
 * claims (Cube's security context is the company's to shape), else the deployment's host.
 */
export function cubeUserName(claims: Record<string, unknown>, apiUrl: string): string {
  for (const key of ['name', 'preferred_username', 'email', 'sub', 'user', 'username']) {
    const value = claims[key];
    if (typeof value === 'string' && value.trim()) return value.trim().slice(0, 200);
  }
  return new URL(apiUrl).host;
}

/** A settings change merged as the platform merges one: field by field, `sheets` too, explicit `null` clears. */
export function mergeUserSettings(settings: UserSettings | null, patch: UserSettingsInput): UserSettings {
  const { sheets, ...rest } = patch;
  const merged = { ...(settings ?? {}), ...rest } as UserSettings;
  if (sheets !== undefined) merged.sheets = sheets === null ? null : { ...(settings?.sheets ?? {}), ...sheets };
  return merged;
}

export interface CubeApiConnectionState {
  /** The API base without `/v1`. */
  readonly apiUrl: string;
  readonly tokens: DeploymentTokenSource;
  readonly user: User;
  readonly deployments: Deployment[];
  readonly appConfig: AppConfigResponse;
}

export interface CubeApiConnectionDeps {
  /** Keeps the user's own settings (auto-run, suppressed duplicates…) in the add-in's storage: there is no platform. */
  saveUserSettings(settings: UserSettings): void;
}

/**
 * A pane connected straight to a Cube REST API: the one deployment, the user the token stands for, no admin settings.
 * It reads as the platform's `Connection` does to the views and the builder (`state`, `subscribe`, `updateSettings`),
 * but a settings change is kept in the add-in's own storage, never sent anywhere.
 */
export class CubeApiConnection extends ObservedConnection<CubeApiConnectionState> {
  readonly kind = 'cube-api' as const;

  constructor(
    connection: { apiUrl: string; tokens: DeploymentTokenSource; userName: string; settings: UserSettings | null },
    private readonly deps: CubeApiConnectionDeps,
  ) {
    super({
      apiUrl: connection.apiUrl,
      tokens: connection.tokens,
      user: cubeApiUser(connection.userName, connection.settings),
      deployments: [cubeApiDeployment(connection.apiUrl)],
      appConfig: CUBE_API_APP_CONFIG,
    });
  }

  get apiUrl(): string {
    return this.state.apiUrl;
  }

  get tokens(): DeploymentTokenSource {
    return this.state.tokens;
  }

  // Async as the platform's is, so the builder and Settings treat both alike.
  async updateSettings(patch: UserSettingsInput): Promise<User> {
    const settings = mergeUserSettings(this.user.settings ?? null, patch);
    this.deps.saveUserSettings(settings);
    const user = { ...this.user, settings };
    this.replace({ ...this.state, user });
    return user;
  }
}
