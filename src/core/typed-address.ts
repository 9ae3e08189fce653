/** A scheme as a URL starts with it: `https://`, `http://`, `ftp://`… */
const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

/**
 * A web address as a person types it, read as the add-in sends to it: trimmed, and one typed without a scheme
 * (`localhost:3000`, `cube.example.com/cubejs-api`, `[::1]:4000`) read as https, as a browser's address bar reads
 * it. Never plain http: that is sent only where typed explicitly (and then only to this computer, the transport
 * rule of `assertSecureBaseUrl`). Without this, `localhost:3000` parses as a URL of the scheme `localhost:`.
 * Anything else is left as typed, for the reader of the address to check and word.
 */
export function withHttpsScheme(typed: string): string {
  const address = typed.trim();
  return address === '' || SCHEME.test(address) ? address : `https://${address.replace(/^\/+/, '')}`;
}

/** Whether `typed` is read as another address than the one written (no scheme, so https was put in front). */
export const schemeAdded = (typed: string): boolean => withHttpsScheme(typed) !== typed.trim();
