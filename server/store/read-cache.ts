/** The platform's state tables, as a kept read names what it depends on. */
export type Table =
  | 'users' | 'access_tokens' | 'deployments' | 'folders' | 'reports' | 'placements' | 'app_config' | 'oauth_store'
  | 'sessions_ended' | 'groups' | 'group_members' | 'chat_threads' | 'chat_messages' | 'meta';

/** Enough for every token, user and deployment a busy local platform sees; the oldest go first. */
const MAX_KEPT = 10_000;

/**
 * The table a statement writes: `INSERT`/`UPDATE`/`DELETE`'s target, `*` for any other statement that is not
 * a read (DDL, `COPY`, a `PRAGMA`: what they change is not told, so every kept read goes), null for a read.
 */
export function writtenTable(sql: string): Table | '*' | null {
  const text = sql.trimStart();
  if (/^(SELECT|WITH|FROM|DESCRIBE|SHOW|EXPLAIN)\b/i.test(text)) return null;
  const target = /^(?:INSERT\s+(?:OR\s+\w+\s+)?INTO|UPDATE|DELETE\s+FROM)\s+"?(\w+)"?/i.exec(text);
  return target ? (target[1]!.toLowerCase() as Table) : '*';
}

/** Answers of reads, by key, with the tables each was read from. */
export class ReadCache {
  private readonly entries = new Map<string, { tables: readonly Table[]; value: unknown }>();

  get<T>(key: string): { value: T } | undefined {
    const entry = this.entries.get(key);
    return entry && { value: entry.value as T };
  }

  set(key: string, tables: readonly Table[], value: unknown): void {
    if (this.entries.size >= MAX_KEPT) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { tables, value });
  }

  /** Forgets every answer read from one of `written`. */
  invalidate(written: ReadonlySet<Table | '*'>): void {
    if (written.size === 0) return;
    if (written.has('*')) {
      this.entries.clear();
      return;
    }
    for (const [key, entry] of this.entries) if (entry.tables.some((table) => written.has(table))) this.entries.delete(key);
  }
}
