/** Every failure a client call can end in, each a type the UI can turn into words a person can act on. */

export interface RequestInfo {
  method: string;
  /** URL without its query string, which may hold a query's contents. */
  url: string;
}

/** The server answered with an error status; `message` is the server's own words. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly request: RequestInfo,
    readonly body: unknown,
  ) {
    super(message);
  }
}

/** The server could not be reached, or the connection broke before a whole answer arrived. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(message: string, readonly request: RequestInfo, options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** The answer was not valid JSON, or not the shape the contract requires. */
export class ResponseFormatError extends Error {
  override readonly name = 'ResponseFormatError';
  constructor(message: string, readonly request: RequestInfo, readonly status: number) {
    super(message);
  }
}

/** A token would have gone over plain HTTP to a host that is not loopback; nothing was sent. */
export class InsecureTransportError extends Error {
  override readonly name = 'InsecureTransportError';
  constructor(message: string, readonly address: string, readonly reason: 'invalid' | 'insecure') {
    super(message);
  }
}

/** The data API kept answering "Continue wait" past the allowed total wait. */
export class QueryTimeoutError extends Error {
  override readonly name = 'QueryTimeoutError';
  constructor(readonly waitedMs: number, readonly attempts: number) {
    super(`The query was still running after ${Math.round(waitedMs / 1000)} s; try again later or narrow the report.`);
  }
}

/** The caller cancelled the request (AbortSignal). */
export class RequestCancelledError extends Error {
  override readonly name = 'RequestCancelledError';
  constructor() {
    super('The request was cancelled.');
  }
}

/**
 * Signing in with an account (OAuth 2.0) did not work out. `reason` says what the person can do:
 * `unsupported` — the platform (`detail`: its address) offers no OAuth sign-in, use an API token;
 * `other-issuer` — the address answers for another issuer (`detail`), e.g. the platform's own port behind the
 * add-in's server: sign in at that address;
 * `dialog-failed` — the sign-in window did not open (`code` is Office's); `cancelled` — they closed it or chose
 * Cancel; `state-mismatch` — the answer was not for this sign-in; `expired` — the sign-in ended (sign in again);
 * `refused` — the platform said no (`code` is OAuth's error code, `detail` the platform's words).
 */
export class SignInError extends Error {
  override readonly name = 'SignInError';
  constructor(
    readonly reason: 'unsupported' | 'other-issuer' | 'dialog-failed' | 'cancelled' | 'state-mismatch' | 'expired' | 'refused',
    message: string,
    readonly code?: string | number,
    readonly detail?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
