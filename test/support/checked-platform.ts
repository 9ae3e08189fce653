import { PlatformClient } from '../../src/client';
import { noSleep, startTestPlatform, type TestPlatform } from './local-platform';
import { fetchOpenApi, OpenApiChecker } from './openapi';

/**
 * A local platform whose every answer a test's clients get is checked against the OpenAPI document it serves
 * (`GET /api/v1/spec`); what does not match lands in `problems`, which the test expects empty after each case.
 */
export interface CheckedPlatform {
  t: TestPlatform;
  checker: OpenApiChecker;
  /** A Platform API client with this token, its answers checked. */
  clientFor(token: string): PlatformClient;
  admin: PlatformClient;
  analyst: PlatformClient;
}

export async function startCheckedPlatform(problems: string[]): Promise<CheckedPlatform> {
  const t = await startTestPlatform({ faultInjection: false });
  const checker = new OpenApiChecker(await fetchOpenApi(t.platform.url, t.platform.tokens.admin));
  const clientFor = (token: string) => new PlatformClient({ baseUrl: t.platform.url, accessToken: () => token, sleep: noSleep, fetch: checker.fetch(problems) });
  return { t, checker, clientFor, admin: clientFor(t.platform.tokens.admin), analyst: clientFor(t.platform.tokens.analyst) };
}
