import { answerSentence, failedSentence, unmappedSentence } from './answer';
import { loadCatalog } from './catalog';
import { RefusedQueryError, type AgentSource } from './source';
import type { PreparedAnswer, ToolOutcome } from './turn';
import { understand, type AgentCatalog, type QueryUnderstanding } from './understanding';

/** At most this many rows go into a tool call's result; `rowCount` tells how many the query answered. */
export const MAX_TOOL_ROWS = 50;
export const QUERY_TOOL = 'cube_query';

/** Catalogs kept at once (one per viewer's rights), the least recently used dropped first. */
const MAX_CATALOGS = 100;

export interface AnswererOptions {
  /** How long a catalog is kept (a team's Cube may change its model or data); default for the life of the process. */
  catalogTtlMs?: number;
  now?: () => Date;
}

/**
 * The agent's answering: a question is understood against the view's catalog as the asking viewer sees it, its
 * query runs through the viewer's source (so its figures are the data API's, within the viewer's rights), and the
 * rows are put into words.
 */
export class Answerer {
  private readonly catalogs = new Map<string, { loading: Promise<AgentCatalog>; at: number }>();

  constructor(private readonly viewName: string, private readonly options: AnswererOptions = {}) {}

  async prepare(question: string, source: AgentSource): Promise<PreparedAnswer> {
    const catalog = await this.catalogFor(source);
    const understood = understand(question, catalog);
    if (understood.kind === 'unmapped') return { kind: 'answer', answer: unmappedSentence(understood.reason, understood.suggestions, catalog.measures) };
    return {
      kind: 'tool', tool: QUERY_TOOL, input: JSON.stringify(understood.query), preamble: `Let me look up ${understood.heading}.`,
      run: () => this.runTool(understood, source),
    };
  }

  private async runTool(understood: QueryUnderstanding, source: AgentSource): Promise<ToolOutcome> {
    try {
      const { rows, annotation } = await source.load(understood.query);
      return {
        result: JSON.stringify({ rowCount: rows.length, data: rows.slice(0, MAX_TOOL_ROWS), annotation }),
        answer: answerSentence(understood, rows),
      };
    } catch (error) {
      // A query Cube refuses is the question's problem, said in words; anything else is the platform's failure.
      if (!(error instanceof RefusedQueryError)) throw error;
      return { result: JSON.stringify({ error: error.message }), error: `The query failed: ${error.message}`, answer: failedSentence(understood, error.message) };
    }
  }

  /** The viewer's catalog, its dimension values looked up once (until it expires); a failed lookup is tried again next time. */
  private catalogFor(source: AgentSource): Promise<AgentCatalog> {
    const now = (this.options.now?.() ?? new Date()).getTime();
    const key = source.viewerKey;
    const kept = this.catalogs.get(key);
    const ttl = this.options.catalogTtlMs;
    if (kept && (ttl === undefined || now - kept.at < ttl)) {
      // Most recently used last, so the first entry is the one to drop.
      this.catalogs.delete(key);
      this.catalogs.set(key, kept);
      return kept.loading;
    }
    const loading = loadCatalog(source, this.viewName);
    this.catalogs.delete(key);
    this.catalogs.set(key, { loading, at: now });
    if (this.catalogs.size > MAX_CATALOGS) this.catalogs.delete(this.catalogs.keys().next().value!);
    // eslint-disable-next-line no-restricted-syntax -- the caller still gets the failure from the promise returned; only the cache forgets it.
    loading.catch(() => {
      if (this.catalogs.get(key)?.loading === loading) this.catalogs.delete(key);
    });
    return loading;
  }
}
