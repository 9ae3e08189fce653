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
import { PlatformClient } from '../../src/client';
import type { FetchLike } from '../../src/client/fetch-like';
import { noSleep } from '../support/local-platform';

/**
 * Issues 27 and 43: the pane's start, from the store's `start` (what the connected pane runs) to its placements listed
 * with their status, counted in Excel syncs on Office.js over the host emulator and in Platform API requests in series:
 * not timed (`npm run bench` times it in Chromium, bench/pane-start.ts). The cards need one read of the workbook (its
 * id, choices, sheets and the add-in's names, notes and options: `WorkbookStart`), then one round of platform requests
 * (the listing, and the reports placed here beside it), and no sync after the answer. Each bound is the least the
 * start needs, so a change that adds a sync or a request in series fails here.
 */
jest.setTimeout(120_000);

const local = useAnalystPlatform();
/** After the platform's answer: none (the placements' names, table notes and cell options were read with the id). */
const SYNCS_AFTER_ANSWER = 0;
/** In all, to the list: the one read of the workbook; following the selection and the checks come after the cards. */
const SYNCS_IN_ALL = 1;
/** The listing and the reports placed in the workbook, asked for together: one round trip to the platform. */
const PLATFORM_REQUESTS_IN_SERIES = 1;
const PLACED = [
  { cell: 'B3', dimension: 'orders.status' },
  { cell: 'H3', dimension: 'orders.region' },
  { cell: 'B20', dimension: 'orders.category' },
  { cell: 'H20', dimension: 'orders.customer_segment' },
];
/** Platform requests as they start and end, and how many stand in series (each after one that ended before it began). */
function requestsInSeries() {
  const sent: { path: string; start: number; end: number; depth: number }[] = [];
  let tick = 0;
  const fetch: FetchLike = async (input, init) => {
    const start = ++tick;
    const response = await globalThis.fetch(input, init);
    const end = ++tick;
    sent.push({ path: new URL(input).pathname, start, end, depth: 1 + Math.max(0, ...sent.filter((r) => r.end < start).map((r) => r.depth)) });
    return response;
  };
  return { fetch, sent, reset: () => void sent.splice(0), depth: () => Math.max(0, ...sent.map((r) => r.depth)) };
}

test('the pane lists a workbook of 4 placements with their status from one sync and one round of platform requests', async () => {
  const requests: HostRequest[] = [];
  const host = installWorkbook({ onRequest: (request) => requests.push(request) });
  const platform = requestsInSeries();
  const bench = await RoundTripBench.open(host, new PlatformClient({ baseUrl: local.t.platform.url, accessToken: () => local.t.platform.tokens.admin, sleep: noSleep, fetch: platform.fetch }));
  for (const [i, { cell, dimension }] of PLACED.entries()) {
    const report = await bench.report(`PaneStart00${i}`, [dimension]);
    await selectCell(cell, 'Sheet1');
    expect((await bench.service.place(report)).kind).toBe('done');
  }
  // What placing left running settles first: its syncs are not the start's.
  await new Promise((resolve) => setTimeout(resolve, 50));
  host.resetStats();
  requests.length = 0;
  platform.reset();

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
    const counts = { afterAnswer: syncsAtList! - syncsAtAnswer!, inAll: syncsAtList!, platformInSeries: platform.depth() };
    // On a failure, what each sync read and each request asked are said beside the counts.
    const reads = requests.filter((r) => !r.cleanup).map((r) => describeRequest(r).actions.join('; '));
    const within = counts.afterAnswer <= SYNCS_AFTER_ANSWER && counts.inAll <= SYNCS_IN_ALL && counts.platformInSeries <= PLATFORM_REQUESTS_IN_SERIES;
    expect(within ? counts : { ...counts, reads, sent: platform.sent }).toEqual(counts);
    expect(counts.afterAnswer).toBeLessThanOrEqual(SYNCS_AFTER_ANSWER);
    expect(counts.inAll).toBeLessThanOrEqual(SYNCS_IN_ALL);
    expect(counts.platformInSeries).toBeLessThanOrEqual(PLATFORM_REQUESTS_IN_SERIES);
  } finally {
    stop();
    await store.dispose();
  }
});
