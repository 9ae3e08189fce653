import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { newSecret } from '../auth';

/** Where the generated API secret is kept, so the tokens signed with it survive restarts. */
export const API_SECRET_FILE = 'cubejs-api-secret';

/**
 * The API secret when `CUBEJS_API_SECRET` gives none: the one kept in the data dir, or a new random one written there
 * (readable by its owner only). A throwaway (`:memory:`) stand-in gets a new one each time.
 */
export function ensureApiSecret(dataDir: string): string {
  if (dataDir === ':memory:') return newSecret();
  const file = join(dataDir, API_SECRET_FILE);
  if (existsSync(file)) {
    const kept = readFileSync(file, 'utf8').trim();
    if (kept) return kept;
  }
  const secret = newSecret();
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
