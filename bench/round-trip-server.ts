import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { startPlatform } from '../server/app';
import { serveBuild } from '../test/browser/support/serve';

/** Where the fronts listen, the certificate the HTTP/2 one is served on, and an admin's API key. */
export interface FrontAddresses {
  h2: { url: string; cert: string };
  http1: { url: string };
  adminToken: string;
}

/** The platform and its fronts, on a thread of their own. */
export interface FrontsThread extends FrontAddresses {
  close(): Promise<void>;
}

/** What the worker is started with, so only the thread started for it serves (not a test runner's worker that loads this file). */
const ROLE = 'round-trip fronts';
const STOP = 'stop';

/**
 * A local platform behind two fronts (test/browser/support/serve.ts; they serve nothing static, an empty folder),
 * on a worker thread: an HTTPS front speaking HTTP/2 and a plain HTTP/1.1 one, both keeping their connections to
 * the platform alive. A hosted platform and its proxy run on machines of their own: on the benchmark's own thread
 * they would take their turns on the one thread the add-in and the host emulator run on, in the middle of its
 * waits for them.
 */
export async function startFrontsThread(): Promise<FrontsThread> {
  // The benchmark runs under `node -r @swc-node/register`, which the worker inherits: it loads this file as is.
  const worker = new Worker(__filename, { workerData: { role: ROLE } });
  const addresses = await new Promise<FrontAddresses>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`The platform's thread ended (${code}) before it listened`)));
  });
  return {
    ...addresses,
    close: async () => {
      const ended = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage(STOP);
      await ended;
    },
  };
}

/** The worker's side: starts the platform and its fronts, says where they listen, and closes them when told to. */
async function serveFronts(port: NonNullable<typeof parentPort>): Promise<void> {
  const emptyDir = mkdtempSync(join(tmpdir(), 'report-sync-round-trip-'));
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  const h2 = await serveBuild(emptyDir, emptyDir, { http2: true });
  const http1 = await serveBuild(emptyDir, emptyDir);
  h2.platformUrl = platform.url;
  http1.platformUrl = platform.url;
  const stop = async () => {
    await h2.close();
    await http1.close();
    await platform.close();
    rmSync(emptyDir, { recursive: true, force: true });
    port.close();
  };
  port.on('message', (message) => {
    // A failure to close is thrown in the worker, which ends it: the thread that waits for its end goes on.
    if (message === STOP) void stop();
  });
  port.postMessage({ h2: { url: h2.url, cert: h2.certificate!.cert }, http1: { url: http1.url }, adminToken: platform.tokens.admin } satisfies FrontAddresses);
}

// A failure to start is thrown in the worker, which the thread that started it hears as its 'error'.
if (parentPort && (workerData as { role?: string } | null)?.role === ROLE) void serveFronts(parentPort);
