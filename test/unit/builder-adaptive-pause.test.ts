import type { AppConfigResponse, User } from '../../src/contract';
import { emptyExploration } from '../../src/core/exploration';
import type { BuilderContext } from '../../src/builder/builder-host';
import type { BuilderPorts } from '../../src/builder/builder-ports';
import { DEFAULT_DEBOUNCE_MS, ExplorationController } from '../../src/builder/exploration-controller';
import type { DraftRecord } from '../../src/builder/exploration-draft';
import { ExplorationRuns, type RunStatus } from '../../src/builder/exploration-runs';

/**
 * Issue 43: with auto-run, a change the user chose (a click, a pick from a list) runs at once, and typing into a text
 * field runs once the typing pauses. Jest's fake timers stand in for the clock: nothing here waits for real time.
 */

const PAUSE_MS = 300;

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

/** A run that never answers (the test looks at which runs start), each remembered with its signal. */
function startedRuns() {
  const runs: { state: string; signal: AbortSignal }[] = [];
  const execute = (state: string, signal: AbortSignal) => {
    runs.push({ state, signal });
    return new Promise<void>(() => undefined);
  };
  return { runs, execute };
}

describe('when an automatic run starts', () => {
  it('runs a choice on the next tick, without waiting for the pause', () => {
    const { runs, execute } = startedRuns();
    const scheduler = new ExplorationRuns({ execute, onStatus: () => undefined, debounceMs: PAUSE_MS }, true);
    scheduler.change('by region');
    expect(runs).toHaveLength(0);
    jest.advanceTimersByTime(0);
    expect(runs.map((r) => r.state)).toEqual(['by region']);
  });

  it('runs three characters typed once, with the last, after the pause that follows them', () => {
    const { runs, execute } = startedRuns();
    const statuses: RunStatus<string>[] = [];
    const scheduler = new ExplorationRuns({ execute, onStatus: (s) => statuses.push(s), debounceMs: PAUSE_MS }, true);
    scheduler.change('1', 'typing');
    jest.advanceTimersByTime(120);
    scheduler.change('10', 'typing');
    jest.advanceTimersByTime(120);
    scheduler.change('100', 'typing');
    jest.advanceTimersByTime(PAUSE_MS - 1);
    expect(runs).toHaveLength(0);
    expect(statuses.at(-1)).toEqual({ kind: 'pending', state: '100' });
    jest.advanceTimersByTime(1);
    expect(runs.map((r) => r.state)).toEqual(['100']);
    jest.advanceTimersByTime(10 * PAUSE_MS);
    expect(runs).toHaveLength(1);
  });

  it('runs a choice made while typing pauses at once, with everything typed before it', () => {
    const { runs, execute } = startedRuns();
    const scheduler = new ExplorationRuns({ execute, onStatus: () => undefined, debounceMs: PAUSE_MS }, true);
    scheduler.change('limit 5', 'typing');
    scheduler.change('limit 5, by quarter');
    jest.advanceTimersByTime(0);
    expect(runs.map((r) => r.state)).toEqual(['limit 5, by quarter']);
    // The pause the typing started was cancelled with it: no second run.
    jest.advanceTimersByTime(PAUSE_MS);
    expect(runs).toHaveLength(1);
  });

  it('supersedes the run under way for an older state, whether the new change is typed or chosen', () => {
    const { runs, execute } = startedRuns();
    const scheduler = new ExplorationRuns({ execute, onStatus: () => undefined, debounceMs: PAUSE_MS }, true);
    scheduler.change('by region');
    jest.advanceTimersByTime(0);
    scheduler.change('by region, limit 1', 'typing');
    expect(runs[0]!.signal.aborted).toBe(true);
    jest.advanceTimersByTime(PAUSE_MS);
    scheduler.change('by status');
    expect(runs[1]!.signal.aborted).toBe(true);
    jest.advanceTimersByTime(0);
    expect(runs.map((r) => r.state)).toEqual(['by region', 'by region, limit 1', 'by status']);
  });

  it('waits for Run with auto-run off, typed or chosen', () => {
    const { runs, execute } = startedRuns();
    const scheduler = new ExplorationRuns({ execute, onStatus: () => undefined, debounceMs: PAUSE_MS }, false);
    scheduler.change('a');
    scheduler.change('ab', 'typing');
    jest.advanceTimersByTime(10 * PAUSE_MS);
    expect(runs).toHaveLength(0);
  });
});

describe('the builder\'s intents', () => {
  const user: User = { id: 7, username: 'a@example.com', email: 'a@example.com', isAdmin: false, notifications: {}, settings: { sheets: {} }, userPolicies: [] };
  const appConfig: AppConfigResponse = { applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: false };
  const draft: DraftRecord = {
    v: 1, deploymentId: 1, viewName: 'sales', reportId: null, placementId: null, written: null, writtenFor: null, cellsSaved: false,
    exploration: { ...emptyExploration(), measures: ['sales.total_amount'], filters: [{ member: 'sales.amount', operator: 'gt', values: ['1'] }] },
  };

  /** A builder on a kept draft whose queries never answer: which queries start, and which settings are written, is what is looked at. */
  function builder(autoRun: boolean) {
    const queries: unknown[] = [];
    const settingsWritten: string[] = [];
    const ports = {
      runner: { runDefinition: (_deploymentId: number, query: unknown) => (queries.push(query), new Promise(() => undefined)) },
      workbook: { writeSetting: async (key: string) => void settingsWritten.push(key) },
    } as unknown as BuilderPorts;
    const connection = { user: { ...user, settings: { sheets: { autoRunQueryOnChange: autoRun } } }, appConfig, updateSettings: async () => undefined };
    const context: BuilderContext = { ports, connection, describe: String, debounceMs: DEFAULT_DEBOUNCE_MS };
    return { controller: new ExplorationController(context, { kind: 'draft', draft }), queries, settingsWritten };
  }

  it('runs a limit chosen from a list at once, and one typed key by key once, after the pause', () => {
    const { controller, queries } = builder(true);
    controller.setLimit(10);
    jest.advanceTimersByTime(0);
    expect(queries).toEqual([expect.objectContaining({ limit: 10 })]);
    for (const typed of [2, 25, 250]) {
      controller.setLimit(typed, 'typing');
      jest.advanceTimersByTime(100);
    }
    expect(queries).toHaveLength(1);
    jest.advanceTimersByTime(DEFAULT_DEBOUNCE_MS - 100);
    expect(queries).toEqual([expect.objectContaining({ limit: 10 }), expect.objectContaining({ limit: 250 })]);
  });

  it('runs a filter value typed once the typing pauses, and the filter\'s condition chosen at once', () => {
    const { controller, queries } = builder(true);
    controller.setFilter(0, { member: 'sales.amount', operator: 'gt', values: ['25'] }, 'typing');
    expect(controller.getState().run).toEqual({ kind: 'pending' });
    jest.advanceTimersByTime(DEFAULT_DEBOUNCE_MS - 1);
    expect(controller.getState().run).toEqual({ kind: 'pending' });
    jest.advanceTimersByTime(1);
    expect(controller.getState().run).toEqual({ kind: 'running' });
    controller.setFilter(0, { member: 'sales.amount', operator: 'gte', values: ['25'] });
    jest.advanceTimersByTime(0);
    expect(controller.getState()).toMatchObject({ run: { kind: 'running' }, exploration: { filters: [{ operator: 'gte' }] } });
    expect(queries).toHaveLength(2);
  });

  it('leaves keeping the draft to the run\'s write with auto-run on, and keeps it at once with auto-run off', async () => {
    const on = builder(true);
    on.controller.setLimit(10);
    await jest.advanceTimersByTimeAsync(0);
    expect(on.settingsWritten).toEqual([]);
    const off = builder(false);
    off.controller.setLimit(10);
    await jest.advanceTimersByTimeAsync(DEFAULT_DEBOUNCE_MS);
    expect(off.queries).toEqual([]);
    expect(off.settingsWritten).toEqual(['reportSync.exploration']);
  });
});
