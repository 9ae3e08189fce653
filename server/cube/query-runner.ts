import { DuckDBTypeId, type DuckDBValue } from '@duckdb/node-api';
import { canonicalJson } from '../../src/core/canonical-json';
import type { CubeCellValue } from '../../src/contract';
import type { Database } from '../store/database';
import { compileQuery, type CompiledQuery } from './compiler';
import { QueryError } from './errors';
import type { SemanticModel } from './model';
import { normalizeQuery, type NormalizedQuery } from './normalize';
import type { ResultColumns } from './result';

/** Cube's default row limit (`CUBEJS_DB_QUERY_DEFAULT_LIMIT`). */
export const DEFAULT_ROW_LIMIT = 10_000;

/** A query's rows as the database answered them, with its `total` when asked. */
export interface LoadedRows {
  columns: ResultColumns;
  total?: number;
  lastRefreshTime: string;
}

export interface QueryRunnerOptions {
  maxRowLimit: number;
  queryDelayMs: number;
  now: () => Date;
  /** The instant relative date ranges resolve against. */
  queryClock: () => Date;
  /** How long a finished result is kept for a caller who was told "Continue wait" (default 60 s). */
  resultRetentionMs?: number;
  /** At most this many finished results are kept uncollected (default 100)… */
  maxRetainedResults?: number;
  /** …holding at most this many rows together (default 500,000); the oldest are released first. */
  maxRetainedRows?: number;
}

type Outcome = { ok: true; result: LoadedRows } | { ok: false; error: unknown };

interface Run {
  outcome: Promise<Outcome>;
  rows: number;
  expiry?: NodeJS.Timeout;
}

/**
 * Runs data API queries so that a request can stop waiting without stopping the query: a query still
 * running after the wait window is answered "Continue wait", and the same query sent again picks up the
 * run already under way (keyed by deployment and canonical query) instead of starting another.
 *
 * A finished result waits for its caller only so long and only while few others wait: callers that never
 * come back must not hold memory forever. A query whose result was released simply runs again when asked.
 */
export class QueryRunner {
  /** Runs under way, and finished ones not yet collected. */
  private readonly runs = new Map<string, Run>();
  /** The finished, uncollected runs, oldest first. */
  private readonly retained = new Map<string, Run>();
  private retainedRows = 0;

  constructor(
    private readonly db: Database,
    private readonly model: SemanticModel,
    private readonly options: QueryRunnerOptions,
  ) {}

  /** Checks and normalizes a query as Cube's gateway does; throws in Cube's words. */
  normalize(query: unknown): NormalizedQuery {
    return normalizeQuery(query, { defaultLimit: DEFAULT_ROW_LIMIT, maxLimit: this.options.maxRowLimit }, this.options.queryClock());
  }

  /** Compiles first so a bad query fails at once with its own error, never with Continue wait. */
  compile(query: NormalizedQuery): CompiledQuery {
    return compileQuery(this.model, query);
  }

  /** How many finished results are waiting for a caller who has not come back yet. */
  get retainedResults(): number {
    return this.retained.size;
  }

  /** The result, or `null` when the query is still running after `waitMs`. */
  async load(scope: string, compiled: CompiledQuery, waitMs: number): Promise<LoadedRows | null> {
    const key = `${scope}\n${canonicalJson({ sql: compiled.sql, params: compiled.params, total: compiled.totalSql })}`;
    const run = this.runs.get(key) ?? this.start(key, compiled);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const outcome = await Promise.race([run.outcome, timeout]);
    clearTimeout(timer);
    if (outcome === null) return null;
    this.release(key, run);
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  }

  private start(key: string, compiled: CompiledQuery): Run {
    const outcome = this.execute(compiled).then(
      (result): Outcome => ({ ok: true, result }),
      (error: unknown): Outcome => ({ ok: false, error }),
    );
    const run: Run = { outcome, rows: 0 };
    // Fire and forget: outcome never rejects (both ends are caught above); retaining is bookkeeping only.
    void outcome.then((settled) => this.retain(key, run, settled));
    this.runs.set(key, run);
    return run;
  }

  /** Keeps a finished run for its caller's next request, within the retention window and the caps. */
  private retain(key: string, run: Run, outcome: Outcome): void {
    if (this.runs.get(key) !== run) return;
    run.rows = outcome.ok ? outcome.result.columns.rowCount : 0;
    this.retained.set(key, run);
    this.retainedRows += run.rows;
    // unref: a result waiting to be collected must not keep the process alive.
    run.expiry = setTimeout(() => this.release(key, run), this.options.resultRetentionMs ?? 60_000).unref();
    const maxResults = this.options.maxRetainedResults ?? 100;
    const maxRows = this.options.maxRetainedRows ?? 500_000;
    for (const [oldestKey, oldest] of this.retained) {
      // The newest result stays even alone over the row cap, or its caller could never collect it.
      if (oldest === run || (this.retained.size <= maxResults && this.retainedRows <= maxRows)) break;
      this.release(oldestKey, oldest);
    }
  }

  private release(key: string, run: Run): void {
    clearTimeout(run.expiry);
    if (this.runs.get(key) === run) this.runs.delete(key);
    if (this.retained.get(key) === run) {
      this.retained.delete(key);
      this.retainedRows -= run.rows;
    }
  }

  private async execute(compiled: CompiledQuery): Promise<LoadedRows> {
    if (this.options.queryDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.options.queryDelayMs));
    return this.db.withAnalyticsConnection(async (connection) => {
      const reader = await connection.runAndReadAll(compiled.sql, compiled.params as DuckDBValue[]).catch((error: unknown) => {
        throw asQueryError(error, compiled.params);
      });
      const types = reader.columnTypes();
      const cells = reader.getColumnsJson().map((column, index) => column.map(driverValue(types[index]!.typeId)));
      let total: number | undefined;
      if (compiled.totalSql) {
        const totalReader = await connection.runAndReadAll(compiled.totalSql, compiled.params as DuckDBValue[]);
        total = Number((totalReader.getRowObjectsJson()[0] as { total: unknown }).total);
      }
      return { columns: { rowCount: reader.currentRowCount, cells }, total, lastRefreshTime: this.options.now().toISOString() };
    });
  }
}

/**
 * DuckDB's conversion error for a value the query gave (`equals "abc"` on a number) is the query's fault:
 * answered 400 with the database's words, as Cube's query orchestrator passes them on ("Error: Conversion
 * Error: …"; Cube adds the statement's position, which names its own SQL). Any other failure stays the
 * platform's own.
 */
function asQueryError(error: unknown, params: readonly unknown[]): unknown {
  // Not `instanceof Error`: the native binding's errors may belong to another realm (Jest's, say).
  const message = (error as { message?: unknown } | null)?.message;
  const detail = typeof message === 'string' ? /^Conversion Error: (.+)$/m.exec(message)?.[1] : undefined;
  const fromQuery = detail !== undefined && params.some((p) => typeof p === 'string' && (detail.includes(`'${p}'`) || detail.includes(`"${p}"`)));
  return fromQuery ? new QueryError(`Error: Conversion Error: ${detail}`) : error;
}

/**
 * A cell as Cube's DuckDB driver hands it on (`Transform.ts`): integers and floats as JavaScript writes them,
 * decimals without trailing zeros ("18799491.5", "100"), booleans and text as they are.
 */
function driverValue(typeId: DuckDBTypeId): (value: unknown) => CubeCellValue {
  if (typeId === DuckDBTypeId.DECIMAL) {
    return (value) => (value === null ? null : String(value).includes('.') ? String(value).replace(/\.?0+$/, '') : String(value));
  }
  if (typeId === DuckDBTypeId.BOOLEAN || typeId === DuckDBTypeId.VARCHAR) return (value) => (value ?? null) as CubeCellValue;
  return (value) => (value === null || value === undefined ? null : String(value));
}
