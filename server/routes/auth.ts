import { tokenHash } from '../auth';
import type { PlatformContext } from '../context';
import { HttpError, type ApiRequest } from '../http';
import { userRecord, type UserRecord } from '../store/rows';

export function bearerToken(request: ApiRequest): string | null {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match ? match[1]! : null;
}

const unauthorized = (message: string) =>
  new HttpError(401, message, { error: message }, 'application/json', { 'WWW-Authenticate': 'Bearer' });

/** The active user behind a Platform API Bearer token, or `401`. */
export async function authenticate(ctx: PlatformContext, request: ApiRequest): Promise<UserRecord> {
  const token = bearerToken(request);
  if (!token) throw unauthorized('Missing Bearer token in the Authorization header');
  const row = await ctx.db.read((tx) =>
    tx.one(
      `SELECT u.* FROM access_tokens t JOIN users u ON u.id = t.user_id WHERE t.token_hash = ? AND t.kind = 'platform'`,
      [tokenHash(token)],
    ),
  );
  if (!row) throw unauthorized('Invalid or expired token');
  const user = userRecord(row);
  if (!user.active) throw unauthorized('This user is deactivated');
  return user;
}

export function requirePolicy(user: UserRecord, action: string): void {
  if (!user.policies.includes(action)) throw new HttpError(403, `You lack the ${action} permission for this action`);
}
