import type { CellValue } from '../core/cell-values';

/**
 * The last-values port: each RS formula's last successful answer, kept by the add-in (per user and workbook, never in
 * the workbook file: docs/security.md) so that an outage shows the number a formula had rather than #N/A.
 * Its adapter is `src/storage/last-values-storage.ts` (the add-in's own storage); tests keep them in memory.
 */

/** A formula's answer: VALUE's number (or '' for no row), REPORT's and MEMBERS' arrays. */
export type LastAnswer = CellValue | CellValue[][];

export interface LastValue {
  answer: LastAnswer;
  /** When it was answered (ms since the epoch). */
  at: number;
}

export interface LastValueStore {
  /** `scope` is the user and workbook (`lastValuesScope`); `formula` the function and its arguments (`formulaKey`). */
  read(scope: string, formula: string): LastValue | null;
  /** Keeps the answer, past a bound of its own (an adapter says which); storage refused is the same as not kept. */
  keep(scope: string, formula: string, value: LastValue): void;
}

/** One scope per user and workbook (the separator is no character a user id or a workbook id holds). */
export const lastValuesScope = (user: string, workbookId: string): string => `${user}\u0000${workbookId}`;
