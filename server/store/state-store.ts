import type { Table } from './read-cache';

export type SqlScalar = string | number | boolean | null;
/** A statement's parameter: a value, or a list bound as one parameter (`unnest(?::VARCHAR[])`): one binding for a column of many rows. */
export type SqlParam = SqlScalar | readonly SqlScalar[];
export type Row = Record<string, unknown>;
export type { Table } from './read-cache';

/**
 * One unit of work on the platform's state: statements with `?` parameters, in SQL both stores take (DuckDB's and
 * PostgreSQL's common ground; PostgreSQL gets DuckDB's `json_extract_string` from its first migration).
 */
export interface StateConnection {
  all(sql: string, params?: SqlParam[]): Promise<Row[]>;
  one(sql: string, params?: SqlParam[]): Promise<Row | undefined>;
  /** Runs a statement; answers the rows it inserted, updated or deleted (what a conditional write checks). */
  run(sql: string, params?: SqlParam[]): Promise<number>;
  /**
   * `work`'s answer, kept under `key` until a commit writes one of `tables` (every table `work` reads), where the
   * store keeps reads at all; never kept once this work has written one of them: it reads its own writes.
   */
  cached<T>(tables: readonly Table[], key: string, work: () => Promise<T>): Promise<T>;
}

/**
 * Where the platform's state lives: the embedded DuckDB file (one process) or PostgreSQL (a team's server, any number
 * of processes). Work given to `transaction` may run more than once (PostgreSQL retries a transaction that lost a race
 * with another process), so it must only touch the database, and read what it needs inside.
 */
export interface StateStore {
  /** Runs `work` inside a transaction: all of it lands or none, as if no other work ran meanwhile. */
  transaction<T>(work: (tx: StateConnection) => Promise<T>): Promise<T>;
  /** Reads outside a transaction. */
  read<T>(work: (tx: StateConnection) => Promise<T>): Promise<T>;
  /**
   * A read that many requests repeat, which a single-process store keeps until a commit writes one of `tables`
   * (every table the read touches). Callers must not change what it answers.
   */
  cachedRead<T>(tables: readonly Table[], key: string, work: (tx: StateConnection) => Promise<T>): Promise<T>;
  /** Whether the store answers now (`/readyz`). */
  ping(): Promise<void>;
  close(): Promise<void>;
}
