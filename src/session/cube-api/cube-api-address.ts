import { assertSecureBaseUrl } from '../../client/http';
import { InsecureTransportError } from '../../client/errors';
import { withHttpsScheme } from '../../core/typed-address';
import { CubeApiAddressError } from './cube-api-errors';

export { CubeApiAddressError, type CubeApiAddressProblem } from './cube-api-errors';

const EXAMPLE = 'https://cube.example.com/cubejs-api';

/**
 * The Cube REST API base the user typed, as `CoreDataClient` takes it (`apiUrl`, without `/v1`): trimmed, trailing
 * slashes and one trailing `/v1` removed (Cube's docs give the address both ways, `…/cubejs-api` and
 * `…/cubejs-api/v1`), otherwise as typed (the URL parser lower-cases the host and drops a default port). An address
 * without a scheme (`localhost:4000/cubejs-api`) is read as https (`withHttpsScheme`); nothing else is added, no
 * `/cubejs-api` (a deployment behind a proxy may serve it under another path; a wrong path is told by the probe's
 * 404). The transport rule is the platform's (`assertSecureBaseUrl`): https, or plain http only to loopback, and
 * only when typed.
 */
export function normalizeCubeApiAddress(typed: string): string {
  const address = typed.trim();
  if (!address) throw new CubeApiAddressError('empty', `Type the Cube API address, like ${EXAMPLE}.`, address);
  const url = parseUrl(withHttpsScheme(address));
  if (!url) {
    throw new CubeApiAddressError('not-a-url', `"${address}" is not a web address: type it like ${EXAMPLE}.`, address);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new CubeApiAddressError('scheme', `"${address}" is not a web address: a Cube API address starts with https://, like ${EXAMPLE}.`, address);
  }
  if (url.username || url.password) {
    throw new CubeApiAddressError('credentials', 'Leave the user name and password out of the address: the token is given on its own.', address);
  }
  if (url.search || url.hash) {
    throw new CubeApiAddressError('query', `Leave out the part from "${url.search ? '?' : '#'}" on: the Cube API address ends with its path, like ${EXAMPLE}.`, address);
  }
  try {
    assertSecureBaseUrl(url.href);
  } catch (error) {
    if (!(error instanceof InsecureTransportError)) throw error;
    throw new CubeApiAddressError(
      'insecure',
      `The token would go unencrypted to ${url.origin}: use https:// (plain http:// is allowed only for this computer).`,
      address,
      { cause: error },
    );
  }
  const path = url.pathname.replace(/\/+$/, '').replace(/\/v1$/, '').replace(/\/+$/, '');
  return `${url.origin}${path}`;
}

/** `URL.parse`, which older Office web views (Safari before 18) lack. */
function parseUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}
