import { tokenHash } from '../auth';
import type { PlatformContext } from '../context';
import { HttpError, type ApiRequest } from '../http';
import type { UserRecord } from '../store/rows';
import { keptUser } from '../store/users';

export function bearerToken(request: ApiRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}

export const unauthorized = (message: string) =>
  new HttpError(401, message, { error: message }, 'application/json', { 'WWW-Authenticate': 'Bearer' });

/** The user an API key belongs to, or null. */
async function apiKeyUser(ctx: PlatformContext, token: string): Promise<number | null> {
  const hash = tokenHash(token);
  const row = await ctx.db.cachedRead(['access_tokens'], `api key ${hash}`, (tx) => tx.one(`SELECT user_id FROM access_tokens WHERE token_hash = ? AND kind = 'api-key'`, [hash]));
  return row ? Number(row.user_id) : null;
}

/** The active user a Platform API token belongs to: an OAuth access token or an API key (the real API takes both). */
export async function userForToken(ctx: PlatformContext, token: string): Promise<UserRecord | 'inactive' | null> {
  const userId = (await ctx.oauthUserForAccessToken?.(token)) ?? (await apiKeyUser(ctx, token));
  if (userId === null) return null;
  const user = await keptUser(ctx.db, userId);
  if (!user) return null;
  return user.active ? user : 'inactive';
}

/** The active user behind a Platform API Bearer token, or `401`. */
export async function authenticate(ctx: PlatformContext, request: ApiRequest): Promise<UserRecord> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Missing Bearer token in the Authorization header');
  const user = await userForToken(ctx, token);
  if (user === null) throw unauthorized('Invalid or expired token');
  if (user === 'inactive') throw unauthorized('This user is deactivated');
  return user;
}

export function forbidden(message: string): HttpError {
  return new HttpError(403, message);
}
