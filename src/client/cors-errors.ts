import { NetworkError, type RequestInfo } from './errors';

/**
 * The server answered, but sends no CORS headers for the add-in's origin, so the browser withheld its answer (told
 * apart from "nothing answered" by `answersWithoutCors`). Typical: the platform's own port typed instead of the add-in's
 * (whose server passes requests on to the platform), or a Cube deployment whose CORS setting does not list the
 * add-in. A `NetworkError` still, so whatever treats a server out of reach treats this alike; only the words differ.
 */
export class CorsRefusedError extends NetworkError {
  constructor(
    request: RequestInfo,
    /** The server's origin, e.g. `http://localhost:4000`. */
    readonly origin: string,
    /** The add-in's own origin, which the server's CORS setting would have to allow. */
    readonly addinOrigin: string,
    options?: { cause?: unknown },
  ) {
    super(`${origin} answered, but does not allow requests from this add-in (no CORS headers for ${addinOrigin}).`, request, options);
  }
}
