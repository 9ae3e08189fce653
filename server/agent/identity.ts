import { errors as joseErrors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import type { ChatSessionSettings } from '../../src/contract';
import { tokenHash } from '../auth';
import { badRequest, HttpError, type ApiRequest } from '../http';
import type { StateStore, StateConnection } from '../store/state-store';
import { primaryEmail, userRecord } from '../store/rows';

/**
 * Who may talk to the agent, and as whom (chat.yaml's security schemes). `Authorization: Api-Key <key>` is the
 * account's Chat API key; the user is then named by `sessionSettings` (`externalId`, the caller's own stable id for
 * its user, or `internalId`, the email of a platform user). `X-Cube-Auth-Token` is a Cube JWT signed with the agent's
 * deployment's secret, naming the user by `externalId` (or `sub`) and carrying `chat` in its `scope` array. A thread
 * belongs to the user who started it: a platform user by their id, never by name or email, since SCIM can rename a
 * user and hand the old name to someone else.
 */

/** The kind of the Chat API key in `access_tokens`. */
export const CHAT_API_KEY_KIND = 'chat-api-key';

export type ChatCredentials = { kind: 'api-key'; key: string } | { kind: 'cube-token'; token: string };

const unauthorized = (message: string) => new HttpError(401, message);

export function chatCredentials(request: ApiRequest): ChatCredentials {
  const cubeToken = request.headers['x-cube-auth-token'];
  if (typeof cubeToken === 'string' && cubeToken.trim()) return { kind: 'cube-token', token: cubeToken.trim() };
  const match = /^Api-Key\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (match) return { kind: 'api-key', key: match[1]! };
  if (request.headers.authorization) throw unauthorized('The Chat API takes "Authorization: Api-Key <key>" or an X-Cube-Auth-Token header');
  throw unauthorized('Missing credentials: send "Authorization: Api-Key <key>" or an X-Cube-Auth-Token header');
}

/** A platform user as a thread owner: by the immutable id, resolved from `internalId` at each request. */
export const userOwner = (userId: number): string => `user:${userId}`;
/** A user of the caller's own (no platform user) as a thread owner: by the id the caller gives them. */
const externalOwner = (externalId: string): string => `external:${externalId}`;

/** The thread owner the request speaks for: `external:<id>` or `user:<platform user id>`. */
export async function chatOwner(
  db: StateStore, credentials: ChatCredentials, deploymentSecret: string | null, session: ChatSessionSettings | undefined, now: Date,
): Promise<string> {
  if (credentials.kind === 'cube-token') {
    if (deploymentSecret === null) throw unauthorized('This agent takes "Authorization: Api-Key <key>": its deployment\'s Cube verifies its users\' tokens itself, so no X-Cube-Auth-Token can be checked here');
    return externalOwner(await cubeTokenUser(credentials.token, deploymentSecret, now));
  }
  const key = await db.read((tx) => tx.one(`SELECT kind FROM access_tokens WHERE token_hash = ? AND kind = ?`, [tokenHash(credentials.key), CHAT_API_KEY_KIND]));
  if (!key) throw unauthorized('Invalid Chat API key');
  return sessionOwner(db, session);
}

async function cubeTokenUser(token: string, secret: string, now: Date): Promise<string> {
  let claims: JWTPayload;
  try {
    ({ payload: claims } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'], currentDate: now }));
  } catch (error) {
    if (!(error instanceof joseErrors.JOSEError)) throw error;
    throw unauthorized(`The X-Cube-Auth-Token is not a valid Cube token of the agent's deployment (${error.code})`);
  }
  const user = typeof claims.externalId === 'string' && claims.externalId ? claims.externalId : claims.sub;
  if (!user) throw unauthorized('The Cube token names no user: it needs an externalId (or sub) claim');
  if (!Array.isArray(claims.scope) || !claims.scope.includes('chat')) {
    throw new HttpError(403, 'The Cube token does not carry the "chat" scope in its scope claim (an array)');
  }
  return user;
}

/** chat.yaml `SessionSettingsDto`: either `externalId` (lowercase, trimmed) or `internalId` (an existing user). */
async function sessionOwner(db: StateStore, session: ChatSessionSettings | undefined): Promise<string> {
  const { externalId, internalId } = session ?? {};
  if (externalId === undefined && internalId === undefined) {
    throw badRequest('sessionSettings.externalId or sessionSettings.internalId is required with an API key');
  }
  if (externalId !== undefined && internalId !== undefined) throw badRequest('Give sessionSettings.externalId or sessionSettings.internalId, not both');
  if (externalId !== undefined) {
    if (!externalId || externalId !== externalId.trim().toLowerCase()) {
      throw badRequest('sessionSettings.externalId must be a non-empty lowercase id without leading or trailing spaces');
    }
    return externalOwner(externalId);
  }
  const unsupported = (['groups', 'securityContext', 'userAttributes'] as const).filter((field) => session?.[field] !== undefined);
  if (unsupported.length) throw badRequest(`sessionSettings.${unsupported[0]} is not allowed together with internalId`);
  const user = await db.read((tx) => userByEmail(tx, internalId!));
  if (user === 'ambiguous') throw badRequest(`sessionSettings.internalId "${internalId}" is the email of more than one user`);
  if (!user) throw badRequest(`sessionSettings.internalId "${internalId}" names no user of this platform`);
  if (!user.active) throw new HttpError(403, `The user "${internalId}" is deactivated`);
  return userOwner(user.id);
}

/**
 * The user an `internalId` names now ("Email … of an internal Cube Cloud user"), lowercased: the one whose user name
 * it is (unique; the seeded users' are their emails), else the one whose primary email it is, as `users/me` gives it
 * to the pane. Emails are not unique, so two holders name no one.
 */
async function userByEmail(tx: StateConnection, internalId: string): Promise<{ id: number; active: boolean } | 'ambiguous' | undefined> {
  const email = internalId.trim().toLowerCase();
  const byName = await tx.one(`SELECT id, active FROM users WHERE lower(user_name) = ? AND deleted_at IS NULL`, [email]);
  if (byName) return { id: Number(byName.id), active: byName.active === true };
  const holders = (await tx.all(`SELECT * FROM users WHERE deleted_at IS NULL`)).map(userRecord).filter((user) => primaryEmail(user).toLowerCase() === email);
  if (holders.length > 1) return 'ambiguous';
  return holders[0] && { id: holders[0].id, active: holders[0].active };
}

/** A Cube token as a customer's backend signs one with the deployment's secret (for tests and the workbench). */
export function signCubeToken(claims: Record<string, unknown>, secret: string, now: Date, expiresInSeconds = 3_600): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}
