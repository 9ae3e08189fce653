import { CubeMeta, type CubeQuery } from '../../src/contract';
import { CubePlainError, QueryError } from '../cube/errors';
import { metaResponse } from '../cube/meta';
import type { SemanticModel } from '../cube/model';
import type { QueryRunner } from '../cube/query-runner';
import { loadResult } from '../cube/result';
import { RefusedQueryError, type AgentSource, type LoadedRows } from './source';

/**
 * The local platform's own engine as the agent's source: the model as `/v1/meta` describes it, and queries run
 * in-process through the same normalize, compile and run path as `/v1/load` (so the agent's figures are the data
 * API's), scoped to the deployment as the data API scopes them. The sample data has no row-level rules: one viewer.
 */
export function localAgentSource(model: SemanticModel, runner: QueryRunner, deploymentId: number, continueWaitMs: number): AgentSource {
  return {
    viewerKey: `deployment:${deploymentId}`,
    meta: async () => CubeMeta.parse(metaResponse(model.cubes)).cubes,
    async load(query: CubeQuery): Promise<LoadedRows> {
      try {
        const compiled = runner.compile(runner.normalize(query));
        let loaded = await runner.load(String(deploymentId), compiled, continueWaitMs);
        while (loaded === null) loaded = await runner.load(String(deploymentId), compiled, continueWaitMs);
        const result = loadResult(compiled, loaded.columns, { queryType: 'regularQuery', lastRefreshTime: loaded.lastRefreshTime });
        return { rows: result.data as Record<string, unknown>[], annotation: result.annotation };
      } catch (error) {
        // What Cube answers as the query's fault (a 400, or a plain error its gateway makes a 500) is the question's.
        if (error instanceof QueryError || error instanceof CubePlainError) throw new RefusedQueryError(error.message);
        throw error;
      }
    },
  };
}
