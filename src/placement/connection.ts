import { PlatformClient, type PlatformClientOptions } from '../client';
import type { AppConfig, Deployment, User } from '../contract';

/**
 * Where the pane is connected: the Platform API base and the user's access token, from the sign-in page
 * (`session`, revoked on sign-out) or pasted by the user (`api-token`, managed on the platform).
 */
export interface ConnectionSettings {
  baseUrl: string;
  accessToken: string;
  kind?: 'session' | 'api-token';
}

export interface Connection {
  /** The current token: replaced in place when the user signs in again, so every client sees the new one. */
  settings: ConnectionSettings;
  platform: PlatformClient;
  user: User;
  deployments: Deployment[];
  /** The admin's choices: theme, applied-filter default, localized titles, time zone. */
  appConfig: AppConfig;
}

/**
 * Checks a base URL and token by asking the platform who the user is and which deployments they see.
 * Any failure is thrown as the client's typed error, for the pane to put into words.
 */
export async function connect(settings: ConnectionSettings, options: Partial<PlatformClientOptions> = {}): Promise<Connection> {
  const current = { ...settings };
  const platform = new PlatformClient({ ...options, baseUrl: settings.baseUrl, accessToken: () => current.accessToken });
  const [user, deployments, appConfig] = await Promise.all([platform.getCurrentUser(), platform.listDeployments(), platform.getAppConfig()]);
  return { settings: current, platform, user, deployments, appConfig };
}

/** Who a token belongs to: the one request needed to check a token given after signing in again. */
export function tokenUser(settings: ConnectionSettings, options: Partial<PlatformClientOptions> = {}): Promise<User> {
  return new PlatformClient({ ...options, baseUrl: settings.baseUrl, accessToken: () => settings.accessToken }).getCurrentUser();
}

/** The deployment to start with: the user's saved default if it still exists, else the first. */
export function initialDeployment(connection: Pick<Connection, 'user' | 'deployments'>): Deployment | undefined {
  const saved = connection.user.settings.defaultDeploymentId;
  return connection.deployments.find((d) => d.id === saved) ?? connection.deployments[0];
}
