import { DuckDBConnection, DuckDBInstance, listValue, type DuckDBValue } from '@duckdb/node-api';
import { abandonedRequestError } from './abandoned';
import { ReadCache, writtenTable, type Table } from './read-cache';
import type { Row, SqlParam, StateConnection, StateStore } from './state-store';

export type { Row, SqlParam, SqlScalar, StateConnection, StateStore, Table } from './state-store';

/**
 * The local platform's one DuckDB database (a file in the data dir, or in memory for tests). Platform state
 * goes through one connection behind a lock so read-modify-write steps never interleave; data API queries
 * get connections of their own so a long query does not hold up the Platform API.
 */
/** Idle analytical connections kept for the next queries (DuckDB runs a query on every core anyway). */
const MAX_IDLE_ANALYTICS = 4;

export class Database implements StateStore {
  private tail: Promise<unknown> = Promise.resolve();
  /** Analytical connections between queries; as many stay open as queries have run at once, up to a few. */
  private readonly idleAnalytics: DuckDBConnection[] = [];
  private closed = false;
  /** Reads every request repeats (who a token is, a deployment, its folders), kept until a commit writes their tables. */
  private readonly cache = new ReadCache();

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly state: DuckDBConnection,
  ) {}

  static async open(path: string): Promise<Database> {
    const instance = await DuckDBInstance.create(path);
    const state = await instance.connect();
    await state.run(`SET TimeZone = 'UTC'`);
    return new Database(instance, state);
  }

  /** Runs `work` alone on the state connection, inside a transaction: all of it lands or none. */
  transaction<T>(work: (tx: StateConnection) => Promise<T>): Promise<T> {
    const abandoned = abandonedRequestError();
    const run = this.tail.then(async () => {
      // A caller that hung up while this waited in the queue wants nothing: its turn goes to the next.
      abandoned.throwIfGone();
      const tx = new DuckDbStateConnection(this.state, this.cache);
      await this.state.run('BEGIN TRANSACTION');
      try {
        const result = await work(tx);
        await this.state.run('COMMIT');
        this.cache.invalidate(tx.written);
        return result;
      } catch (error) {
        await this.state.run('ROLLBACK');
        throw error;
      }
    });
    return this.queue(run);
  }

  /** A read on the state connection, queued behind any running transaction. */
  read<T>(work: (tx: StateConnection) => Promise<T>): Promise<T> {
    const abandoned = abandonedRequestError();
    const run = this.tail.then(async () => {
      abandoned.throwIfGone();
      const tx = new DuckDbStateConnection(this.state, this.cache);
      try {
        return await work(tx);
      } finally {
        // A statement outside a transaction commits on its own.
        this.cache.invalidate(tx.written);
      }
    });
    return this.queue(run);
  }

  /**
   * A read that many requests repeat, kept until a commit writes one of `tables` (which must be every table
   * the read touches). A kept answer does not queue: it is what the last commit left, as a read queued
   * before a running transaction would see. Callers must not change what it answers.
   */
  cachedRead<T>(tables: readonly Table[], key: string, work: (tx: StateConnection) => Promise<T>): Promise<T> {
    const kept = this.cache.get<T>(key);
    if (kept) return Promise.resolve(kept.value);
    return this.read((tx) => tx.cached(tables, key, () => work(tx)));
  }

  /** Puts `run` at the end of the queue on the state connection: the next work waits for it, whatever its outcome. */
  private queue<T>(run: Promise<T>): Promise<T> {
    // eslint-disable-next-line no-restricted-syntax -- the caller gets the error from `run`; the queue only needs it settled.
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** A separate connection for one analytical query; closed by the caller. */
  async analyticsConnection(): Promise<DuckDBConnection> {
    const connection = await this.instance.connect();
    await connection.run(`SET TimeZone = 'UTC'`);
    return connection;
  }

  /**
   * Runs `work` on an analytical connection of its own, taken from the idle ones when there is one: opening
   * and setting up a connection for every data API query was a measurable share of a small query's time.
   */
  async withAnalyticsConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const connection = this.idleAnalytics.pop() ?? await this.analyticsConnection();
    try {
      return await work(connection);
    } finally {
      if (this.closed || this.idleAnalytics.length >= MAX_IDLE_ANALYTICS) connection.closeSync();
      else this.idleAnalytics.push(connection);
    }
  }

  async ping(): Promise<void> {
    await this.read((tx) => tx.one('SELECT 1'));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const connection of this.idleAnalytics.splice(0)) connection.closeSync();
    this.state.closeSync();
    this.instance.closeSync();
  }
}

/**
 * A statement's parameters for the binding, lists as DuckDB's list values; none for a statement without any, which
 * then skips the binding's prepare step (a measurable share of a small read).
 */
const boundOrNone = (params: SqlParam[]) =>
  (params.length > 0 ? params.map((param): DuckDBValue => (Array.isArray(param) ? listValue(param) : param as DuckDBValue)) : undefined);

export class DuckDbStateConnection implements StateConnection {
  /** The tables this work wrote (`*`: a statement whose target is not told, such as DDL); a commit forgets their kept reads. */
  readonly written = new Set<Table | '*'>();

  constructor(private readonly connection: DuckDBConnection, private readonly cache: ReadCache) {}

  async all(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    this.noteWrite(sql);
    const reader = await this.connection.runAndReadAll(sql, boundOrNone(params));
    return reader.getRowObjectsJson() as Row[];
  }

  async one(sql: string, params: SqlParam[] = []): Promise<Row | undefined> {
    return (await this.all(sql, params))[0];
  }

  /** Runs a statement; answers the rows it inserted, updated or deleted (what a conditional write checks). */
  async run(sql: string, params: SqlParam[] = []): Promise<number> {
    this.noteWrite(sql);
    return (await this.connection.run(sql, boundOrNone(params))).rowsChanged;
  }

  /**
   * `work`'s answer, kept under `key` until a commit writes one of `tables` (every table `work` reads). Not
   * kept, nor taken from what is kept, once this work has written one of them: it reads its own writes.
   */
  async cached<T>(tables: readonly Table[], key: string, work: () => Promise<T>): Promise<T> {
    const own = this.written.has('*') || tables.some((table) => this.written.has(table));
    if (own) return work();
    const kept = this.cache.get<T>(key);
    if (kept) return kept.value;
    const value = await work();
    this.cache.set(key, tables, value);
    return value;
  }

  private noteWrite(sql: string): void {
    const table = writtenTable(sql);
    if (table) this.written.add(table);
  }
}

