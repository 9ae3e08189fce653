import type { CubeLoadResult, CubeMeta, CubeQuery } from '../contract';

/**
 * The data source port: a deployment's semantic layer, as Cube's REST API serves it (`/v1/load`, `/v1/meta`,
 * `/v1/sql`). Its adapter (`src/platform/deployment-data.ts`) opens each deployment's Core data API with the
 * platform's tokens; the client re-sends a query while Cube answers `Continue wait`, so `load` resolves with the
 * result or fails. Paging through large results is the use cases' (`placements/fetch-result.ts`).
 */

export interface LoadProgress {
  /** How long the query has been waited for, in ms. */
  waitedMs: number;
  /** Cube's `Continue wait` answers so far. */
  attempts: number;
}

export interface LoadOptions {
  signal?: AbortSignal;
  onProgress?: (progress: LoadProgress) => void;
}

/** What the use cases ask of a deployment's data API; stand-ins that serve only results leave out `meta` and `sql`. */
export interface DataClient {
  load(query: CubeQuery, options?: LoadOptions): Promise<CubeLoadResult>;
  meta?(signal?: AbortSignal): Promise<CubeMeta>;
  sql?(query: CubeQuery, signal?: AbortSignal): Promise<{ text: string; params: unknown[] }>;
}

export interface DataSource {
  /** The deployment's data client; a failure to open it is not kept, so the next call tries again. */
  forDeployment(deploymentId: number, signal?: AbortSignal): Promise<DataClient>;
}
