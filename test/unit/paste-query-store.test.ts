import type { CubeMeta } from '../../src/contract';
import type { BuilderStart } from '../../src/builder/builder-state';
import type { ExplorationController } from '../../src/builder/exploration-controller';
import { ExplorationOpener } from '../../src/pane/exploration-opener';
import { PasteQueryStore } from '../../src/pane/paste-query-store';

/** "Paste a query" in Node: the form's store, over a model read as `/v1/meta` answers it, opening the real opener. */

const META: CubeMeta = {
  cubes: [{
    name: 'sales', type: 'view',
    measures: [{ name: 'sales.count', type: 'number' }, { name: 'sales.total_amount', type: 'number' }],
    dimensions: [{ name: 'sales.region', type: 'string' }, { name: 'sales.created_at', type: 'time' }],
    segments: [{ name: 'sales.completed' }],
  }],
};

/** A Playground query as its REST request sends it. */
const PLAYGROUND = {
  query: {
    measures: ['sales.total_amount'], dimensions: ['sales.region'], segments: ['sales.completed'],
    timeDimensions: [{ dimension: 'sales.created_at', dateRange: ['2024-01-01', '2024-12-31'] }],
    order: { 'sales.total_amount': 'desc' }, limit: 3,
  },
};

function setup(meta: (deploymentId: number, signal: AbortSignal) => Promise<CubeMeta | null> = async () => META) {
  const started: BuilderStart[] = [];
  const errors: unknown[] = [];
  const opener = new ExplorationOpener({
    createBuilder: async (how) => {
      started.push(how);
      return { open: async () => undefined } as unknown as ExplorationController;
    },
    getReport: async () => { throw new Error('not used'); },
    locate: async () => undefined,
    readDraft: async () => null,
    preferences: () => ({ openFromSheet: false, revealOnOpen: false }),
    onError: (error) => errors.push(error),
  });
  const reads: number[] = [];
  const store = new PasteQueryStore({
    meta: (deploymentId, signal) => {
      reads.push(deploymentId);
      return meta(deploymentId, signal);
    },
    open: (target, query) => opener.openQuery(target, query),
  });
  return { store, opener, started, errors, reads };
}

describe('PasteQueryStore', () => {
  it('opens a pasted Playground query in the builder, unwrapped, with the model it was checked against; the form goes', async () => {
    const { store, opener, started, reads, errors } = setup();
    store.show();
    store.setText(JSON.stringify(PLAYGROUND, null, 2));
    await store.submit(4);
    expect(reads).toEqual([4]);
    expect(started).toEqual([{ kind: 'answer', deploymentId: 4, query: { ...PLAYGROUND.query, order: [['sales.total_amount', 'desc']] }, meta: META }]);
    expect(opener.getState().builder).not.toBeNull();
    expect(store.getState()).toEqual({ shown: false, text: '', checking: false, problems: [], error: null, noModel: false });
    expect(errors).toEqual([]);
  });

  it('tells text that is no query without asking the data API', async () => {
    const { store, started, reads } = setup();
    store.show();
    store.setText('{"measures": ["sales.count"],}');
    await store.submit(4);
    expect(reads).toEqual([]);
    expect(started).toEqual([]);
    expect(store.getState()).toMatchObject({ shown: true, checking: false, problems: [{ kind: 'syntax', line: 1, column: 30, expected: 'property-name' }] });
  });

  it('lists every problem at once, the text’s and the model’s, and opens nothing', async () => {
    const { store, started } = setup();
    store.show();
    store.setText(JSON.stringify({ query: { measures: ['sales.region'], segments: ['sales.count'], limit: 0, filters: [{ member: 'sales.regoin', operator: 'equals', values: ['Europe'] }] } }));
    await store.submit(4);
    expect(started).toEqual([]);
    expect(store.getState().problems.map((p) => p.kind)).toEqual(['wrong-type', 'dimension-as-measure', 'not-a-segment', 'unknown-member']);
    expect(store.getState().shown).toBe(true);
  });

  it('keeps a failure to read the model, and tells a data API without one', async () => {
    const down = setup(async () => { throw new Error('unreachable'); });
    down.store.show();
    down.store.setText(JSON.stringify(PLAYGROUND));
    await down.store.submit(4);
    expect(down.store.getState()).toMatchObject({ checking: false, error: new Error('unreachable'), problems: [] });
    const none = setup(async () => null);
    none.store.show();
    none.store.setText(JSON.stringify(PLAYGROUND));
    await none.store.submit(4);
    expect(none.store.getState()).toMatchObject({ checking: false, noModel: true });
    expect([...down.started, ...none.started]).toEqual([]);
  });

  it('checks once while a check is under way, and drops its answer after Cancel', async () => {
    let answer!: (meta: CubeMeta) => void;
    let aborted = false;
    const { store, started, reads } = setup((_, signal) => new Promise((resolve) => {
      answer = resolve;
      signal.addEventListener('abort', () => { aborted = true; });
    }));
    store.show();
    store.setText(JSON.stringify(PLAYGROUND));
    const first = store.submit(4);
    const second = store.submit(4);
    expect(store.getState().checking).toBe(true);
    store.hide();
    answer(META);
    await Promise.all([first, second]);
    expect(reads).toEqual([4]);
    expect(aborted).toBe(true);
    expect(started).toEqual([]);
    expect(store.getState()).toMatchObject({ shown: false, checking: false, text: '' });
  });
});
