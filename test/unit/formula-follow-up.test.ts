import type { FormulaTally } from '../../src/functions/formula-calls';
import type { FormulaCellFormats } from '../../src/ports/formula-cell-formats';
import { FormulaFollowUp } from '../../src/pane/formula-follow-up';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import { de } from '../../src/taskpane/i18n/de';
import { en } from '../../src/taskpane/i18n/en';
import { staleFormulasSentence } from '../../src/taskpane/views/run-words';
import { fakeWorkspace, words } from '../support/workspace-store-fakes';

/**
 * What follows a calculation of the RS formulas once its calls have settled: the pane told what they answered (so it
 * can say which show values from before, until a later calculation answers them afresh), and the cells waiting for
 * formats written as one batch. The service is stood in for: its tallies are written here by hand.
 */

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function serviceAnswering(tallies: FormulaTally[], cells: FormulaCellFormats[][]) {
  return {
    settled: async () => tallies.shift() ?? { recalculated: 0, failed: 0, stale: null },
    takeCellFormats: () => cells.shift() ?? [],
  };
}

describe('FormulaFollowUp', () => {
  it('tells what the formulas answered after each calculation, stale ones first and none once answered afresh', async () => {
    const told: FormulaTally[] = [];
    const stale = { recalculated: 0, failed: 0, stale: { count: 9, since: Date.UTC(2026, 11, 6, 10, 42) } };
    const fresh = { recalculated: 9, failed: 0, stale: null };
    const followUp = new FormulaFollowUp(serviceAnswering([stale, fresh], []), { cellFormats: null, settled: (tally) => told.push(tally) });
    followUp.calculated();
    await flush();
    followUp.calculated();
    await flush();
    expect(told).toEqual([stale, fresh]);
  });

  it('writes the cells of many answers in one batch, and those of calls answering meanwhile in the next', async () => {
    const batches: FormulaCellFormats[][] = [];
    const first = [{ address: 'Sheet1!B2', formats: [['$#,##0.00']] }, { address: 'Sheet1!C2', formats: [['$#,##0.00']] }];
    const later = [{ address: 'Sheet1!D2', formats: [['0.0%']] }];
    const followUp = new FormulaFollowUp(serviceAnswering([], [first, later]), {
      cellFormats: { formatWhereGeneral: async (cells) => void batches.push([...cells]) },
      settled: () => undefined,
    });
    // Three calls answer while the first follow-up waits: they are followed up once, after it.
    followUp.calculated();
    followUp.calculated();
    followUp.calculated();
    for (let i = 0; i < 5; i += 1) await flush();
    expect(batches).toEqual([first, later]);
  });

  it('tells and writes nothing once stopped (signed out)', async () => {
    const told: FormulaTally[] = [];
    const followUp = new FormulaFollowUp(serviceAnswering([], []), { cellFormats: null, settled: (tally) => told.push(tally) });
    followUp.stop();
    followUp.calculated();
    await flush();
    expect(told).toEqual([]);
  });
});

describe('the pane store and the outage sentence outside Refresh all', () => {
  it('holds the formulas showing values from before until a calculation answers them afresh, in the pane\'s words', () => {
    const store = new WorkspaceStore({ ports: fakeWorkspace([]).ports, writeDisabled: () => false, words, liveDebounceMs: 1 });
    expect(store.getState().staleFormulas).toBeNull();
    // 10:42 local time today, as the example.
    const since = new Date().setHours(10, 42, 0, 0);
    store.formulasSettled({ recalculated: 0, failed: 0, stale: { count: 78, since } });
    expect(store.getState().staleFormulas).toEqual({ count: 78, since });
    const number = (n: number) => String(n);
    expect(staleFormulasSentence({ count: 78, since }, { m: en, number, locale: 'en-GB' })).toBe('78 formulas show values from 10:42: the data API could not be reached.');
    expect(staleFormulasSentence({ count: 1, since }, { m: de, number, locale: 'de-DE' })).toBe('1 Formel zeigt einen Wert von 10:42: Die Daten-API war nicht erreichbar.');
    store.formulasSettled({ recalculated: 78, failed: 0, stale: null });
    expect(store.getState().staleFormulas).toBeNull();
  });
});
