import type { RunItemState } from '../../core/card-state';
import { countOutcomes, type RefreshItem } from '../../monitoring/refresh-all';
import { runItemStates as runItemStatesOf } from '../../pane/placement-cards';
import type { I18n, Messages } from '../i18n';

/** A Refresh all run in the pane's words: its bar's summary, and what each card says of its item. */

type PluralForms = { one: (count: string) => string; other: (count: string) => string };

/**
 * What a run says in its bar: "2 of 5…" while it runs, then its counts by outcome, only those that happened
 * ("3 refreshed, 1 failed, 1 needs you, 12 formulas recalculated"), prefixed "Stopped:" with how many it never reached.
 */
export function runSummary(items: readonly RefreshItem[], running: boolean, { m, number, locale }: I18n, formulas = 0): string {
  const counts = countOutcomes(items);
  if (running) return m.runProgress(number(counts.finished), number(counts.total));
  const plural = new Intl.PluralRules(locale);
  const parts: [PluralForms, number][] = [
    [m.runOutcome.refreshed, counts.refreshed],
    [m.runOutcome.failed, counts.failed],
    [m.runOutcome.needsYou, counts.needsYou],
    [m.runOutcome.notReached, counts.notReached],
    [m.runOutcome.formulas, formulas],
  ];
  const summary = parts
    .filter(([, count]) => count > 0)
    .map(([forms, count]) => (plural.select(count) === 'one' ? forms.one : forms.other)(number(count)))
    .join(', ');
  return counts.notReached ? m.runStopped(summary) : summary;
}

/** Why an item needs the user: the cells edited by hand or in the way, or the failure's words. */
export function attention(item: RefreshItem, m: Messages): string | null {
  const outcome = item.outcome;
  if (outcome?.kind === 'hand-edits') return m.attentionEdited(outcome.cells.slice(0, 3).join(', '));
  if (outcome?.kind === 'needs-confirmation') return m.attentionInTheWay(outcome.foreignCells.slice(0, 3).join(', '));
  return item.reason;
}

/** Per placement key, what its card needs of a run's item, with the reasons in `m`'s words. */
export function runItemStates(items: readonly RefreshItem[], m: Messages): Map<string, RunItemState> {
  return runItemStatesOf(items, (item) => attention(item, m));
}
