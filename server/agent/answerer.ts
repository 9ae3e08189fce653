import type { CubeQuery } from '../../src/contract';
import { CubePlainError, QueryError } from '../cube/errors';
import type { SemanticModel } from '../cube/model';
import type { QueryRunner } from '../cube/query-runner';
import { loadResult } from '../cube/result';
import { answerSentence, failedSentence, unmappedSentence } from './answer';
import { loadCatalog } from './catalog';
import type { PreparedAnswer, ToolOutcome } from './turn';
import { understand, type AgentCatalog, type QueryUnderstanding } from './understanding';

/** At most this many rows go into a tool call's result; `rowCount` tells how many the query answered. */
export const MAX_TOOL_ROWS = 50;
export const QUERY_TOOL = 'cube_query';

type Row = Record<string, unknown>;

/**
 * The local agent's answering: a question is understood against the view's catalog, its query runs in-process
 * through the same normalize, compile and run path as `/v1/load` (so its figures are the data API's), and the
 * rows are put into words. The deployment's id scopes the run as the data API scopes it.
 */
export class Answerer {
  private catalog?: Promise<AgentCatalog>;

  constructor(
    private readonly model: SemanticModel,
    private readonly runner: QueryRunner,
    private readonly viewName: string,
    private readonly continueWaitMs: number,
  ) {}

  async prepare(question: string, deploymentId: number): Promise<PreparedAnswer> {
    const catalog = await this.catalogFor(deploymentId);
    const understood = understand(question, catalog);
    if (understood.kind === 'unmapped') return { kind: 'answer', answer: unmappedSentence(understood.reason, understood.suggestions, catalog.measures) };
    return {
      kind: 'tool', tool: QUERY_TOOL, input: JSON.stringify(understood.query), preamble: `Let me look up ${understood.heading}.`,
      run: () => this.runTool(understood, deploymentId),
    };
  }

  private async runTool(understood: QueryUnderstanding, deploymentId: number): Promise<ToolOutcome> {
    try {
      const { rows, annotation } = await this.load(understood.query, deploymentId);
      return {
        result: JSON.stringify({ rowCount: rows.length, data: rows.slice(0, MAX_TOOL_ROWS), annotation }),
        answer: answerSentence(understood, rows),
      };
    } catch (error) {
      // A query Cube refuses is the question's problem, said in words; anything else is the platform's failure.
      if (!(error instanceof QueryError || error instanceof CubePlainError)) throw error;
      return { result: JSON.stringify({ error: error.message }), error: `The query failed: ${error.message}`, answer: failedSentence(understood, error.message) };
    }
  }

  /** The query's rows and annotation, as `/v1/load` answers them; waits through Continue wait as a client would. */
  private async load(query: CubeQuery, deploymentId: number): Promise<{ rows: Row[]; annotation: unknown }> {
    const compiled = this.runner.compile(this.runner.normalize(query));
    let loaded = await this.runner.load(String(deploymentId), compiled, this.continueWaitMs);
    while (loaded === null) loaded = await this.runner.load(String(deploymentId), compiled, this.continueWaitMs);
    const result = loadResult(compiled, loaded.columns, { queryType: 'regularQuery', lastRefreshTime: loaded.lastRefreshTime });
    return { rows: result.data as Row[], annotation: result.annotation };
  }

  /** The catalog, its dimension values looked up once; a failed lookup is tried again next time. */
  private catalogFor(deploymentId: number): Promise<AgentCatalog> {
    if (!this.catalog) {
      const loading = loadCatalog(this.model, this.viewName, async (query) => (await this.load(query, deploymentId)).rows);
      this.catalog = loading;
      // eslint-disable-next-line no-restricted-syntax -- the caller still gets the failure from the promise returned; only the cache forgets it.
      loading.catch(() => {
        if (this.catalog === loading) this.catalog = undefined;
      });
    }
    return this.catalog;
  }
}
