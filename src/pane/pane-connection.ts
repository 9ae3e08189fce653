import type { AppConfigResponse, Deployment, User, UserSettingsInput } from '../contract';
import type { Connection, SettingsConnection } from '../session/connection';
import type { CubeApiConnection } from '../session/cube-api/cube-api-connection';

/**
 * What the pane is connected to: the managed platform (signed in), a Cube REST API straight (its reports and
 * placements kept in the workbook), or both at once (issue 26, "Both kinds in one workbook"). The views and the
 * builder read it as one connection: the deployments of both (the Cube API's one goes by an id no platform
 * deployment has), and, with the platform there, its user (with the Cube API's rights on its deployment added) and
 * admin settings for every placement.
 */
export interface PaneConnection extends SettingsConnection {
  readonly platform: Connection | null;
  readonly cube: CubeApiConnection | null;
  /** A snapshot that changes whenever either connection's state does (for `useSyncExternalStore`). */
  readonly state: object;
  subscribe(listener: () => void): () => void;
}

/** The pane's connection over one or both; at least one must be given. */
export function paneConnection(platform: Connection | null, cube: CubeApiConnection | null): PaneConnection {
  const primary = platform ?? cube;
  if (!primary) throw new Error('A pane connection needs the platform or a Cube API.');
  let snapshot: { platform: object | null; cube: object | null } = { platform: platform?.state ?? null, cube: cube?.state ?? null };
  // Both: the platform user, with the Cube API user's rights on its one deployment (whoever has the file may save
  // reports into it), made anew only when either user changes.
  let combined: { platform: User; cube: User; user: User } | null = null;
  const bothUser = (p: User, c: User): User => {
    if (combined?.platform !== p || combined.cube !== c) {
      combined = { platform: p, cube: c, user: { ...p, userPolicies: [...(p.userPolicies ?? []), ...(c.userPolicies ?? [])] } };
    }
    return combined.user;
  };
  return {
    platform,
    cube,
    get state() {
      const now = { platform: platform?.state ?? null, cube: cube?.state ?? null };
      if (now.platform !== snapshot.platform || now.cube !== snapshot.cube) snapshot = now;
      return snapshot;
    },
    get user(): User {
      return platform && cube ? bothUser(platform.user, cube.user) : primary.user;
    },
    get appConfig(): AppConfigResponse {
      return primary.appConfig;
    },
    get deployments(): Deployment[] {
      return platform && cube ? [...platform.deployments, ...cube.deployments] : primary.deployments;
    },
    updateSettings: (patch: UserSettingsInput, signal?: AbortSignal) => (platform ? platform.updateSettings(patch, signal) : cube!.updateSettings(patch)),
    subscribe(listener) {
      const stops = [platform?.subscribe(listener), cube?.subscribe(listener)];
      return () => stops.forEach((stop) => stop?.());
    },
  };
}

/**
 * Whom the add-in's per-user records (allowances, formulas' last values) belong to: the platform's user where there
 * is one, else the Cube API's, who has no platform account: the API they use and the name their token gives.
 */
export function connectionUser(connection: PaneConnection): string {
  if (connection.platform) return `platform:${connection.platform.user.id}:${connection.platform.user.email}`;
  return `cube:${connection.cube?.apiUrl ?? ''}:${connection.user.username}`;
}
