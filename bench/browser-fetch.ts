import type { FetchLike } from '../src/client';
import { Slots } from '../src/core/slots';

/** Chromium's connections per host over HTTP/1.1. The local platform at http://localhost serves both APIs on one host. */
export const HTTP1_CONNECTIONS_PER_HOST = 6;

/**
 * A browser's fetch to one host over HTTP/1.1: at most `connections` exchanges at once, the rest in line until a
 * connection is free, that is until an answer has been read whole (so for JSON answers only: a streamed one
 * would arrive in one piece). Node's fetch opens as many connections as asked, as a browser multiplexes streams
 * over HTTP/2 (one connection).
 */
export function perHostConnections(connections = HTTP1_CONNECTIONS_PER_HOST, fetch: FetchLike = (input, init) => globalThis.fetch(input, init)): FetchLike {
  const slots = new Slots(connections);
  return (input, init) => slots.run(async () => {
    const response = await fetch(input, init);
    const body = await response.arrayBuffer();
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  });
}
