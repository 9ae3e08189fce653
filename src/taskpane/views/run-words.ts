import type { RunItemState } from '../../core/card-state';
import type { FormulaTally, StaleFormulas } from '../../functions/formula-calls';
import { countOutcomes, type RefreshItem } from '../../monitoring/refresh-all';
import { runItemStates as runItemStatesOf } from '../../pane/placement-cards';
import type { I18n, Messages } from '../i18n';
import { formulasWordsOf } from '../i18n/formulas-words';

/** A Refresh all run in the pane's words: its bar's summary, and what each card says of its item. */

type PluralForms = { one: (count: string) => string; other: (count: string) => string };

/**
 * What a run says in its bar: "2 of 5…" while it runs, then its counts by outcome, only those that happened
 * ("3 refreshed, 1 failed, 1 needs you, 12 formulas recalculated, 2 formulas failed"), prefixed "Stopped:" with how
 * many it never reached; then how many formulas show values from before, from when and why.
 */
export function runSummary(items: readonly RefreshItem[], running: boolean, { m, number, locale }: I18n, formulas?: FormulaTally): string {
  const counts = countOutcomes(items);
  if (running) return m.runProgress(number(counts.finished), number(counts.total));
  const plural = new Intl.PluralRules(locale);
  const words = formulasWordsOf(m);
  const parts: [PluralForms, number][] = [
    [m.runOutcome.refreshed, counts.refreshed],
    [m.runOutcome.failed, counts.failed],
    [m.runOutcome.needsYou, counts.needsYou],
    [m.runOutcome.notReached, counts.notReached],
    [m.runOutcome.formulas, formulas?.recalculated ?? 0],
    [words.failed, formulas?.failed ?? 0],
  ];
  const summary = parts
    .filter(([, count]) => count > 0)
    .map(([forms, count]) => (plural.select(count) === 'one' ? forms.one : forms.other)(number(count)))
    .join(', ');
  const run = counts.notReached ? m.runStopped(summary) : summary;
  const stale = formulas?.stale;
  if (!stale) return run;
  const staleWords = staleFormulasSentence(stale, { m, number, locale });
  return run ? `${run}. ${staleWords}` : staleWords;
}

/** "78 formulas show values from 10:42: the data API could not be reached." */
export function staleFormulasSentence(stale: StaleFormulas, { m, number, locale }: Pick<I18n, 'm' | 'number' | 'locale'>): string {
  const { stale: forms } = formulasWordsOf(m);
  const form = new Intl.PluralRules(locale).select(stale.count) === 'one' ? forms.one : forms.other;
  return form(number(stale.count), timeOf(stale.since, locale));
}

/** A time of today as hours and minutes ("10:42"); another day's with its date. */
function timeOf(at: number, locale: string): string {
  const when = new Date(at);
  const today = new Date().toDateString() === when.toDateString();
  return new Intl.DateTimeFormat(locale, today ? { hour: '2-digit', minute: '2-digit' } : { dateStyle: 'medium', timeStyle: 'short' }).format(when);
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
