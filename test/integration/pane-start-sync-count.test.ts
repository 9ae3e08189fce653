/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { RoundTripBench } from '../../bench/round-trip-actions';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import type { HostRequest } from '../../workbench/excel-host';
import { describeRequest } from '../../workbench/request-log';
import { installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { words } from '../support/workspace-store-fakes';
import { storePorts } from '../../src/pane/compose/parts';

/**
 * Issue 27: the pane's start, from the store's `start` (what the connected pane runs) to its placements listed with
 * their status, counted in Excel syncs on Office.js over the host emulator: not timed (`npm run bench` times it in
 * Chromium, bench/pane-start.ts). The target is ≤ 3 round trips once the platform has answered the placements' listing;
 * today it takes 1 (the placements' names, table notes and cell options, read in one request). Each bound is today's
 * count, so a change that adds a sync fails here; lower it when an optimisation reaches a lower count.
 */
jest.setTimeout(120_000);

const local = useAnalystPlatform();
/** After the platform's answer: the placements' cells by their names, with their table notes and cell options. */
const SYNCS_AFTER_ANSWER = 1;
/**
 * In all, to the list: the selection's event registered and read (2), the refresh-on-open property (1), the workbook's
 * state before asking the platform (1), and the one after its answer.
 */
const SYNCS_IN_ALL = 5;
const PLACED = [
  { cell: 'B3', dimension: 'orders.status' },
  { cell: 'H3', dimension: 'orders.region' },
  { cell: 'B20', dimension: 'orders.category' },
  { cell: 'H20', dimension: 'orders.customer_segment' },
];

test('the pane lists a workbook of 4 placements with their status in 1 sync after the platform answers', async () => {
  const requests: HostRequest[] = [];
  const host = installWorkbook({ onRequest: (request) => requests.push(request) });
  const bench = await RoundTripBench.open(host, local.t.admin);
  for (const [i, { cell, dimension }] of PLACED.entries()) {
    const report = await bench.report(`PaneStart00${i}`, [dimension]);
    await selectCell(cell, 'Sheet1');
    expect((await bench.service.place(report)).kind).toBe('done');
  }
  // What placing left running settles first: its syncs are not the start's.
  await new Promise((resolve) => setTimeout(resolve, 50));
  host.resetStats();
  requests.length = 0;

  const registry = bench.workspace.registry;
  const list = registry.list.bind(registry);
  let syncsAtAnswer: number | null = null;
  jest.spyOn(registry, 'list').mockImplementation(async (...args) => {
    const listed = await list(...args);
    syncsAtAnswer = host.stats.syncs;
    return listed;
  });
  const store = new WorkspaceStore({ ports: storePorts(bench.workspace), writeDisabled: () => false, words, liveDebounceMs: 1 });
  let syncsAtList: number | null = null;
  const stop = store.subscribe(() => {
    if (syncsAtList === null && store.getState().placements) syncsAtList = host.stats.syncs;
  });
  try {
    await store.start({ visible: true });
    const listed = store.getState().placements ?? [];
    expect(listed).toHaveLength(PLACED.length);
    // Each with the platform's status on its card.
    expect([...store.cards().values()].map((card) => card.status)).toEqual(PLACED.map(() => 'UP_TO_DATE'));
    const counts = { afterAnswer: syncsAtList! - syncsAtAnswer!, inAll: syncsAtList! };
    // On a failure, what each sync read is said beside the counts.
    const reads = requests.filter((r) => !r.cleanup).map((r) => describeRequest(r).actions.join('; '));
    const within = counts.afterAnswer <= SYNCS_AFTER_ANSWER && counts.inAll <= SYNCS_IN_ALL;
    // Target (issue 27): ≤ 3 round trips after the platform answers; the least it needs is 0 (the names read before asking).
    expect(within ? counts : { ...counts, reads }).toEqual(counts);
    expect(counts.afterAnswer).toBeLessThanOrEqual(SYNCS_AFTER_ANSWER);
    expect(counts.inAll).toBeLessThanOrEqual(SYNCS_IN_ALL);
  } finally {
    stop();
    await store.dispose();
  }
});
