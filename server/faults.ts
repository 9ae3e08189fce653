import { z } from 'zod';
import { HttpError, requireLoopback, type ApiRequest, type Router } from './http';

/**
 * Fault injection for tests. Rules come from `PLATFORM_FAULTS` (JSON array) at start, or from
 * `PUT /__platform/faults`; both only when the platform was started with fault injection on
 * (`PLATFORM_FAULT_INJECTION=1`), since a rule lets its author break every answer the platform gives.
 * In-process callers (tests) may always set rules through `FaultInjector.set`. Each rule matches requests
 * by method and a path regular expression and can add latency, force a status, force Continue wait
 * answers from the data API, break the response body, or break an Agent chat API stream.
 */
export const FaultRule = z.object({
  method: z.string().optional(),
  /** Regular expression tested against the request path (no query string). */
  path: z.string(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  /** The next N matching `/v1/load` requests answer `200 {"error": "Continue wait"}`, then it answers normally. */
  continueWait: z.number().int().min(1).optional(),
  /** Breaks a whole JSON body; a streamed answer (the Agent chat API) is broken by `chat` instead. */
  body: z.enum(['malformed', 'truncated', 'empty']).optional(),
  /**
   * Breaks the next matching Agent chat API stream mid-answer: `error` adds an `{"error"}` line and goes on,
   * `malformed` adds a line that is not JSON and goes on, `drop` breaks the connection, `truncated` ends the
   * body halfway through a line. Taken by the chat route only.
   */
  chat: z.enum(['error', 'drop', 'malformed', 'truncated']).optional(),
  /** How many matching requests the rule affects; unlimited when absent. */
  times: z.number().int().min(1).optional(),
});
export type FaultRule = z.infer<typeof FaultRule>;
export type ChatStreamFault = NonNullable<FaultRule['chat']>;
/** Which part of the platform takes a rule: the dispatcher (`http`), the data API's load, or the chat route. */
export type FaultKind = 'http' | 'continueWait' | 'chat';
const kindOf = (rule: FaultRule): FaultKind => (rule.continueWait !== undefined ? 'continueWait' : rule.chat !== undefined ? 'chat' : 'http');
export const FaultRules = z.array(FaultRule);

interface ActiveRule {
  rule: FaultRule;
  pattern: RegExp;
  remaining: number;
}

export class FaultInjector {
  private rules: ActiveRule[] = [];

  set(rules: FaultRule[]): void {
    this.rules = rules.map((rule) => ({ rule, pattern: new RegExp(rule.path), remaining: rule.times ?? rule.continueWait ?? Infinity }));
  }

  list(): FaultRule[] {
    return this.rules.filter((r) => r.remaining > 0).map((r) => r.rule);
  }

  /**
   * The rule that applies to this request, counting it as used. `continueWait` rules are taken only by the
   * data API's load route, `chat` rules only by the Agent chat API's stream; all others by the request dispatcher.
   */
  take(method: string, path: string, kind: FaultKind): FaultRule | undefined {
    const active = this.rules.find(
      (r) =>
        r.remaining > 0 &&
        kindOf(r.rule) === kind &&
        (!r.rule.method || r.rule.method.toUpperCase() === method) &&
        r.pattern.test(path),
    );
    if (!active) return undefined;
    active.remaining -= 1;
    return active.rule;
  }
}

export function faultsFromEnvironment(value: string | undefined): FaultRule[] {
  if (!value) return [];
  return FaultRules.parse(JSON.parse(value));
}

/**
 * `GET`/`PUT`/`DELETE /__platform/faults`, mounted only when fault injection is on: loopback callers only,
 * and never for a web page of another origin (`ownOrigins` are the platform's own, e.g. `http://127.0.0.1:4000`).
 * No CORS: a page elsewhere can neither read the rules nor, its `Origin` refused, change them.
 */
export function faultRoutes(router: Router, faults: FaultInjector, ownOrigins: ReadonlySet<string>): void {
  const guard = (request: ApiRequest) => {
    requireLoopback(request, 'Fault injection');
    const origin = request.headers.origin;
    if (origin !== undefined && !ownOrigins.has(origin.toLowerCase())) {
      throw new HttpError(403, 'Fault injection does not answer requests from other origins');
    }
  };
  router
    .add('GET', '/__platform/faults', async (r) => {
      guard(r);
      return { status: 200, body: { rules: faults.list() } };
    })
    .add('PUT', '/__platform/faults', async (r) => {
      guard(r);
      const parsed = FaultRules.safeParse((r.body as { rules?: unknown } | undefined)?.rules);
      if (!parsed.success) throw new HttpError(400, `Invalid fault rules: ${parsed.error.issues[0]!.message}`);
      faults.set(parsed.data);
      return { status: 200, body: { rules: faults.list() } };
    })
    .add('DELETE', '/__platform/faults', async (r) => {
      guard(r);
      faults.set([]);
      return { status: 200, body: { rules: [] } };
    });
}
