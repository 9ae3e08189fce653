import type { RefreshItem, RefreshState } from '../../src/monitoring/refresh-all';
import { countOutcomes } from '../../src/monitoring/refresh-all';
import { i18nFor } from '../../src/taskpane/i18n';
import { runSummary } from '../../src/taskpane/views/run-words';

const items = (...states: RefreshState[]) => states.map((state) => ({ state }) as RefreshItem);

describe("a Refresh all run's counts", () => {
  it('counts each item by its outcome; queued and refreshing ones are not finished', () => {
    expect(countOutcomes(items('done', 'failed', 'needs-attention', 'stopped', 'queued', 'refreshing', 'done'))).toEqual({
      total: 7, finished: 5, refreshed: 2, failed: 1, needsYou: 1, notReached: 1,
    });
  });
});

describe("a Refresh all run's summary", () => {
  const en = i18nFor('en-US');
  const de = i18nFor('de-DE');

  it('says only the outcomes that happened, never "4 of 4 refreshed" over failures', () => {
    expect(runSummary(items('done', 'done', 'failed', 'failed'), false, en)).toBe('2 refreshed, 2 failed');
    expect(runSummary(items('done', 'done', 'done', 'failed', 'needs-attention'), false, en)).toBe('3 refreshed, 1 failed, 1 needs you');
    expect(runSummary(items('needs-attention', 'needs-attention'), false, en)).toBe('2 need you');
    expect(runSummary(items('done'), false, en)).toBe('1 refreshed');
  });

  it("adds the formulas the run had Excel calculate again, alone when the workbook has no placements", () => {
    expect(runSummary(items('done', 'done'), false, en, fresh(12))).toBe('2 refreshed, 12 formulas recalculated');
    expect(runSummary([], false, en, fresh(1))).toBe('1 formula recalculated');
    expect(runSummary(items('done'), false, de, fresh(1200))).toBe('1 aktualisiert, 1.200 Formeln neu berechnet');
  });

  it('counts the formulas that failed beside those recalculated, in both languages', () => {
    const tally = { recalculated: 12, failed: 2, stale: null };
    expect(runSummary(items('done', 'done', 'done'), false, en, tally)).toBe('3 refreshed, 12 formulas recalculated, 2 formulas failed');
    expect(runSummary(items('done', 'done', 'done'), false, de, tally)).toBe('3 aktualisiert, 12 Formeln neu berechnet, 2 Formeln fehlgeschlagen');
    expect(runSummary([], false, en, { recalculated: 0, failed: 1, stale: null })).toBe('1 formula failed');
  });

  it('says how many formulas show values from before an outage, from when and why', () => {
    const at = new Date();
    at.setHours(10, 42, 0, 0);
    const stale = { recalculated: 0, failed: 1, stale: { count: 78, since: at.getTime() } };
    expect(runSummary([], false, en, stale)).toBe('1 formula failed. 78 formulas show values from 10:42 AM: the data API could not be reached.');
    expect(runSummary([], false, de, stale)).toBe('1 Formel fehlgeschlagen. 78 Formeln zeigen Werte von 10:42: Die Daten-API war nicht erreichbar.');
    expect(runSummary([], false, en, { recalculated: 0, failed: 0, stale: { count: 1, since: at.getTime() } }))
      .toBe('1 formula shows a value from 10:42 AM: the data API could not be reached.');
  });

  it('says how far a run has got while it runs', () => {
    expect(runSummary(items('done', 'failed', 'refreshing', 'queued', 'queued'), true, en)).toBe('2 of 5…');
  });

  it('says a stopped run was stopped and how many it never reached', () => {
    expect(runSummary(items('done', 'stopped', 'stopped'), false, en)).toBe('Stopped: 1 refreshed, 2 not reached');
  });

  it('speaks German with its plural forms and number format', () => {
    const many = [...items(...Array<RefreshState>(1200).fill('done')), ...items('needs-attention')];
    expect(runSummary(many, false, de)).toBe('1.200 aktualisiert, 1 wartet auf Sie');
    expect(runSummary(items('failed', 'needs-attention', 'needs-attention'), false, de)).toBe('1 fehlgeschlagen, 2 warten auf Sie');
    expect(runSummary(items('done', 'stopped'), false, de)).toBe('Angehalten: 1 aktualisiert, 1 nicht erreicht');
    expect(runSummary(items('done', 'queued', 'refreshing'), true, de)).toBe('1 von 3…');
  });
});

/** Formulas that all answered afresh. */
function fresh(recalculated: number) {
  return { recalculated, failed: 0, stale: null };
}
