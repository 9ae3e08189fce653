import type { ConnectionSettings } from '../placement/connection';

const STORAGE_KEY = 'report-sync.connection';

/** The add-in's own storage: per user and origin, never inside the workbook. */
export function loadSettings(): ConnectionSettings | null {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as ConnectionSettings | null;
    if (saved && typeof saved.baseUrl === 'string' && typeof saved.accessToken === 'string') return saved;
  } catch {
    // Unreadable storage is the same as none: the user connects again.
  }
  return null;
}

export function saveSettings(settings: ConnectionSettings | null): void {
  if (settings) localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  else localStorage.removeItem(STORAGE_KEY);
}
