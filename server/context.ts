import type { AppConfigResponse } from '../src/contract';
import type { StateStore } from './store/state-store';
import type { FaultInjector } from './faults';
import type { SemanticModel } from './cube/model';

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
  /**
   * The user an OAuth access token was issued to, when the authorization server knows the token (and it is
   * neither expired nor revoked); null otherwise. Optional so a context can be made without one (unit tests).
   */
  oauthUserForAccessToken?: (token: string) => Promise<number | null>;
}

export type AppConfigPatch = Partial<AppConfigResponse>;
