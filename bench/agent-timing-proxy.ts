import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';

/**
 * A pass-through proxy in front of the local platform that times the agent from outside: for each
 * `…/chat/stream-chat-state` request, the milliseconds from the request reaching it to the first frame of the
 * answer (`graphPath[0] === "final"` with content) passing back through it. That is the agent's own time to its
 * first answer frame for that very request, measured where no page's main thread can delay it.
 */
export interface AgentTimingProxy {
  url: string;
  /** The first-answer-frame times of the stream requests since the last call, in the order they were made. */
  take(): number[];
  close(): Promise<void>;
}

const STREAM_PATH = /\/chat\/stream-chat-state$/;

export async function startAgentTimingProxy(platformUrl: string): Promise<AgentTimingProxy> {
  let timings: number[] = [];
  const server: Server = createServer((req, res) => {
    const start = performance.now();
    const url = new URL(req.url ?? '/', platformUrl);
    const timed = req.method === 'POST' && STREAM_PATH.test(url.pathname);
    const upstream = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      if (timed) {
        let buffered = '';
        let seen = false;
        answer.on('data', (chunk: Buffer) => {
          if (seen) return;
          buffered += chunk.toString('utf8');
          for (let end = buffered.indexOf('\n'); end >= 0 && !seen; end = buffered.indexOf('\n')) {
            const line = buffered.slice(0, end).trim();
            buffered = buffered.slice(end + 1);
            const frame = line ? (JSON.parse(line) as { graphPath?: string[]; content?: string }) : null;
            if (frame?.graphPath?.[0] === 'final' && frame.content) {
              seen = true;
              timings.push(performance.now() - start);
            }
          }
        });
      }
      answer.pipe(res);
    });
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    take: () => {
      const taken = timings;
      timings = [];
      return taken;
    },
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}
