import { request, type IncomingHttpHeaders } from 'node:http';

/** An answer read whole, as text. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * One request as an attacker would send it (node:http, so Host and Origin are whatever the test says, unlike
 * `fetch`); fails after `timeoutMs` instead of hanging.
 */
export function raw(url: string, init: { method?: string; headers?: Record<string, string>; body?: string; timeoutMs?: number } = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
    });
    req.setTimeout(init.timeoutMs ?? 5_000, () => req.destroy(new Error(`no answer within ${init.timeoutMs ?? 5_000} ms`)));
    req.on('error', reject);
    req.end(init.body);
  });
}
