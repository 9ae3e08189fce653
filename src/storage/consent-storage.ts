import type { ConsentStorage } from '../pane/workbook-consent';
import { readStoredRecords } from './stored-records';

const CONSENT_KEY = 'report-sync.consent';
/** Workbooks remembered per browser profile: the oldest allowances go first past this (a workbook then asks again). */
const MAX_WORKBOOKS = 500;
/** Items kept per workbook: more than any honest workbook holds, and a cap on what a hostile one can make us store. */
const MAX_ITEMS = 5_000;

interface SavedAllowance {
  items: string[];
  at: number;
}

/** One key per user and workbook (the separator is no character a user id or a workbook id holds). */
const keyOf = (user: string, workbookId: string) => `${user}\u0000${workbookId}`;

/** Unreadable storage is the same as none: each workbook asks again. */
const readAll = () => readStoredRecords<SavedAllowance>(CONSENT_KEY);

/**
 * Which workbooks each user allowed to query by themselves (issue 39), in the add-in's own storage: per user and
 * origin, never in the workbook, so a file cannot carry its own permission.
 */
export const localConsentStorage: ConsentStorage = {
  allowed(user, workbookId) {
    const saved = readAll()[keyOf(user, workbookId)];
    return saved && Array.isArray(saved.items) && saved.items.every((item) => typeof item === 'string') ? saved.items : null;
  },
  allow(user, workbookId, items) {
    const all = readAll();
    all[keyOf(user, workbookId)] = { items: items.slice(0, MAX_ITEMS), at: Date.now() };
    const kept = Object.entries(all).sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0)).slice(0, MAX_WORKBOOKS);
    try {
      localStorage.setItem(CONSENT_KEY, JSON.stringify(Object.fromEntries(kept)));
    } catch {
      // Storage full or refused: the allowance holds for this session, and the workbook asks again next time.
    }
  },
};
