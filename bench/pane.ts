import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { startPlatform } from '../server/app';
import { launchBrowser } from '../test/browser/support/browser';
import { serveBuild } from '../test/browser/support/serve';
import { fastestMean, median, type BenchResult } from './measure';
import { productionBuild } from './production-build';

const root = join(__dirname, '..');
const INITIAL_SCRIPT_BUDGET_BYTES = 150 * 1000;
const PAINT_RUNS = 15;
/**
 * Each page's paint is the mean of its fastest third of runs: other work on the machine only ever adds time to a
 * paint of 100–200 ms, and the fastest met the least of it (issue 43: the medians' ratio followed the machine's load,
 * 1.4 idle and 2.0 beside the test suite). The pages alternate, so both meet the same load.
 */
const FASTEST = 1 / 3;


/** The scripts a page loads before it can render: those its HTML names (lazy chunks come later). */
function initialScripts(output: string, page: string): string[] {
  const html = readFileSync(join(output, page), 'utf8');
  // Production HTML is minified, attribute quotes included.
  const sources = [...html.matchAll(/<script[^>]*\ssrc=["']?([^"'\s>]+)/g)].map((m) => m[1]!);
  const local = sources.filter((src) => !/^(https?:)?\/\//.test(src) && !src.startsWith('/office-js/'));
  if (local.length === 0) throw new Error(`${page} names no script of its own`);
  return local;
}

const gzipBytes = (output: string, files: string[]) => files.reduce((sum, file) => sum + gzipSync(readFileSync(join(output, file)), { level: 9 }).length, 0);

export async function paneBenchmarks(): Promise<BenchResult[]> {
  const output = mkdtempSync(join(tmpdir(), 'report-sync-bench-build-'));
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  const server = await serveBuild(output, join(root, 'node_modules', '@microsoft', 'office-js', 'dist'));
  try {
    // The baseline: an empty Fluent UI page built the same way, for the paint comparison.
    await productionBuild(output, {
      baseline: { entry: './bench/fluent-baseline.tsx', html: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title></head><body><div id="root"></div></body></html>' },
    });
    server.platformUrl = platform.url;
    const taskpaneScripts = initialScripts(output, 'taskpane.html');
    const initialGzip = gzipBytes(output, taskpaneScripts);

    browser = await launchBrowser();
    const page = await browser.context.newPage();
    // Cold loads: nothing from the HTTP cache, as for a user opening the pane for the first time.
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    /** Milliseconds from navigation start until the page's meaningful content is on screen. */
    const paint = async (path: string, selector: string) => {
      await page.goto('about:blank');
      // eslint-disable-next-line no-restricted-syntax -- about:blank may deny storage (an opaque origin); with nothing to clear, nothing is lost.
      await page.evaluate(() => localStorage.clear()).catch(() => undefined);
      await page.goto(`${server.url}${path}`, { waitUntil: 'commit' });
      const handle = await page.waitForFunction(
        (s) => {
          const element = document.querySelector(s);
          return element && element.getBoundingClientRect().height > 0 ? performance.now() : null;
        },
        selector,
        { polling: 'raf', timeout: 30_000 },
      );
      return (await handle.jsonValue()) as number;
    };
    const pane: number[] = [];
    const baseline: number[] = [];
    // Side by side, alternating, so both see the same machine conditions.
    for (let i = 0; i < PAINT_RUNS; i += 1) {
      baseline.push(await paint('/baseline.html', '#ready'));
      pane.push(await paint('/workbench.html', 'form[aria-label] button[type="submit"]'));
    }
    const paneMs = fastestMean(pane, FASTEST);
    const baselineMs = fastestMean(baseline, FASTEST);
    return [
      {
        name: 'Task pane initial script (production build, gzip -9 of the scripts taskpane.html loads)',
        figures: { 'initial KB': initialGzip / 1000, scripts: taskpaneScripts.length },
        bound: { description: `initial script ≤ ${INITIAL_SCRIPT_BUDGET_BYTES / 1000} KB gzipped`, met: initialGzip <= INITIAL_SCRIPT_BUDGET_BYTES },
      },
      {
        name: `First meaningful paint, cold cache, the fastest third of ${PAINT_RUNS} (workbench: the pane's Sign in button; baseline: an empty Fluent page's text)`,
        figures: {
          'workbench ms': paneMs, 'empty Fluent page ms': baselineMs, ratio: paneMs / baselineMs,
          'workbench median ms': median(pane), 'empty Fluent page median ms': median(baseline),
        },
        bound: { description: 'workbench ≤ 2 × empty Fluent page', met: paneMs <= 2 * baselineMs },
      },
    ];
  } finally {
    await browser?.close();
    await server.close();
    await platform.close();
    rmSync(output, { recursive: true, force: true });
  }
}
