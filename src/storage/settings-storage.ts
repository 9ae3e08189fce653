import type { ConnectionSettings } from '../session/connection';

const STORAGE_KEY = 'report-sync.connection';

/**
 * The add-in's own storage: per user and origin, never inside the workbook. It holds the platform address
 * and the tokens (OAuth access and refresh tokens, or an API key), which are never logged.
 */
export function loadSettings(): ConnectionSettings | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as unknown;
    if (isSettings(saved)) return saved;
  } catch {
    // Unreadable storage is the same as none: the user connects again.
  }
  return null;
}

export function saveSettings(settings: ConnectionSettings | null): void {
  if (settings) localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  else localStorage.removeItem(STORAGE_KEY);
}

/** Settings this version wrote; anything else (such as an earlier version's session token) means signing in again. */
function isSettings(value: unknown): value is ConnectionSettings {
  const saved = value as Partial<Record<keyof ConnectionSettings | 'refreshToken' | 'expiresAt' | 'signInId', unknown>> | null;
  if (!saved || typeof saved.baseUrl !== 'string' || typeof saved.accessToken !== 'string' || !saved.accessToken) return false;
  if (saved.kind === 'api-key') return true;
  return saved.kind === 'oauth'
    && (saved.refreshToken === null || typeof saved.refreshToken === 'string')
    && (saved.expiresAt === null || typeof saved.expiresAt === 'number')
    && typeof saved.signInId === 'string';
}
