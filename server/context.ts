import type { AppConfigResponse, Policy } from '../src/contract';
import type { StateStore } from './store/state-store';
import type { FaultInjector } from './faults';
import type { SemanticModel } from './cube/model';
import type { FailureReporter } from './log';

/** What every route handler shares. */
export interface PlatformContext {
  /** The platform's state: DuckDB's file, or PostgreSQL for a team's server. */
  db: StateStore;
  model: SemanticModel;
  faults: FaultInjector;
  /** Base URL clients reach the platform at, e.g. `http://127.0.0.1:4000`. */
  publicUrl(): string;
  now(): Date;
  /** How long `/v1/load` waits for a query before answering Continue wait. */
  continueWaitMs: number;
  /** Extra time every data API query takes, to model a slow warehouse. */
  queryDelayMs: number;
  maxRowLimit: number;
  /** Tells a failure of the server's own, on its log. */
  reportFailure: FailureReporter;
  /**
   * The user an OAuth access token was issued to, when the authorization server knows the token (and it is
   * neither expired nor revoked); null otherwise. Optional so a context can be made without one (unit tests).
   */
  oauthUserForAccessToken?: (token: string) => Promise<number | null>;
  /** A user's company ID token for a pass-through Cube, renewed when it ends (company sign-in only); throws an HttpError. */
  companyIdToken?: (userId: number) => Promise<string>;
  /** Set on a team server (`npm run server -- --config`): its deployments are the team's own Cubes. */
  team?: TeamContext;
}

export type AppConfigPatch = Partial<AppConfigResponse>;

/** A deployment whose data API is a Cube of the team's own (a team server's configuration file): not the platform's. */
export interface ExternalCube {
  /** The deployment's name, as the configuration gives it. */
  name: string;
  /** The Cube REST API's base, `…/cubejs-api/v1`: where the add-in sends its data requests. */
  apiUrl: string;
  /** The Cube token for a user with this security context, or null where Cube verifies the user's own sign-in token. */
  signToken: ((securityContext: Record<string, unknown>, expiresInSeconds: number) => Promise<string>) | null;
  /** The deployment's CUBEJS_API_SECRET (kept in memory only), to verify tokens signed with it; null with `signToken`. */
  apiSecret: string | null;
  /** Attributes the security context gets from the user's groups (SCIM display name → attributes). */
  groupAttributes: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** What a team server adds to the platform: the team's Cubes, and the rights its configuration gives SCIM groups. */
export interface TeamContext {
  /** By deployment id. */
  cubes: ReadonlyMap<number, ExternalCube>;
  /** The policies the configuration gives a group of this display name (case-insensitive), or undefined. */
  groupPolicies(displayName: string): Policy[] | undefined;
  /** User names (lower case) the configuration makes administrators when they sign in. */
  admins: ReadonlySet<string>;
  /** The agent the configuration sets up: the deployment it answers from, and its view; absent, no agent. */
  agent?: { deploymentId: number; view: string };
}
