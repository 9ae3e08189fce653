import { PlatformClient, type PlatformClientOptions } from '../client';
import type { Deployment, User } from '../contract';

/** Where the pane is connected: the Platform API base and the user's access token. */
export interface ConnectionSettings {
  baseUrl: string;
  accessToken: string;
}

export interface Connection {
  settings: ConnectionSettings;
  platform: PlatformClient;
  user: User;
  deployments: Deployment[];
}

/**
 * Checks a base URL and token by asking the platform who the user is and which deployments they see.
 * Any failure is thrown as the client's typed error, for the pane to put into words.
 */
export async function connect(settings: ConnectionSettings, options: Partial<PlatformClientOptions> = {}): Promise<Connection> {
  const platform = new PlatformClient({ ...options, baseUrl: settings.baseUrl, accessToken: () => settings.accessToken });
  const [user, deployments] = await Promise.all([platform.getCurrentUser(), platform.listDeployments()]);
  return { settings, platform, user, deployments };
}

/** The deployment to start with: the user's saved default if it still exists, else the first. */
export function initialDeployment(connection: Pick<Connection, 'user' | 'deployments'>): Deployment | undefined {
  const saved = connection.user.settings.defaultDeploymentId;
  return connection.deployments.find((d) => d.id === saved) ?? connection.deployments[0];
}
