import type { CubeOidcProblem } from '../../session/cube-api/cube-api-errors';

/**
 * Words for the failures of a Cube API connection and of the reports kept in the workbook (issue 26), in English
 * (part of `Messages`: `m.cubeErrors`). Functions take the values to put in, already formatted. They say what the
 * errors' own messages say (`src/session/cube-api/cube-api-errors.ts`, `src/workbook/errors.ts`,
 * `src/core/workbook-store/errors.ts`, `src/ports/workbook-parts.ts`).
 */
export const cubeErrorsEn = {
  // The Cube API address typed (CubeApiAddressError).
  addressEmpty: 'Type the Cube API address, like https://cube.example.com/cubejs-api.',
  addressNotUrl: (address: string) => `"${address}" is not a web address: type it like https://cube.example.com/cubejs-api.`,
  addressScheme: (address: string) => `"${address}" is not a web address: a Cube API address starts with https://, like https://cube.example.com/cubejs-api.`,
  addressCredentials: 'Leave the user name and password out of the address: the token is given on its own.',
  /** `from` is `?` or `#`. */
  addressQuery: (from: string) => `Leave out the part from "${from}" on: the Cube API address ends with its path, like https://cube.example.com/cubejs-api.`,
  addressInsecure: (origin: string) => `The token would go unencrypted to ${origin}: use https:// (plain http:// is allowed only for this computer).`,

  // The Cube API token pasted (CubeTokenError).
  tokenEmpty: 'Paste the Cube API token.',
  /** `why` is one of the `tokenMalformedWhy` words. */
  tokenMalformed: (why: string) => `This is not a Cube API token (a JWT, three parts separated by dots): ${why}. Paste the whole token.`,
  tokenMalformedWhy: {
    parts: (count: string) => `it has ${count} parts`,
    onePart: 'it has 1 part',
    characters: 'it has characters a token cannot have (it may have been cut or wrapped)',
    header: 'its header is unreadable',
    noAlgorithm: 'its header names no algorithm (alg)',
    claims: 'its claims are unreadable',
  },
  tokenMalformedUnsaid: 'This is not a Cube API token (a JWT, three parts separated by dots). Paste the whole token.',
  tokenEncrypted: 'This is an encrypted token (JWE); Cube takes a signed token (JWT): ask for one signed with the API secret.',
  tokenUnsigned: 'This token is not signed; Cube refuses unsigned tokens: ask for one signed with the API secret.',
  tokenBadExpiry: 'This token’s expiry (exp) is not a number, and Cube refuses such a token: ask for a new one.',
  tokenExpired: (when: string) => `This token expired on ${when}; ask for a new one.`,
  tokenExpiredUndated: 'This token has expired; ask for a new one.',
  tokenNotYetValid: (when: string) => `This token is valid only from ${when}; use it then, or ask for one valid now.`,
  tokenNotYetValidUndated: 'This token is not valid yet; use it later, or ask for one valid now.',

  /** The connected deployment, inside a sentence (issue 42: words name what the user connected to). */
  deploymentAt: (origin: string) => `the Cube deployment at ${origin}`,
  theDeployment: 'the Cube deployment',

  // A new token was needed and none was given (CubeTokenNeededError). `deployment` is `deploymentAt`'s words.
  tokenNeededExpired: (deployment: string) => `The token for ${deployment} has expired and no new one was given: paste a new token to carry on.`,
  tokenNeededRefused: (deployment: string) => `The token for ${deployment} was refused and no new one was given: paste a new token to carry on.`,

  // Signing in with the deployment's OpenID Connect provider (CubeOidcError, CubeSignInNeededError). In English the
  // error's own message is said, which names every setting involved.
  oidcProblem: (_problem: CubeOidcProblem, _issuer: string, said: string) => said,
  signInNeeded: (deployment: string) => `The sign-in to ${deployment} has ended and you did not sign in again: sign in to carry on.`,

  // Connecting to the Cube API (CubeApiConnectError). `hint` is empty or `usuallyAt`'s words.
  unreachable: (origin: string) => `Nothing answered at ${origin}: check the address, and that the Cube deployment is running.`,
  /** `why` is one of the `unreachableWhy` words. */
  unreachableBecause: (origin: string, why: string) => `Nothing answered at ${origin} (${why}): check the address, and that the Cube deployment is running.`,
  unreachableWhy: {
    host: 'no such host name',
    port: 'nothing listens at that port',
    cut: 'the connection was cut',
    certificate: 'its certificate is not trusted',
  },
  cors: (origin: string, addinOrigin: string) =>
    `${origin} answered, but does not allow requests from this add-in (no CORS headers for ${addinOrigin}): add ${addinOrigin} to the Cube deployment's CORS setting (http.cors in cube.js).`,
  corsNoAddinOrigin: (origin: string) =>
    `The Cube deployment at ${origin} does not allow this add-in's address; add it to its CORS setting (http.cors in cube.js).`,
  timeout: (origin: string, seconds: string) => `The Cube deployment at ${origin} did not answer within ${seconds} s: check the address, or try again later.`,
  usuallyAt: (origin: string) => ` (a Cube REST API is usually at ${origin}/cubejs-api)`,
  notFound: (apiUrl: string, hint: string) => `There is no Cube REST API at ${apiUrl}: ${apiUrl}/v1/meta answered 404 Not Found. Check the address${hint}.`,
  html: (origin: string, hint: string) => `${origin} answered with a web page, not the Cube REST API: check the address${hint}.`,
  notCube: (apiUrl: string, hint: string) => `${apiUrl}/v1/meta answered, but not as a Cube REST API does: check the address${hint}.`,
  tokenRefused: (origin: string) =>
    `The Cube deployment at ${origin} did not accept this token: it may be signed with another secret or be expired; ask for a new one and paste it.`,
  tokenNotReceived: (origin: string) =>
    `The Cube deployment at ${origin} did not receive the token: something in between (a proxy or gateway) removes the Authorization header; ask its administrator to let it through.`,
  /** `status` is the status and what came with it, e.g. `401: Unauthorized`. */
  refused: (origin: string, status: string) =>
    `${origin} refused the request (${status}); it may not be the Cube REST API, or something in front of it wants credentials of its own. Check the address.`,
  serverFailed: (origin: string, status: string) => `The Cube deployment at ${origin} failed to answer (${status}); try again later, or tell its administrator.`,
  serverOdd: (origin: string, status: string) => `The Cube deployment at ${origin} answered in a way Cube does not (${status}); try again later, or tell its administrator.`,

  // The reports and placements kept in the workbook (src/workbook/errors.ts, src/ports/workbook-parts.ts).
  otherDeployment: (deployment: string, connected: string) =>
    `The reports kept in this workbook belong to the connected Cube deployment (${connected}), not to deployment ${deployment}.`,
  reportNotFound: (report: string) => `This workbook keeps no report ${report} any more: it may have been deleted. Reload the workbook's reports.`,
  placementNotFound: (address: string, report: string) => `This workbook keeps no placement ${address} of report ${report} any more: it may have been disconnected.`,
  foldersUnavailable: 'Reports kept in this workbook are not filed in folders.',
  partGone: "What this workbook kept about the report was removed meanwhile, by someone or something else. Reload the workbook's reports and try again.",
  partsUnsupported: (requirement: string) =>
    `This version of Excel cannot keep reports inside the workbook (it needs ${requirement}). Update Excel, or use Excel on the web or Microsoft 365.`,

  // A workbook report part that could not be read or written (WorkbookReportPartError). `detail` is the reader's.
  /** How a part is named inside a report's words: by its id, or not at all. */
  part: (id: string) => `custom XML part ${id}`,
  aPart: 'a custom XML part',
  /** The subject of `partMalformed` and `partInvalid`; `part` is `part` or `aPart`. */
  partReportNamed: (name: string, part: string) => `The report "${name}" kept in this workbook (${part})`,
  partReportUnnamed: (part: string) => `A report kept in this workbook (${part})`,
  partMalformed: (report: string, detail: string) => `${report} cannot be read: it is not well-formed XML (${detail}). The add-in left it as it is.`,
  partInvalid: (report: string, detail: string) => `${report} cannot be read: ${detail}. The add-in left it as it is.`,
  partForeign: (part: string, detail: string) => `The workbook's ${part} is not a Report Sync report (${detail}). The add-in left it as it is.`,
  /** `format` is empty or `partFormat`'s words. */
  partNewerNamed: (name: string, format: string) =>
    `This workbook's report "${name}" was saved by a newer version of the add-in${format}; update the add-in to open or edit this report. Until then it is left as it is.`,
  partNewerUnnamed: (format: string) =>
    `A report kept in this workbook was saved by a newer version of the add-in${format}; update the add-in to open or edit this report. Until then it is left as it is.`,
  partFormat: (version: string) => ` (format ${version})`,
  partUnwritableNamed: (name: string, detail: string) => `The report "${name}" could not be saved into the workbook: ${detail}.`,
  partUnwritableUnnamed: (detail: string) => `The report could not be saved into the workbook: ${detail}.`,
};
