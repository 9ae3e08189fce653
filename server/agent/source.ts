import type { CubeQuery, MetaCube } from '../../src/contract';

/**
 * Where the agent reads a deployment's semantic layer and runs its queries: the local platform's own engine, or a
 * team's Cube over its REST API with the asking user's token. Its answers are `/v1/meta`'s and `/v1/load`'s.
 */
export interface AgentSource {
  /**
   * Whose rights the answers carry: answers under one key see the same members and values, so the agent's catalog
   * (the view's members and the values of its dimensions) is kept per key. Never a secret.
   */
  readonly viewerKey: string;
  /** The cubes and views `/v1/meta` shows this viewer. */
  meta(): Promise<MetaCube[]>;
  /** A query's rows and annotation as `/v1/load` answers them (Continue wait already waited through). */
  load(query: CubeQuery): Promise<LoadedRows>;
}

export interface LoadedRows {
  rows: Record<string, unknown>[];
  annotation: unknown;
}

/** A query the Cube refused as the question's mistake (an unknown member, a bad filter): said in words, not a failure. */
export class RefusedQueryError extends Error {
  override readonly name = 'RefusedQueryError';
}
