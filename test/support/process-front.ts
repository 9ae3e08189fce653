import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One address in front of several platform processes, as a team's load balancer puts it: each request goes, on a
 * connection of its own, to the process `pick` names (a port). A process that is gone breaks the requests sent to it,
 * as a load balancer without health checks would.
 */
export interface ProcessFront {
  url: string;
  /** How many requests each port was sent, by port. */
  readonly requests: ReadonlyMap<number, number>;
  close(): Promise<void>;
}

export async function processFront(pick: () => number): Promise<ProcessFront> {
  const requests = new Map<number, number>();
  const server = createServer((req, res) => {
    const port = pick();
    requests.set(port, (requests.get(port) ?? 0) + 1);
    const upstream = request({ host: '127.0.0.1', port, method: req.method, path: req.url, headers: req.headers, agent: false }, (answer) => {
      res.writeHead(answer.statusCode!, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    }),
  };
}

/** Each request to the next process in turn. */
export function roundRobinFront(ports: readonly number[]): Promise<ProcessFront> {
  let next = 0;
  return processFront(() => ports[next++ % ports.length]!);
}

/** Each request to `target`, which the test switches (a sign-in begun on one process and finished on another). */
export async function switchableFront(): Promise<ProcessFront & { target: number }> {
  const front = { target: 0 };
  return Object.assign(front, await processFront(() => front.target));
}
