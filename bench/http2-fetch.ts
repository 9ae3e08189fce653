import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import type { FetchLike } from '../src/client';

/** Headers of one HTTP/1.1 connection, which an HTTP/2 request must not carry (RFC 9113 §8.2.2). */
const CONNECTION_HEADERS = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host']);
/** Statuses whose answer has no body (the Fetch standard's null body statuses): `Response` refuses one. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

export interface Http2Fetch {
  fetch: FetchLike;
  /** Closes every session; requests in flight on them end first. */
  close(): Promise<void>;
}

/**
 * A browser's fetch to an HTTPS origin that speaks HTTP/2: one connection (session) per origin, every request a
 * stream on it, as many at once as the server allows; a session that closes or is told to go away (GOAWAY) is
 * replaced by a new one for the next request. `ca`: the certificate (PEM) to trust, a test server's self-signed one.
 * An answer resolves once read whole, so for JSON answers only, as the clients the benchmarks drive read them
 * (a streamed answer would arrive in one piece). Request bodies are strings, as the clients send them.
 */
export function http2Fetch({ ca }: { ca?: string } = {}): Http2Fetch {
  /** The session new requests to an origin go on. */
  const sessions = new Map<string, ClientHttp2Session>();
  /** Every session not closed yet, current or going away with its last streams. */
  const live = new Set<ClientHttp2Session>();

  const sessionFor = (origin: string): ClientHttp2Session => {
    const open = sessions.get(origin);
    if (open && !open.closed && !open.destroyed) return open;
    const session = connect(origin, ca ? { ca } : {});
    const forget = () => {
      if (sessions.get(origin) === session) sessions.delete(origin);
    };
    session.on('close', () => {
      forget();
      live.delete(session);
    });
    session.on('goaway', forget);
    // A failed session fails its streams, which reject their own requests; this listener only keeps the
    // error from being thrown at the process, and makes the next request connect again.
    session.on('error', forget);
    sessions.set(origin, session);
    live.add(session);
    return session;
  };

  const fetch: FetchLike = (input, init) => new Promise<Response>((resolve, reject) => {
    const signal = init.signal ?? undefined;
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') {
      reject(new TypeError('http2Fetch sends only string bodies'));
      return;
    }
    const url = new URL(input);
    const headers: OutgoingHttpHeaders = {
      [constants.HTTP2_HEADER_METHOD]: (init.method ?? 'GET').toUpperCase(),
      [constants.HTTP2_HEADER_PATH]: url.pathname + url.search,
      [constants.HTTP2_HEADER_SCHEME]: url.protocol.slice(0, -1),
      [constants.HTTP2_HEADER_AUTHORITY]: url.host,
    };
    new Headers(init.headers).forEach((value, name) => {
      if (!CONNECTION_HEADERS.has(name)) headers[name] = value;
    });
    let stream: ReturnType<ClientHttp2Session['request']>;
    try {
      stream = sessionFor(url.origin).request(headers, { endStream: !init.body });
    } catch (error) {
      reject(new TypeError('fetch failed', { cause: error }));
      return;
    }
    const onAbort = () => {
      stream.close(constants.NGHTTP2_CANCEL);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const chunks: Buffer[] = [];
    let answered: IncomingHttpHeaders | null = null;
    stream.on('response', (received) => {
      answered = received;
    });
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      signal?.removeEventListener('abort', onAbort);
      if (!answered) {
        reject(new TypeError('fetch failed', { cause: new Error('the stream ended without an answer') }));
        return;
      }
      const status = Number(answered[constants.HTTP2_HEADER_STATUS]);
      resolve(new Response(NULL_BODY_STATUSES.has(status) ? null : Buffer.concat(chunks), { status, headers: responseHeaders(answered) }));
    });
    // Settled already when the answer ended or the caller aborted; a network failure is fetch's TypeError otherwise.
    stream.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
    // A stream the server reset without an error of its own (RST_STREAM with CANCEL) ends with neither 'end' nor 'error'.
    stream.on('close', () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('fetch failed', { cause: new Error(`the stream closed with code ${stream.rstCode}`) }));
    });
    if (init.body) stream.end(init.body);
  });

  return {
    fetch,
    close: async () => {
      sessions.clear();
      await Promise.all([...live].map((session) => new Promise<void>((resolve) => {
        session.once('close', resolve);
        session.close();
      })));
    },
  };
}

/** An answer's headers without HTTP/2's pseudo-headers (`:status`), repeated ones appended one by one. */
function responseHeaders(received: IncomingHttpHeaders): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(received)) {
    if (name.startsWith(':') || value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, String(one));
  }
  return headers;
}
