import type { LastValue, LastValueStore } from '../../src/ports/last-values';

/** The last-values port in memory, for tests: unbounded, shared by every service made with it (as the pane's storage is). */
export function memoryLastValues(): LastValueStore & { kept: Map<string, LastValue> } {
  const kept = new Map<string, LastValue>();
  const key = (scope: string, formula: string) => `${scope}\u0000${formula}`;
  return {
    kept,
    read: (scope, formula) => kept.get(key(scope, formula)) ?? null,
    keep: (scope, formula, value) => void kept.set(key(scope, formula), value),
  };
}
