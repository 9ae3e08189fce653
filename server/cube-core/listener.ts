import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultInjector } from '../faults';
import type { Router } from '../http';
import { requestListener } from '../request-listener';
import { answerCors } from './cors';

/**
 * The Cube Core stand-in's request listener: the platform's own (the `Host` check against DNS rebinding first, JSON
 * errors, `500` for its own failures), with CORS in front of the routes as Cube's `cors` middleware is. A request for
 * a Host the server does not answer to gets the platform's `421` and no CORS headers, preflight or not.
 */
export function cubeCoreListener(router: Router, faults: FaultInjector, hosts: ReadonlySet<string>, corsOrigins: readonly string[]) {
  const answer = requestListener(router, faults, hosts);
  return (req: IncomingMessage, res: ServerResponse): void => {
    if (hosts.has((req.headers.host ?? '').toLowerCase()) && answerCors(req, res, corsOrigins)) return;
    answer(req, res);
  };
}
