import type { DuckDBValue } from '@duckdb/node-api';
import { canonicalJson } from '../../src/core/canonical-json';
import type { CubeCellValue, CubeLoadResult, CubeQuery } from '../../src/contract';
import type { Database } from '../store/database';
import { compileQuery, type CompiledQuery } from './compiler';
import type { SemanticModel } from './model';

export interface QueryRunnerOptions {
  maxRowLimit: number;
  queryDelayMs: number;
  now: () => Date;
}

type Outcome = { ok: true; result: CubeLoadResult } | { ok: false; error: unknown };

/**
 * Runs data API queries so that a request can stop waiting without stopping the query: a query still
 * running after the wait window is answered "Continue wait", and the same query sent again picks up the
 * run already under way (keyed by deployment and canonical query) instead of starting another.
 */
export class QueryRunner {
  private readonly running = new Map<string, Promise<Outcome>>();

  constructor(
    private readonly db: Database,
    private readonly model: SemanticModel,
    private readonly options: QueryRunnerOptions,
  ) {}

  /** Compiles first so a bad query fails at once with its own error, never with Continue wait. */
  compile(query: CubeQuery): CompiledQuery {
    return compileQuery(this.model, query, { maxRowLimit: this.options.maxRowLimit, now: this.options.now() });
  }

  /** The result, or `null` when the query is still running after `waitMs`. */
  async load(scope: string, compiled: CompiledQuery, waitMs: number): Promise<CubeLoadResult | null> {
    const key = `${scope}\n${canonicalJson(compiled.normalizedQuery)}`;
    let run = this.running.get(key);
    if (!run) {
      run = this.execute(compiled).then(
        (result): Outcome => ({ ok: true, result }),
        (error: unknown): Outcome => ({ ok: false, error }),
      );
      this.running.set(key, run);
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), waitMs);
    });
    const outcome = await Promise.race([run, timeout]);
    clearTimeout(timer);
    if (outcome === null) return null;
    this.running.delete(key);
    if (!outcome.ok) throw outcome.error;
    return outcome.result;
  }

  private async execute(compiled: CompiledQuery): Promise<CubeLoadResult> {
    if (this.options.queryDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.options.queryDelayMs));
    const connection = await this.db.analyticsConnection();
    try {
      const reader = await connection.runAndReadAll(compiled.sql, compiled.params as DuckDBValue[]);
      const rows = reader.getRowObjectsJson() as Record<string, unknown>[];
      const data = rows.map((row) => {
        const out: Record<string, CubeCellValue> = {};
        for (const column of compiled.columns) {
          const value = cellValue(row[column.alias], column.kind === 'measure' ? 'number' : column.member.type);
          for (const key of column.keys) out[key] = value;
        }
        return out;
      });
      let total: number | undefined;
      if (compiled.totalSql) {
        const totalReader = await connection.runAndReadAll(compiled.totalSql, compiled.params as DuckDBValue[]);
        total = Number((totalReader.getRowObjectsJson()[0] as { total: unknown }).total);
      }
      return {
        query: compiled.normalizedQuery,
        data,
        annotation: compiled.annotation,
        lastRefreshTime: this.options.now().toISOString(),
        ...(total !== undefined ? { total } : {}),
      };
    } finally {
      connection.closeSync();
    }
  }
}

/** Cube's wire format: numbers as strings (exact decimals stay exact), booleans as booleans, times as text. */
function cellValue(value: unknown, type: string): CubeCellValue {
  if (value === null || value === undefined) return null;
  if (type === 'boolean') return value === true || value === 'true';
  if (type === 'number') return typeof value === 'number' ? String(value) : String(value);
  return typeof value === 'string' || typeof value === 'boolean' ? value : String(value);
}
