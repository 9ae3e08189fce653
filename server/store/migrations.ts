import { userOwner } from '../agent/identity';
import type { StateConnection } from './database';

/**
 * Steps that bring a data dir of an earlier schema version up to date in place, by the version each starts from.
 * A data dir at a version with a chain of steps to the current one keeps what its users made; any other is
 * dropped and seeded anew (see `dropOutdatedState`).
 */
export interface Migration {
  to: string;
  run(tx: StateConnection): Promise<void>;
}

export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  '4': { to: '5', run: chatOwnersById },
};

/**
 * 4 → 5: chat threads were owned by `internal:<user name>`, so whoever held a name held its threads. Each becomes
 * `user:<id>` of the user who holds that name now: the one the old code would have let in. A name no user holds
 * any more stays as it was, reached by no request (none names an owner `internal:` now): kept, but given to no
 * one, since who held it cannot be known. `external:` owners are the caller's own ids and stay.
 */
async function chatOwnersById(tx: StateConnection): Promise<void> {
  const owners = await tx.all(`SELECT DISTINCT owner FROM chat_threads WHERE owner LIKE 'internal:%'`);
  for (const { owner } of owners) {
    const userName = String(owner).slice('internal:'.length);
    const user = await tx.one(`SELECT id FROM users WHERE lower(user_name) = ?`, [userName]);
    if (user) await tx.run(`UPDATE chat_threads SET owner = ? WHERE owner = ?`, [userOwner(Number(user.id)), String(owner)]);
  }
}

/** Runs the steps from `version` on; answers the version reached (the current one, or where the chain stops). */
export async function migrateState(tx: StateConnection, version: string, current: string): Promise<string> {
  let reached = version;
  for (let step = MIGRATIONS[reached]; step && reached !== current; step = MIGRATIONS[reached]) {
    await step.run(tx);
    reached = step.to;
  }
  if (reached !== version) await tx.run(`UPDATE meta SET value = ? WHERE key = 'schema'`, [reached]);
  return reached;
}
