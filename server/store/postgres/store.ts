import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import { HttpError } from '../../http';
import { abandonedRequestError } from '../abandoned';
import type { Table } from '../read-cache';
import type { Row, SqlParam, StateConnection, StateStore } from '../state-store';

/**
 * Errors after which a transaction is run again from the start: another process's transaction won a race for the same
 * rows (serialization_failure 40001, deadlock_detected 40P01), or inserted the same key first (unique_violation 23505:
 * the work reads again and answers the clash itself, e.g. SCIM's 409). https://www.postgresql.org/docs/15/mvcc-serialization-failure-handling.html
 */
const RETRIED_CODES = new Set(['40001', '40P01', '23505']);
/** Attempts at one transaction before its error goes to the caller (a request then fails with 503). */
const MAX_ATTEMPTS = 12;
/** Pooled connections per process: enough for a burst of requests, few enough for several processes on one server. */
const POOL_SIZE = 10;

const sqlState = (error: unknown) => (error as { code?: unknown } | null)?.code;

/** Thrown when a transaction lost its race with other processes every time it was tried. */
export class StateContentionError extends HttpError {
  constructor(readonly lastError: unknown) {
    super(503, 'The platform is too busy writing the same data from several places; try again');
    this.name = 'StateContentionError';
  }
}

/** `?` placeholders as PostgreSQL's `$1`, `$2`…, leaving quoted text and identifiers alone; kept per statement. */
const numbered = new Map<string, string>();
export function numberedPlaceholders(sql: string): string {
  const kept = numbered.get(sql);
  if (kept !== undefined) return kept;
  let index = 0;
  const text = sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\?/g, (token) => (token === '?' ? `$${++index}` : token));
  if (numbered.size < 5_000) numbered.set(sql, text);
  return text;
}

class PostgresConnection implements StateConnection {
  /**
   * The first statement error of the transaction. PostgreSQL refuses every statement after one fails, so the work
   * cannot have done what it meant, even if it caught the error (a refresh batch answers each record's own error).
   */
  failed: unknown;

  constructor(private readonly client: Pick<PoolClient, 'query'>) {}

  async all(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    return (await this.query(sql, params)).rows;
  }

  async one(sql: string, params: SqlParam[] = []): Promise<Row | undefined> {
    return (await this.all(sql, params))[0];
  }

  async run(sql: string, params: SqlParam[] = []): Promise<number> {
    return (await this.query(sql, params)).rowCount ?? 0;
  }

  /** Nothing is kept: another process may write any table at any time. */
  cached<T>(_tables: readonly Table[], _key: string, work: () => Promise<T>): Promise<T> {
    return work();
  }

  private async query(sql: string, params: SqlParam[]) {
    try {
      return await this.client.query<QueryResultRow & Row>(numberedPlaceholders(sql), params as unknown[]);
    } catch (error) {
      this.failed ??= error;
      throw error;
    }
  }
}

/**
 * The platform's state on PostgreSQL, shared by every server process of a team. Each transaction runs at SERIALIZABLE,
 * so the read-check-write steps the platform is made of (an `expectedVersion`, a single-use code, a free name) behave as
 * if each process's transactions ran one after another, and one that loses a race is run again.
 */
export class PostgresStore implements StateStore {
  private constructor(private readonly pool: Pool) {}

  /** A pool on `url`; `onIdleError` hears of a pooled connection the server dropped (it is replaced on next use). */
  static connect(url: string, onIdleError: (error: Error) => void): PostgresStore {
    const pool = new Pool({ connectionString: url, max: POOL_SIZE, connectionTimeoutMillis: 5_000, application_name: 'report-sync-server' });
    pool.on('error', onIdleError);
    return new PostgresStore(pool);
  }

  async transaction<T>(work: (tx: StateConnection) => Promise<T>): Promise<T> {
    const abandoned = abandonedRequestError();
    for (let attempt = 1; ; attempt += 1) {
      abandoned.throwIfGone();
      const client = await this.pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN ISOLATION LEVEL SERIALIZABLE');
        const connection = new PostgresConnection(client);
        const result = await work(connection);
        // A statement failed and the work went on: the transaction is void, whatever the work answers.
        if (connection.failed !== undefined) throw connection.failed;
        await client.query('COMMIT');
        return result;
      } catch (error) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          // A connection that cannot roll back is not given to the next work: the pool closes it.
          broken = rollbackError as Error;
        }
        if (!RETRIED_CODES.has(String(sqlState(error)))) throw error;
        if (attempt === MAX_ATTEMPTS) throw new StateContentionError(error);
      } finally {
        client.release(broken);
      }
      // Apart a little, at random, so the processes that collided do not collide again.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
    }
  }

  async read<T>(work: (tx: StateConnection) => Promise<T>): Promise<T> {
    abandonedRequestError().throwIfGone();
    const client = await this.pool.connect();
    try {
      return await work(new PostgresConnection(client));
    } finally {
      client.release();
    }
  }

  cachedRead<T>(_tables: readonly Table[], _key: string, work: (tx: StateConnection) => Promise<T>): Promise<T> {
    return this.read(work);
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1');
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}
