/**
 * A map of records kept under one key of the add-in's own storage (`localStorage`, per user and origin, never the
 * workbook). Unreadable storage, or anything but an object there, is the same as none: each caller checks its records'
 * shape itself when it reads one.
 */
export function readStoredRecords<T>(key: string): Record<string, T> {
  try {
    const saved = JSON.parse(localStorage.getItem(key) ?? '{}') as unknown;
    return saved && typeof saved === 'object' && !Array.isArray(saved) ? (saved as Record<string, T>) : {};
  } catch {
    return {};
  }
}
