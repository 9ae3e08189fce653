import { SCIM_ERROR_SCHEMA, SCIM_LIST_SCHEMA, type ScimError } from '../../src/contract';
import { isAdmin } from '../access';
import { tokenHash } from '../auth';
import type { PlatformContext } from '../context';
import { HttpError, type ApiRequest, type ApiResponse } from '../http';
import { bearerToken, userForToken } from '../routes/auth';
import { signedIntegerParam } from '../routes/cursor';
import type { z } from 'zod';

export const SCIM_JSON = 'application/scim+json';

/** The most resources one list answers (`/ServiceProviderConfig` says so as `filter.maxResults`). */
export const SCIM_MAX_RESULTS = 200;

/** RFC 7644 §3.12: the SCIM Error object, `status` as a string, `scimType` where the RFC names one. */
export function scimError(status: number, detail: string, scimType?: string): HttpError {
  const body: ScimError = { schemas: [SCIM_ERROR_SCHEMA], status: String(status), detail, ...(scimType ? { scimType } : {}) };
  return new HttpError(status, detail, body, SCIM_JSON, status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {});
}

/** SCIM accepts the SCIM token, or an administrator's Platform token (one token serves all three prefixes). */
export async function authorizeScim(ctx: PlatformContext, request: ApiRequest): Promise<void> {
  const token = bearerToken(request);
  if (!token) throw scimError(401, 'Missing Bearer token in the Authorization header');
  const scimToken = await ctx.db.read((tx) => tx.one(`SELECT kind FROM access_tokens WHERE token_hash = ? AND kind = 'scim'`, [tokenHash(token)]));
  if (scimToken) return;
  const user = await userForToken(ctx, token);
  if (user === null || user === 'inactive') throw scimError(401, 'Invalid or expired token');
  if (!isAdmin(user)) throw scimError(403, 'Only administrators may use the SCIM API');
}

/** A request body parsed with its schema, or `400 invalidValue` naming the first bad attribute. */
export function parseScimBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw scimError(400, `Invalid '${issue.path.join('.') || 'body'}': ${issue.message}`, 'invalidValue');
}

/** SCIM ids are strings; this platform's resources have integer ids, so anything else names none. */
export function scimResourceId(value: string): number | null {
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** RFC 7644 §3.4.2.4 paging: `startIndex` below 1 counts as 1, a negative `count` as 0; at most `SCIM_MAX_RESULTS`. */
export function scimPage<T>(request: ApiRequest, all: T[]): { page: T[]; startIndex: number; totalResults: number } {
  const startIndex = Math.max(1, signedIntegerParam(request, 'startIndex', 1));
  const count = Math.max(0, Math.min(SCIM_MAX_RESULTS, signedIntegerParam(request, 'count', 100)));
  return { page: all.slice(startIndex - 1, startIndex - 1 + count), startIndex, totalResults: all.length };
}

export function scimList(request: ApiRequest, resources: object[]): ApiResponse {
  const { page, startIndex, totalResults } = scimPage(request, resources);
  return {
    status: 200,
    contentType: SCIM_JSON,
    body: { schemas: [SCIM_LIST_SCHEMA], totalResults, startIndex, itemsPerPage: page.length, Resources: page },
  };
}

/** `excludedAttributes` (RFC 7644 §3.4.2.5), for the attributes that may be left out (never `id` or `schemas`). */
export function excludedAttributes(request: ApiRequest, omittable: readonly string[]): Set<string> {
  const names = (request.query.get('excludedAttributes') ?? '').split(',').map((n) => n.trim().toLowerCase()).filter(Boolean);
  return new Set(omittable.filter((name) => names.includes(name.toLowerCase())));
}

export const scimOk = (body: object, status = 200, headers: Record<string, string> = {}): ApiResponse =>
  ({ status, contentType: SCIM_JSON, body, headers });
