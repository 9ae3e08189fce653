import { useCallback, useState } from 'react';
import type { RunItemState } from '../../core/card-state';
import type { PlacementService, WorkbookPlacement } from '../../placements/placement-service';
import {
  countOutcomes, standingHandEdits, startRefreshAll, withHandEditsUndone, type RefreshAllRun, type RefreshItem,
} from '../../monitoring/refresh-all';
import { placementKey } from '../../placements/workbook-placements';
import { useI18n, type I18n, type Messages } from '../i18n';
import type { PlacementOutcome } from './PlacementsView';

export interface RefreshAllState {
  handle: RefreshAllRun;
  items: readonly RefreshItem[];
  running: boolean;
}

type PluralForms = { one: (count: string) => string; other: (count: string) => string };

/**
 * What a run says in its bar: "2 of 5…" while it runs, then its counts by outcome, only those that happened
 * ("3 refreshed, 1 failed, 1 needs you"), prefixed "Stopped:" with how many it never reached.
 */
export function runSummary(items: readonly RefreshItem[], running: boolean, { m, number, locale }: I18n): string {
  const counts = countOutcomes(items);
  if (running) return m.runProgress(number(counts.finished), number(counts.total));
  const plural = new Intl.PluralRules(locale);
  const parts: [PluralForms, number][] = [
    [m.runOutcome.refreshed, counts.refreshed],
    [m.runOutcome.failed, counts.failed],
    [m.runOutcome.needsYou, counts.needsYou],
    [m.runOutcome.notReached, counts.notReached],
  ];
  const summary = parts
    .filter(([, count]) => count > 0)
    .map(([forms, count]) => (plural.select(count) === 'one' ? forms.one : forms.other)(number(count)))
    .join(', ');
  return counts.notReached ? m.runStopped(summary) : summary;
}

/** Why an item needs the user: the cells edited by hand or in the way, or the failure's words. */
function attention(item: RefreshItem, m: Messages): string | null {
  const outcome = item.outcome;
  if (outcome?.kind === 'hand-edits') return m.attentionEdited(outcome.cells.slice(0, 3).join(', '));
  if (outcome?.kind === 'needs-confirmation') return m.attentionInTheWay(outcome.foreignCells.slice(0, 3).join(', '));
  return item.reason;
}

/**
 * Per placement key, what its card needs of a run's item (`cardState` weighs it). An item whose hand edits were
 * typed back since has no say: its card shows the platform's status.
 */
export function runItemStates(items: readonly RefreshItem[], m: Messages): Map<string, RunItemState> {
  return new Map(items.filter((item) => !item.handEditsUndone).map((item): [string, RunItemState] => [placementKey(item.entry), {
    state: item.state,
    reason: attention(item, m),
    handEdits: item.outcome?.kind === 'hand-edits',
    startedFrom: item.entry.placement.refreshedAt ?? null,
    recorded: item.outcome?.kind === 'done' ? item.outcome.placement.refreshedAt ?? null : null,
  }]));
}

/**
 * "Refresh all": its progress item by item, Stop, and what it ended with, shown until `dismiss` (the next
 * action) or the next run. Starting clears its placements' earlier outcomes in the pane, since the run is
 * newer. Dismissing keeps the hand edits it found as their placements' outcomes, since they stay true of the
 * cells; its failures and the cells in the way were the run's messages and go with it. Hand edits typed back
 * since (`handEditsUndone`, told by the live check) are no longer true: they go from the run, and are not kept.
 */
export function useRefreshAll(
  service: PlacementService, describe: (error: unknown) => string, m: Messages,
  settle: (changes: [key: string, outcome: PlacementOutcome | null][]) => void, reload: () => Promise<void>,
) {
  const i18n = useI18n();
  const [allRun, setAllRun] = useState<RefreshAllState | null>(null);

  const refreshAll = async (refreshable: WorkbookPlacement[]) => {
    if (!refreshable.length) return;
    settle(refreshable.map((entry) => [placementKey(entry), null]));
    const handle = startRefreshAll(service, refreshable, {
      describe,
      onUpdate: (items) => setAllRun((current) => (current ? { ...current, items: [...items] } : current)),
    });
    setAllRun({ handle, items: [...handle.items], running: true });
    const items = await handle.done;
    setAllRun({ handle, items: [...items], running: false });
    await reload();
  };

  /** Clears a finished run's summary and its items' messages; a run under way stays. */
  const dismiss = () => {
    if (!allRun || allRun.running) return;
    settle(allRun.items.flatMap((item): [string, PlacementOutcome][] =>
      standingHandEdits(item) ? [[placementKey(item.entry), { state: 'EDITED', reason: attention(item, m) ?? undefined }]] : []));
    setAllRun(null);
  };

  /** A placement's cells hold what was last written again: hand edits the finished run found there are gone. */
  const handEditsUndone = useCallback((key: string) => {
    setAllRun((current) => {
      if (!current || current.running) return current;
      const items = withHandEditsUndone(current.items, key);
      return items === current.items ? current : { ...current, items };
    });
  }, []);

  const runStates = runItemStates(allRun?.items ?? [], m);
  const summary = allRun ? runSummary(allRun.items, allRun.running, i18n) : null;
  return { allRun, refreshAll, runStates, summary, dismiss, handEditsUndone };
}
