import { ApiError } from '../client/errors';
import { originOf, type PaneConnectedTo } from '../core/connected-to';
import { WorkbookReportPartError } from '../core/workbook-store/errors';
import { PartGoneError, WorkbookPartsUnsupportedError } from '../ports/errors';
import {
  CubeApiAddressError, CubeApiConnectError, CubeOidcError, CubeSignInNeededError, CubeTokenError, CubeTokenNeededError,
} from '../session/cube-api/cube-api-errors';
import {
  FoldersUnavailableError, OtherDeploymentError, WorkbookPlacementNotFoundError, WorkbookReportNotFoundError, WorkbookReportRequestError,
} from '../workbook/errors';
import { addErrorWords } from './errors';
import type { Messages } from './i18n';
import { cubeWordsOf, type CubeMessages } from './i18n/cube-words';

/**
 * The words of the failures of a Cube API connection and of the reports kept in the workbook (issue 26). They are
 * `describeError`'s once `installCubeErrorWords` has run, which the views that connect to a Cube API or show its
 * workspace do as they load: the initial script carries neither these words nor their catalogs.
 */
export function installCubeErrorWords(): void {
  addErrorWords(describeCubeError);
}

type CubeWords = CubeMessages['cubeErrors'];

/**
 * The failures of a Cube API connection and of the reports kept in the workbook (issue 26), in words naming the
 * connected Cube deployment by its address (issue 42); undefined for others.
 */
export function describeCubeError(error: unknown, m: Messages, connectedTo: PaneConnectedTo): string | undefined {
  const c = cubeWordsOf(m).cubeErrors;
  // A token or sign-in is asked for only with a Cube deployment connected; should it have gone meanwhile, it goes unnamed.
  const deployment = connectedTo.cube ? c.deploymentAt(originOf(connectedTo.cube.apiUrl)) : c.theDeployment;
  if (error instanceof CubeApiAddressError) return cubeAddressWords(error, c);
  if (error instanceof CubeTokenError) return cubeTokenWords(error, c);
  if (error instanceof CubeApiConnectError) return cubeConnectWords(error, c);
  if (error instanceof CubeOidcError) return c.oidcProblem(error.problem, error.issuer, error.message);
  if (error instanceof CubeSignInNeededError) return c.signInNeeded(deployment);
  if (error instanceof CubeTokenNeededError) return error.reason === 'expired' ? c.tokenNeededExpired(deployment) : c.tokenNeededRefused(deployment);
  if (error instanceof OtherDeploymentError) return c.otherDeployment(String(error.deploymentId), String(error.connectedDeploymentId));
  if (error instanceof WorkbookReportNotFoundError) return c.reportNotFound(String(error.reportId));
  if (error instanceof WorkbookPlacementNotFoundError) return c.placementNotFound(error.address, String(error.reportId));
  if (error instanceof FoldersUnavailableError) return c.foldersUnavailable;
  // Its message is already words (what the request lacked), as the platform's 400 and 409 are.
  if (error instanceof WorkbookReportRequestError) return error.message;
  if (error instanceof PartGoneError) return c.partGone;
  if (error instanceof WorkbookPartsUnsupportedError) return c.partsUnsupported(error.requirement);
  if (error instanceof WorkbookReportPartError) return workbookPartWords(error, c);
  return undefined;
}

function cubeAddressWords(error: CubeApiAddressError, c: CubeWords): string {
  switch (error.problem) {
    case 'empty': return c.addressEmpty;
    case 'not-a-url': return c.addressNotUrl(error.address);
    case 'scheme': return c.addressScheme(error.address);
    case 'credentials': return c.addressCredentials;
    case 'query': {
      let search = error.address.includes('?');
      try {
        search = new URL(error.address).search !== '';
      } catch {
        // As typed, then.
      }
      return c.addressQuery(search ? '?' : '#');
    }
    case 'insecure': return c.addressInsecure(originOf(error.address));
  }
}

/** An instant as the token's own messages give it: `2025-01-31 14:05 UTC`. */
const utcWords = (ms: number): string => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** What is wrong with a token that is no JWT, read from its message, which is the only place it is said. */
function malformedWhy(message: string, c: CubeWords): string | undefined {
  const why = c.tokenMalformedWhy;
  const parts = /: it has (\d+) parts?\./.exec(message);
  if (parts) return parts[1] === '1' ? why.onePart : why.parts(parts[1]!);
  if (message.includes('characters a token cannot have')) return why.characters;
  if (message.includes('header is unreadable')) return why.header;
  if (message.includes('names no algorithm')) return why.noAlgorithm;
  if (message.includes('claims are unreadable')) return why.claims;
  return undefined;
}

function cubeTokenWords(error: CubeTokenError, c: CubeWords): string {
  switch (error.problem) {
    case 'empty': return c.tokenEmpty;
    case 'malformed': {
      const why = malformedWhy(error.message, c);
      return why === undefined ? c.tokenMalformedUnsaid : c.tokenMalformed(why);
    }
    case 'encrypted': return c.tokenEncrypted;
    case 'unsigned': return c.tokenUnsigned;
    case 'bad-exp': return c.tokenBadExpiry;
    case 'expired': return error.at === undefined ? c.tokenExpiredUndated : c.tokenExpired(utcWords(error.at));
    case 'not-yet-valid': return error.at === undefined ? c.tokenNotYetValidUndated : c.tokenNotYetValid(utcWords(error.at));
  }
}

/** Why nothing answered, when Node named it (a browser never does). */
function unreachableWhy(error: Error, c: CubeWords): string | undefined {
  for (let cause: unknown = error.cause; cause && typeof cause === 'object'; cause = (cause as { cause?: unknown }).cause) {
    const code = (cause as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return c.unreachableWhy.host;
    if (code === 'ECONNREFUSED') return c.unreachableWhy.port;
    if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return c.unreachableWhy.cut;
    if (typeof code === 'string' && /CERT|SSL|TLS/.test(code)) return c.unreachableWhy.certificate;
  }
  return undefined;
}

function cubeConnectWords(error: CubeApiConnectError, c: CubeWords): string {
  const { apiUrl } = error;
  const origin = originOf(apiUrl);
  const hint = () => {
    try {
      return new URL(apiUrl).pathname.endsWith('/cubejs-api') ? '' : c.usuallyAt(origin);
    } catch {
      return '';
    }
  };
  const status = () => {
    const cause = error.cause;
    const said = cause instanceof ApiError ? cause.message : undefined;
    const code = error.details.status ?? (cause instanceof ApiError ? cause.status : undefined);
    return code === undefined ? said ?? '' : said ? `${code}: ${said}` : String(code);
  };
  switch (error.problem) {
    case 'unreachable': {
      const why = unreachableWhy(error, c);
      return why === undefined ? c.unreachable(origin) : c.unreachableBecause(origin, why);
    }
    case 'cors': return error.details.addinOrigin ? c.cors(origin, error.details.addinOrigin) : c.corsNoAddinOrigin(origin);
    case 'timeout': return c.timeout(origin, /within (\d+) s\b/.exec(error.message)?.[1] ?? '20');
    case 'not-found': return c.notFound(apiUrl, hint());
    case 'html': return c.html(origin, hint());
    case 'not-cube': return c.notCube(apiUrl, hint());
    case 'token-refused': return c.tokenRefused(origin);
    case 'token-not-received': return c.tokenNotReceived(origin);
    case 'refused': return c.refused(origin, status());
    case 'server-error': return (error.details.status ?? 500) >= 500 ? c.serverFailed(origin, status()) : c.serverOdd(origin, status());
  }
}

/** A report's name as the part's messages quote it: at most 100 characters. */
const shortened = (name: string) => (name.length > 100 ? `${name.slice(0, 99)}…` : name);

function workbookPartWords(error: WorkbookReportPartError, c: CubeWords): string {
  const part = error.partId ? c.part(error.partId) : c.aPart;
  const name = error.reportName === null ? null : shortened(error.reportName);
  const report = name === null ? c.partReportUnnamed(part) : c.partReportNamed(name, part);
  switch (error.kind) {
    case 'malformed': return c.partMalformed(report, error.detail);
    case 'foreign': return c.partForeign(part, error.detail);
    case 'invalid': return c.partInvalid(report, error.detail);
    case 'newer-version': {
      const format = error.schemaVersion === null ? '' : c.partFormat(String(error.schemaVersion));
      return name === null ? c.partNewerUnnamed(format) : c.partNewerNamed(name, format);
    }
    case 'unwritable': return name === null ? c.partUnwritableUnnamed(error.detail) : c.partUnwritableNamed(name, error.detail);
  }
}

