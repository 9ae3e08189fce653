import { DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement, type DuckDBValue } from '@duckdb/node-api';

export type SqlParam = string | number | boolean | null;
export type Row = Record<string, unknown>;

/**
 * The local platform's one DuckDB database (a file in the data dir, or in memory for tests). Platform state
 * goes through one connection behind a lock so read-modify-write steps never interleave; data API queries
 * get connections of their own so a long query does not hold up the Platform API.
 */
/** Idle analytical connections kept for the next queries (DuckDB runs a query on every core anyway). */
const MAX_IDLE_ANALYTICS = 4;

export class Database {
  private tail: Promise<unknown> = Promise.resolve();
  /** Statements the hot paths run on every request, parsed and planned once. */
  private readonly prepared = new Map<string, Promise<DuckDBPreparedStatement>>();
  /** Analytical connections between queries; as many stay open as queries have run at once, up to a few. */
  private readonly idleAnalytics: DuckDBConnection[] = [];
  private closed = false;
  /** Rows those statements answered since the last commit, by statement and parameters; a commit clears them. */
  private readonly cachedRows = new Map<string, Row | undefined>();

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
    const run = this.tail.then(async () => {
      const tx = new StateConnection(this.state);
      await this.state.run('BEGIN TRANSACTION');
      try {
        const result = await work(tx);
        await this.state.run('COMMIT');
        this.cachedRows.clear();
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
    const run = this.tail.then(() => work(new StateConnection(this.state)));
    return this.queue(run);
  }

  /**
   * One row of a read that runs on every request (the data API's token check), from a statement prepared
   * once. The row is kept until the next commit: nothing can change it before then, and the read competes
   * with running analytical queries for the same cores.
   */
  readRowCached(sql: string, params: SqlParam[]): Promise<Row | undefined> {
    const key = `${sql}\n${JSON.stringify(params)}`;
    if (this.cachedRows.has(key)) return Promise.resolve(this.cachedRows.get(key));
    const run = this.tail.then(async () => {
      if (this.cachedRows.has(key)) return this.cachedRows.get(key);
      let statement = this.prepared.get(sql);
      if (!statement) {
        statement = this.state.prepare(sql);
        this.prepared.set(sql, statement);
      }
      const prepared = await statement;
      prepared.bind(params as DuckDBValue[]);
      const reader = await prepared.runAndReadAll();
      const row = (reader.getRowObjectsJson() as Row[])[0];
      this.cachedRows.set(key, row);
      return row;
    });
    return this.queue(run);
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

  close(): void {
    this.closed = true;
    for (const connection of this.idleAnalytics.splice(0)) connection.closeSync();
    this.state.closeSync();
    this.instance.closeSync();
  }
}

export class StateConnection {
  constructor(private readonly connection: DuckDBConnection) {}

  async all(sql: string, params: SqlParam[] = []): Promise<Row[]> {
    const reader = await this.connection.runAndReadAll(sql, params as DuckDBValue[]);
    return reader.getRowObjectsJson() as Row[];
  }

  async one(sql: string, params: SqlParam[] = []): Promise<Row | undefined> {
    return (await this.all(sql, params))[0];
  }

  /** Runs a statement; answers the rows it inserted, updated or deleted (what a conditional write checks). */
  async run(sql: string, params: SqlParam[] = []): Promise<number> {
    return (await this.connection.run(sql, params as DuckDBValue[])).rowsChanged;
  }
}
