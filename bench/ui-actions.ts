import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startPlatform, type RunningPlatform } from '../server/app';
import { CoreDataClient, dataApiBase, DeploymentTokenManager, PlatformClient } from '../src/client';
import { launchBrowser } from '../test/browser/support/browser';
import { serveBuild } from '../test/browser/support/serve';
import type { BenchResult } from './measure';
import { productionBuild } from './production-build';
import { builderChange, openBuilder, paneStart, placeForPaneStart, placeReport, refreshPlaced, type UiSession } from './ui-actions-flows';
import { requestOrder, uiActionResult, UI_ACTIONS, type ActionRuns, type Protocol, type UiActionKey } from './ui-actions-report';
import type { ActionTiming } from './ui-actions-timing';

const root = join(__dirname, '..');
/** A remote host's round trip per sync: Excel on the web over a good connection, and over a slow one. */
const ROUND_TRIPS_MS = [50, 150];
const PROTOCOLS: Protocol[] = ['HTTP/2', 'HTTP/1.1'];
/** What Resource Timing's `nextHopProtocol` says for each. */
const NEXT_HOP: Record<Protocol, string> = { 'HTTP/2': 'h2', 'HTTP/1.1': 'http/1.1' };
const RUNS = 5;

/** The name of the webpack runtime's chunk list on `window` (`output.chunkLoadingGlobal`), read from the built workbench script. */
function chunkLoadingGlobal(output: string): string {
  const html = readFileSync(join(output, 'workbench.html'), 'utf8');
  const script = /<script[^>]*\ssrc=["']?([^"'\s>]+)/.exec(html)?.[1];
  const name = script && /webpackChunk[\w$]+/.exec(readFileSync(join(output, script), 'utf8'))?.[0];
  if (!name) throw new Error('the workbench script names no webpack chunk list: its start cannot be seen');
  return name;
}

/**
 * Notes in every page the moment the workbench's own script starts running: the webpack runtime, at the top of
 * that script, reaches for its chunk list on `window` before any module runs.
 */
async function watchScriptStart(page: Page, chunkGlobal: string): Promise<void> {
  await page.addInitScript((name) => {
    performance.setResourceTimingBufferSize(100_000);
    const seen = window as unknown as { uiScriptStartedAt?: number };
    let value: unknown;
    Object.defineProperty(window, name, {
      configurable: true,
      get() {
        seen.uiScriptStartedAt ??= performance.now();
        return value;
      },
      set(next: unknown) {
        seen.uiScriptStartedAt ??= performance.now();
        value = next;
      },
    });
  }, chunkGlobal);
}

async function scriptStartedAt(page: Page): Promise<number> {
  const at = await page.evaluate(() => (window as unknown as { uiScriptStartedAt?: number }).uiScriptStartedAt);
  if (at === undefined) throw new Error("the workbench's script was not seen starting");
  return at;
}

/** The analyst's `/v1/load`, straight to the platform: what the builder's cells should show. */
async function analystLoad(platform: RunningPlatform): Promise<UiSession['load']> {
  const client = new PlatformClient({ baseUrl: platform.url, accessToken: () => platform.tokens.analyst });
  const deployment = (await client.listDeployments()).find((d) => d.name === 'Sales Analytics')!;
  // The platform names its data API at its public address (the build's server, perhaps on a self-signed
  // certificate); the same path on the platform itself answers the same.
  const published = new URL(dataApiBase(deployment, await client.listEnvironments(deployment.id)));
  const apiUrl = new URL(published.pathname + published.search, platform.url).href;
  const data = new CoreDataClient({ apiUrl, tokens: new DeploymentTokenManager(client, deployment.id) });
  return (query) => data.load(query);
}

/** Every request went over `protocol`: the figures are for the protocol they are printed under. */
function checkProtocol(runs: ActionTiming[], protocol: Protocol): void {
  const other = runs.flatMap((r) => r.requests).find((r) => r.protocol !== undefined && r.protocol !== NEXT_HOP[protocol]);
  if (other) throw new Error(`${other.what} went over ${other.protocol}, not ${protocol}`);
}

/** `times` runs of `run`, one after another. */
async function repeat(times: number, run: () => Promise<ActionTiming>): Promise<ActionTiming[]> {
  const runs: ActionTiming[] = [];
  for (let i = 0; i < times; i += 1) runs.push(await run());
  return runs;
}

/** Every action at every round trip over one protocol, on a platform of its own behind the server of the build. */
async function measureOver(protocol: Protocol, output: string, context: Awaited<ReturnType<typeof launchBrowser>>['context'], chunkGlobal: string, roundTrips: number[]): Promise<ActionRuns[]> {
  const server = await serveBuild(output, join(root, 'node_modules', '@microsoft', 'office-js', 'dist'), { http2: protocol === 'HTTP/2' });
  const platform = await startPlatform({ dataDir: ':memory:', port: 0, publicUrl: server.url });
  const page = await context.newPage();
  try {
    server.platformUrl = platform.url;
    await watchScriptStart(page, chunkGlobal);
    const session: UiSession = { page, url: `${server.url}/workbench.html`, token: platform.tokens.analyst, load: await analystLoad(platform) };
    const measured: ActionRuns[] = [];
    const add = (action: UiActionKey, roundTripMs: number, runs: ActionTiming[], extra: Partial<ActionRuns> = {}) => {
      checkProtocol(runs, protocol);
      measured.push({ action, protocol, roundTripMs, runs, ...extra });
    };
    // The pane's start first: the actions after it start from fresh workbooks.
    await placeForPaneStart(session);
    // Each round: the page's own start (syncs answered at once), then the start at each round trip, so every start
    // at a round trip has one beside it that met the same load on the machine.
    const starts = roundTrips.map(() => ({ runs: [] as ActionTiming[], scriptStarts: [] as number[], ownStartMs: [] as number[] }));
    for (let i = 0; i < RUNS; i += 1) {
      const own = await paneStart(session, 0);
      for (const [t, roundTripMs] of roundTrips.entries()) {
        starts[t]!.runs.push(await paneStart(session, roundTripMs));
        starts[t]!.scriptStarts.push(await scriptStartedAt(page));
        starts[t]!.ownStartMs.push(own.wallMs - own.dataMs);
      }
    }
    for (const [t, roundTripMs] of roundTrips.entries()) {
      const { runs, scriptStarts, ownStartMs } = starts[t]!;
      add('paneStart', roundTripMs, runs, { scriptStartedAt: scriptStarts, ownStartMs });
    }
    for (const roundTripMs of roundTrips) {
      add('place', roundTripMs, await repeat(RUNS, () => placeReport(session, roundTripMs)));
      // The last workbook placed holds the report: refreshed, then the builder beside it.
      add('refresh', roundTripMs, await repeat(RUNS, () => refreshPlaced(session, roundTripMs)));
      const results = await openBuilder(session);
      add('builder', roundTripMs, await repeat(RUNS, () => builderChange(session, roundTripMs, results)));
    }
    return measured;
  } finally {
    await page.close();
    await server.close();
    await platform.close();
  }
}

/**
 * Issue 43: what the user waits for. Four actions done through the pane's visible controls in the workbench
 * (production build, Chromium), the host answering each sync after a round trip (`?delayMs=`, or the same delay set
 * for the click alone), the Platform API reached over HTTP/2 (HTTPS) and, apart, over HTTP/1.1. Per action: the
 * median of RUNS runs of the wall time to the outcome the user sees, the data API's own time inside it (Resource
 * Timing, overlaps counted once) and the round trips beyond it, (wall − data) / round trip; bounds judged at 150 ms
 * over HTTP/2. `BENCH_VERBOSE=1` prints the median run's syncs and requests in order, with what each waited for.
 * `BENCH_ROUND_TRIPS=150` and `BENCH_PROTOCOLS=HTTP/2` run a part. test/browser/ui-action-counts.test.ts counts the
 * same actions' syncs and requests, untimed, so a regression fails the tests.
 */
export async function uiActionsBenchmark(): Promise<BenchResult[]> {
  const output = mkdtempSync(join(tmpdir(), 'report-sync-bench-build-'));
  const roundTrips = process.env.BENCH_ROUND_TRIPS?.split(',').map(Number) ?? ROUND_TRIPS_MS;
  const protocols = (process.env.BENCH_PROTOCOLS?.split(',') as Protocol[] | undefined) ?? PROTOCOLS;
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  try {
    await productionBuild(output);
    const chunkGlobal = chunkLoadingGlobal(output);
    browser = await launchBrowser({ acceptCertificate: true });
    const measured: ActionRuns[] = [];
    for (const protocol of protocols) measured.push(...(await measureOver(protocol, output, browser.context, chunkGlobal, roundTrips)));
    // Grouped by action, then protocol, then round trip.
    const actions = Object.keys(UI_ACTIONS) as UiActionKey[];
    const ordered = actions.flatMap((action) => protocols.flatMap((protocol) => roundTrips.map((roundTripMs) =>
      measured.find((m) => m.action === action && m.protocol === protocol && m.roundTripMs === roundTripMs)!)));
    if (process.env.BENCH_VERBOSE) for (const m of ordered) process.stdout.write(`${requestOrder(m)}\n\n`);
    return ordered.map(uiActionResult);
  } finally {
    await browser?.close();
    rmSync(output, { recursive: true, force: true });
  }
}
