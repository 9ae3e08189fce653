import { PlatformClient, type PlatformClientOptions } from '../client';
import type { AppConfigResponse, Deployment, User, UserSettingsInput } from '../contract';
import { ObservedConnection } from './observed-connection';

/**
 * Where the pane is connected and with what, as kept in the add-in's own storage (never the workbook).
 * Signed in with an account (OAuth 2.0): the pane renews the access token with the refresh token and
 * revokes both at sign-out.
 */
export interface OAuthConnectionSettings {
  kind: 'oauth';
  /** The Platform API base, also the authorization server's issuer. */
  baseUrl: string;
  accessToken: string;
  /** Null when the platform issued none: the user signs in again once the access token expires. */
  refreshToken: string | null;
  /** When the access token expires, in ms since the epoch; null when the platform did not say. */
  expiresAt: number | null;
  /** Names this sign-in across renewals, so panes of the add-in share renewed tokens only of the same one. */
  signInId: string;
}

/** A pasted API key (the real API takes one as the Bearer token): managed on the platform, nothing to renew. */
export interface ApiKeyConnectionSettings {
  kind: 'api-key';
  baseUrl: string;
  accessToken: string;
}

export type ConnectionSettings = OAuthConnectionSettings | ApiKeyConnectionSettings;

/** Where a connection's Bearer token comes from (the pane's `TokenSession`). */
export interface Credentials {
  /** The current settings; replaced (never edited) as tokens are renewed or the user signs in again. */
  readonly settings: ConnectionSettings;
  /** The token to send now, renewed first when it is about to expire. */
  accessToken(): Promise<string>;
}

/** One signed-in state: who, with what, and the admin's choices. Replaced whole when it changes, never edited. */
export interface ConnectionState {
  /** Asked for the token on every request, so every client sees a renewed one. */
  readonly credentials: Credentials;
  readonly platform: PlatformClient;
  readonly user: User;
  readonly deployments: Deployment[];
  /** The admin's choices: theme, applied-filter default, localized titles, time zone. */
  readonly appConfig: AppConfigResponse;
}

/**
 * The signed-in connection. Its state is read at each use, so a changed setting applies at once to whatever reads
 * it (the report runner, the builder); a settings change (`updateSettings`) saves it on the platform and replaces
 * the state with the user the platform answered. Views follow it with `subscribe` and `state`.
 */
export class Connection extends ObservedConnection<ConnectionState> implements ConnectionState {
  readonly kind = 'platform' as const;

  get credentials(): Credentials {
    return this.state.credentials;
  }

  get platform(): PlatformClient {
    return this.state.platform;
  }

  /** Saves a change of the user's settings on the platform; the state then holds the user it answered. */
  async updateSettings(patch: UserSettingsInput, signal?: AbortSignal): Promise<User> {
    const user = await this.state.platform.updateSettings(patch, signal);
    this.replace({ ...this.state, user });
    return user;
  }
}

/**
 * What the use cases need of a connection, the platform's or a Cube API's: read at each use, so a changed setting or
 * a new sign-in applies at once.
 */
export type WorkspaceConnection = Pick<ConnectionState, 'user' | 'deployments' | 'appConfig'>;

/** A platform connection, whose Platform API keeps the reports and placements. */
export type PlatformWorkspaceConnection = WorkspaceConnection & Pick<ConnectionState, 'platform'>;

/** What the builder needs besides: to save the user's own settings (auto-run, suppressed duplicates). */
export type SettingsConnection = WorkspaceConnection & Pick<Connection, 'updateSettings'>;

/**
 * Checks the credentials by asking the platform who the user is and which deployments they see.
 * Any failure is thrown as the client's typed error, for the pane to put into words.
 */
export async function connect(credentials: Credentials, options: Partial<PlatformClientOptions> = {}): Promise<Connection> {
  const platform = new PlatformClient({ ...options, baseUrl: credentials.settings.baseUrl, accessToken: () => credentials.accessToken() });
  const [user, deployments, appConfig] = await Promise.all([platform.getCurrentUser(), platform.listDeployments(), platform.getAppConfig()]);
  return new Connection({ credentials, platform, user, deployments, appConfig });
}

/** Who a token belongs to: the one request needed to check a token given after signing in again. */
export function tokenUser(settings: ConnectionSettings, options: Partial<PlatformClientOptions> = {}): Promise<User> {
  return new PlatformClient({ ...options, baseUrl: settings.baseUrl, accessToken: () => settings.accessToken }).getCurrentUser();
}

/** The deployment to start with: the user's saved default if it still exists, else the first. */
export function initialDeployment(connection: Pick<ConnectionState, 'user' | 'deployments'>): Deployment | undefined {
  const saved = connection.user.settings?.defaultDeploymentId;
  return connection.deployments.find((d) => d.id === saved) ?? connection.deployments[0];
}
