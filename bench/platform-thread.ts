import { subscribe } from 'node:diagnostics_channel';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { parentPort, Worker, workerData } from 'node:worker_threads';
import { startPlatform } from '../server/app';
import type { FaultRule } from '../server/faults';
import type { DevTokens } from '../server/store/seed';

/** The local platform on a worker thread: its address, its users' API keys, and what the benchmark asks of it. */
export interface PlatformThread {
  url: string;
  tokens: DevTokens;
  /** Replaces the platform's fault rules (`FaultInjector.set`). */
  setFaults(rules: FaultRule[]): Promise<void>;
  /** How long the platform took over each `/v1/load` answered since the last call, in ms, on its own thread. */
  takeLoadTimes(): Promise<number[]>;
  close(): Promise<void>;
}

/** What the worker is started with, so only the thread started for it serves (not a test runner's worker that loads this file). */
const ROLE = 'refresh-all platform';

type Command = { kind: 'faults'; rules: FaultRule[] } | { kind: 'load times' } | { kind: 'stop' };

/**
 * Starts the local platform (in memory) on a thread of its own. A hosted platform runs on a machine of its own: on
 * the benchmark's thread, its work for one request would wait behind the add-in's, and the add-in's behind its,
 * so neither's time could be told apart.
 */
export async function startPlatformThread(): Promise<PlatformThread> {
  // The benchmark runs under `node -r @swc-node/register`, which the worker inherits: it loads this file as is.
  const worker = new Worker(__filename, { workerData: { role: ROLE } });
  const answer = <T>() => new Promise<T>((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    const ended = (code: number) => reject(new Error(`The platform's thread ended (${code})`));
    worker.once('message', (message: T) => {
      worker.off('error', fail).off('exit', ended);
      resolve(message);
    });
    worker.once('error', fail).once('exit', ended);
  });
  const ask = <T>(command: Command) => {
    const answered = answer<T>();
    worker.postMessage(command);
    return answered;
  };
  const { url, tokens } = await answer<{ url: string; tokens: DevTokens }>();
  return {
    url,
    tokens,
    setFaults: (rules) => ask({ kind: 'faults', rules }),
    takeLoadTimes: () => ask({ kind: 'load times' }),
    close: async () => {
      const ended = new Promise((resolve) => worker.once('exit', resolve));
      worker.postMessage({ kind: 'stop' } satisfies Command);
      await ended;
    },
  };
}

/** The worker's side: starts the platform, times its `/v1/load` answers, and does what it is told. */
async function servePlatform(port: NonNullable<typeof parentPort>): Promise<void> {
  const platform = await startPlatform({ dataDir: ':memory:', port: 0 });
  let loadTimes: number[] = [];
  // Node's own HTTP server events: from a request's headers until the last byte of its answer was handed to the socket.
  subscribe('http.server.request.start', (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    if (request.method !== 'POST' || !request.url?.startsWith('/cubejs-api/v1/load')) return;
    const started = performance.now();
    response.once('finish', () => loadTimes.push(performance.now() - started));
  });
  port.on('message', (command: Command) => {
    if (command.kind === 'faults') {
      platform.faults.set(command.rules);
      port.postMessage(null);
    } else if (command.kind === 'load times') {
      port.postMessage(loadTimes);
      loadTimes = [];
    } else {
      // A failure to close is thrown in the worker, which ends it: the thread that waits for its end goes on.
      void platform.close().then(() => port.close());
    }
  });
  port.postMessage({ url: platform.url, tokens: platform.tokens });
}

// A failure to start is thrown in the worker, which the thread that started it hears as its 'error'.
if (parentPort && (workerData as { role?: string } | null)?.role === ROLE) void servePlatform(parentPort);
