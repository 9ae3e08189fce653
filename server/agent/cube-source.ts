import { ContinueWait, CubeLoadResult, CubeLoadResults, CubeMeta, type CubeQuery } from '../../src/contract';
import { RefusedQueryError, type AgentSource, type LoadedRows } from './source';

/** One request to the Cube may take this long; a query still running answers Continue wait well before. */
const REQUEST_TIMEOUT_MS = 60_000;
/** A query still answering Continue wait after this long is given up (Cube's own client waits as long as it is asked). */
const QUERY_DEADLINE_MS = 5 * 60_000;

/** The deployment's Cube did not answer as its REST API does: the agent's failure, not the question's. */
export class CubeSourceError extends Error {
  override readonly name = 'CubeSourceError';
}

/**
 * A team's Cube as the agent's source: its REST API (`<apiUrl>/meta`, `<apiUrl>/load`,
 * https://cube.dev/docs/product/apis-integrations/rest-api/reference) called with one user's token, so Cube applies
 * that user's security context (`queryRewrite`, access policies) to what the agent sees. The token is sent as the
 * whole Authorization header, as Cube's own client sends it, and is never put into an error.
 */
export function cubeAgentSource(apiUrl: string, token: string, viewerKey: string, fetchImpl: typeof fetch = fetch): AgentSource {
  const call = async (path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> => {
    let answer: Response;
    try {
      answer = await fetchImpl(`${apiUrl}${path}`, {
        ...init,
        headers: { authorization: token, 'content-type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (error) {
      throw new CubeSourceError(`The deployment's Cube at ${apiUrl} could not be reached (${error instanceof Error ? error.message : String(error)})`);
    }
    const text = await answer.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      throw new CubeSourceError(`The deployment's Cube answered /v1${path} with ${answer.status} and a body that is not JSON`);
    }
    return { status: answer.status, body };
  };
  const refusal = (body: unknown): string | undefined => {
    const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
    return typeof error === 'string' ? error : undefined;
  };

  return {
    viewerKey,
    async meta() {
      const { status, body } = await call('/meta');
      if (status !== 200) throw new CubeSourceError(`The deployment's Cube answered /v1/meta with ${status}${refusal(body) ? `: ${refusal(body)}` : ''}`);
      const meta = CubeMeta.safeParse(body);
      if (!meta.success) throw new CubeSourceError('The deployment\'s Cube answered /v1/meta, but not as a Cube REST API does');
      return meta.data.cubes;
    },
    async load(query: CubeQuery): Promise<LoadedRows> {
      const deadline = Date.now() + QUERY_DEADLINE_MS;
      for (;;) {
        const { status, body } = await call('/load', { method: 'POST', body: JSON.stringify({ query }) });
        // Cube answers a query's own mistakes 400 {error} (its gateway's UserError).
        if (status === 400) throw new RefusedQueryError(refusal(body) ?? 'the deployment\'s Cube refused the query');
        if (status !== 200) throw new CubeSourceError(`The deployment's Cube answered /v1/load with ${status}${refusal(body) ? `: ${refusal(body)}` : ''}`);
        if (ContinueWait.safeParse(body).success) {
          if (Date.now() > deadline) throw new CubeSourceError(`The deployment's Cube was still running the query after ${QUERY_DEADLINE_MS / 60_000} minutes`);
          continue;
        }
        // Newer Cubes answer `{results: [...]}`, older ones the result itself (core-data.yaml `V1LoadResponse`).
        const listed = CubeLoadResults.safeParse(body);
        const result = listed.success ? listed.data.results[0] : CubeLoadResult.safeParse(body).data;
        if (!result) throw new CubeSourceError('The deployment\'s Cube answered /v1/load, but not as a Cube REST API does');
        return { rows: result.data, annotation: result.annotation };
      }
    },
  };
}
