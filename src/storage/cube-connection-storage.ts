import type { UserSettings } from '../contract';
import type { CubeConnectionSettings, CubeConnectionsStorage } from '../pane/cube-session-store';

const CONNECTIONS_KEY = 'report-sync.cube-connections';
const USER_SETTINGS_KEY = 'report-sync.cube-user-settings';

/**
 * The Cube API connections in the add-in's own storage: per user and origin, never inside the workbook, like the
 * platform's (`settings-storage.ts`). It holds tokens, which are never logged. What this version did not write
 * (or cannot read) is the same as nothing saved: the user connects again.
 */
export const cubeConnectionStorage: CubeConnectionsStorage = {
  load() {
    const saved = read(CONNECTIONS_KEY) as { active?: unknown; connections?: unknown } | null;
    const connections = Array.isArray(saved?.connections) ? saved.connections.filter(isCubeSettings) : [];
    const active = typeof saved?.active === 'string' && connections.some((c) => c.apiUrl === saved.active) ? saved.active : null;
    return { active, connections };
  },
  save(saved) {
    localStorage.setItem(CONNECTIONS_KEY, JSON.stringify(saved));
  },
  loadUserSettings(apiUrl) {
    const all = read(USER_SETTINGS_KEY) as Record<string, unknown> | null;
    const settings = all && typeof all === 'object' ? all[apiUrl] : null;
    return settings && typeof settings === 'object' ? (settings as UserSettings) : null;
  },
  saveUserSettings(apiUrl, settings) {
    const all = read(USER_SETTINGS_KEY);
    localStorage.setItem(USER_SETTINGS_KEY, JSON.stringify({ ...(all && typeof all === 'object' ? all : {}), [apiUrl]: settings }));
  },
};

function read(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

function isCubeSettings(value: unknown): value is CubeConnectionSettings {
  const saved = value as Record<string, unknown> | null;
  if (!saved || typeof saved.apiUrl !== 'string') return false;
  const text = (key: string) => typeof saved[key] === 'string' && saved[key] !== '';
  const textOrNull = (key: string) => saved[key] === null || text(key);
  // Null for a token without `exp`, never a made-up date.
  const expiry = saved.expiresAt === null || (typeof saved.expiresAt === 'number' && Number.isFinite(saved.expiresAt));
  if (saved.kind === 'cube-api') return text('token') && expiry;
  return saved.kind === 'cube-oidc' && text('issuer') && text('clientId') && (saved.tokenKind === 'access' || saved.tokenKind === 'id')
    && text('accessToken') && textOrNull('idToken') && textOrNull('refreshToken') && textOrNull('resource') && expiry;
}

/** Forgets every remembered Cube API connection and its user's settings. */
export function forgetCubeConnections(): void {
  localStorage.removeItem(CONNECTIONS_KEY);
  localStorage.removeItem(USER_SETTINGS_KEY);
}
