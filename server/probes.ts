import type { IncomingMessage, ServerResponse } from 'node:http';
import { send } from './http';

/** Something the server needs to answer requests: its database, each Cube deployment behind it. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}

/** How long one check may take before it counts as failed: a probe must answer well inside a load balancer's timeout. */
const CHECK_TIMEOUT_MS = 2_000;

export const PROBE_PATHS = ['/livez', '/readyz'] as const;

/**
 * `GET /livez` (the process answers: restart it if not) and `GET /readyz` (it can serve: send it traffic only if so),
 * as Kubernetes names them (https://kubernetes.io/docs/reference/using-api/health-checks/). Answered before the `Host`
 * check, since a load balancer probes by address; they tell only which dependency fails, never a secret.
 */
export async function answerProbe(req: IncomingMessage, res: ServerResponse, checks: readonly ReadinessCheck[]): Promise<void> {
  if ((req.method ?? 'GET').toUpperCase() !== 'GET') {
    send(res, { status: 405, body: { error: 'Probes answer GET only' }, headers: { Allow: 'GET' } });
    return;
  }
  if (req.url?.startsWith('/livez')) {
    send(res, { status: 200, body: { status: 'live' } });
    return;
  }
  const results = await Promise.all(checks.map(async ({ name, check }) => [name, await outcome(check)] as const));
  const ready = results.every(([, result]) => result === 'ok');
  send(res, { status: ready ? 200 : 503, body: { status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) } });
}

async function outcome(check: () => Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => 'ok'), late]);
  } catch (error) {
    return `failing: ${error instanceof Error ? error.message : String(error)}`;
  } finally {
    clearTimeout(timer);
  }
}
