import type { CellValue } from '../core/cell-values';
import type { LastValue, LastValueStore } from '../ports/last-values';
import { readStoredRecords } from './stored-records';

const LAST_VALUES_KEY = 'report-sync.last-values';
/** Workbooks (per user) remembered: past this, the least recently answered go first. */
const MAX_WORKBOOKS = 50;
/** Formulas remembered per workbook: past this, the least recently answered go first. */
const MAX_FORMULAS = 5_000;
/** A REPORT or MEMBERS answer larger than this many cells is not kept (it would crowd out every other workbook's). */
const MAX_CELLS = 10_000;
/** The whole record, in characters: about 2 MB of the origin's 5 MB or so, the rest left to the add-in's other records. */
const MAX_CHARS = 2_000_000;
/** Answers arrive a calculation at a time: they are saved together, this long after the last. */
const SAVE_AFTER_MS = 250;

interface SavedScope {
  /** When the scope's last answer was kept: the least recent scopes go first past the bounds. */
  at: number;
  formulas: Record<string, LastValue>;
}

const isCell = (value: unknown): value is CellValue => ['number', 'string', 'boolean'].includes(typeof value);
const isLastValue = (value: unknown): value is LastValue => {
  const { answer, at } = (value ?? {}) as Partial<LastValue>;
  return typeof at === 'number' && (isCell(answer) || (Array.isArray(answer) && answer.every((row) => Array.isArray(row) && row.every(isCell))));
};
const cellsOf = (value: LastValue) => (Array.isArray(value.answer) ? value.answer.reduce((sum, row) => sum + row.length, 0) : 1);

/**
 * Each formula's last answer in the add-in's own storage (`localStorage`, per origin; scoped per user and workbook,
 * never in the workbook: docs/security.md), within the bounds above. Each scope is read once per session; saving
 * merges this session's scopes into what is stored, so panes of other workbooks open meanwhile keep theirs.
 */
export class LocalLastValues implements LastValueStore {
  private readonly scopes = new Map<string, SavedScope>();
  private readonly changed = new Set<string>();
  private saving: ReturnType<typeof setTimeout> | null = null;

  read(scope: string, formula: string): LastValue | null {
    const kept = this.scopeOf(scope).formulas[formula];
    return isLastValue(kept) ? kept : null;
  }

  keep(scope: string, formula: string, value: LastValue): void {
    if (cellsOf(value) > MAX_CELLS) return;
    const saved = this.scopeOf(scope);
    saved.formulas[formula] = value;
    saved.at = Math.max(saved.at, value.at);
    this.changed.add(scope);
    this.saving ??= setTimeout(() => this.save(), SAVE_AFTER_MS);
  }

  private scopeOf(scope: string): SavedScope {
    let saved = this.scopes.get(scope);
    if (!saved) {
      const stored = readStoredRecords<SavedScope>(LAST_VALUES_KEY)[scope];
      saved = stored && typeof stored.at === 'number' && stored.formulas && typeof stored.formulas === 'object' ? stored : { at: 0, formulas: {} };
      this.scopes.set(scope, saved);
    }
    return saved;
  }

  private save(): void {
    this.saving = null;
    const all = readStoredRecords<SavedScope>(LAST_VALUES_KEY);
    for (const scope of this.changed) all[scope] = newestFormulas(this.scopes.get(scope)!);
    this.changed.clear();
    const kept = Object.entries(all).sort(([, a], [, b]) => (b.at ?? 0) - (a.at ?? 0)).slice(0, MAX_WORKBOOKS);
    for (let text = JSON.stringify(Object.fromEntries(kept)); ; text = JSON.stringify(Object.fromEntries(kept))) {
      try {
        if (text.length <= MAX_CHARS || kept.length <= 1) {
          localStorage.setItem(LAST_VALUES_KEY, text);
          return;
        }
      } catch {
        // Storage full or refused: the least recent workbook goes, until what is left fits (or nothing is kept).
        if (kept.length <= 1) return;
      }
      kept.pop();
    }
  }
}

/** The scope with at most MAX_FORMULAS formulas, the most recently answered. */
function newestFormulas(scope: SavedScope): SavedScope {
  const entries = Object.entries(scope.formulas);
  if (entries.length <= MAX_FORMULAS) return scope;
  scope.formulas = Object.fromEntries(entries.sort(([, a], [, b]) => b.at - a.at).slice(0, MAX_FORMULAS));
  return scope;
}

/** The pane's one store of last values (one per runtime, so its scopes are read once). */
export const localLastValues = new LocalLastValues();
