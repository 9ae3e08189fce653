import { z } from 'zod';

/**
 * Fault injection for tests, off by default. Rules come from `PLATFORM_FAULTS` (JSON array) at start, or
 * from `PUT /__platform/faults` (loopback callers only). Each rule matches requests by method and a path
 * regular expression and can add latency, force a status, force Continue wait answers from the data API,
 * or break the response body.
 */
export const FaultRule = z.object({
  method: z.string().optional(),
  /** Regular expression tested against the request path (no query string). */
  path: z.string(),
  latencyMs: z.number().int().min(0).max(120_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  /** The next N matching `/v1/load` requests answer `200 {"error": "Continue wait"}`, then it answers normally. */
  continueWait: z.number().int().min(1).optional(),
  body: z.enum(['malformed', 'truncated', 'empty']).optional(),
  /** How many matching requests the rule affects; unlimited when absent. */
  times: z.number().int().min(1).optional(),
});
export type FaultRule = z.infer<typeof FaultRule>;
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
   * data API's load route; all others by the request dispatcher.
   */
  take(method: string, path: string, kind: 'http' | 'continueWait'): FaultRule | undefined {
    const active = this.rules.find(
      (r) =>
        r.remaining > 0 &&
        (kind === 'continueWait') === (r.rule.continueWait !== undefined) &&
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
