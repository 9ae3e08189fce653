import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * One port in front of several server processes, as a team's load balancer puts it: each new connection goes to the
 * next process in turn (TCP, so whatever HTTP a client speaks passes through untouched). A process that is gone closes
 * the connections sent to it, as a load balancer without health checks would.
 */
export interface RoundRobinFront {
  port: number;
  /** How many connections each backend was given, in the order the backends were listed. */
  readonly connections: readonly number[];
  close(): Promise<void>;
}

export async function roundRobinFront(backendPorts: readonly number[]): Promise<RoundRobinFront> {
  const connections = backendPorts.map(() => 0);
  const open = new Set<Socket>();
  let next = 0;
  const server: Server = createServer((client) => {
    const index = next;
    next = (next + 1) % backendPorts.length;
    connections[index]! += 1;
    const backend = connect(backendPorts[index]!, '127.0.0.1');
    for (const socket of [client, backend]) {
      open.add(socket);
      socket.on('close', () => open.delete(socket));
    }
    client.pipe(backend);
    backend.pipe(client);
    backend.on('error', () => client.destroy());
    client.on('error', () => backend.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as { port: number }).port,
    connections,
    close: () => new Promise<void>((resolve) => {
      for (const socket of open) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
