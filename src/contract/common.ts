import { z } from 'zod';

/**
 * Building blocks shared by every schema. Responses are parsed as a client of a living API parses them
 * (contract.md): unknown fields ignored, every field the real schema makes nullable or optional accepted as
 * null or absent, an unknown enum value from a newer server mapped to a fallback where the add-in can go on,
 * and a missing required field reported by name. Request bodies are validated strictly by the local platform.
 */

/** A field the real schema marks `N(x)` (nullable) or leaves out of `required`: null and absent both accepted. */
export const nullish = <T extends z.ZodType>(schema: T) => schema.nullish();

/**
 * Branches of a response schema that exist only for clients' tolerance of other servers (an open enum's any
 * other string, say). They change nothing in parsing; the local platform's OpenAPI document leaves them out,
 * since it describes what that server sends.
 */
export const clientFallbacks = new WeakSet<z.core.$ZodType>();

/** Marks `schema` as such a branch (see `clientFallbacks`). */
export function clientFallback<T extends z.ZodType>(schema: T): T {
  clientFallbacks.add(schema);
  return schema;
}

/**
 * An enum in a response: a value the add-in does not know (a newer server's) becomes `fallback` instead of
 * failing the whole answer. Request bodies use the plain `z.enum`.
 */
export function openEnum<const T extends readonly [string, ...string[]], F extends T[number] | null>(values: T, fallback: F) {
  return z.enum(values).or(clientFallback(z.string().transform((): F => fallback))) as unknown as z.ZodType<T[number] | F, string>;
}

/** `createdAt`-style fields: `format: date` or `format: date-time` strings, kept as sent. */
export const DateOrDateTime = z.string().min(1);

/** ISO 8601 date-time with `Z` or an offset, any precision (the local platform's own timestamps). */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Body of every non-SCIM Platform API and Core data API error; `code` where the real API names one. */
export const ErrorBody = z.looseObject({ error: z.string(), code: z.string().optional() });
export type ErrorBody = z.infer<typeof ErrorBody>;

/** api.yaml `PageInfo`. */
export const PageInfo = z.looseObject({
  hasNextPage: z.boolean(),
  hasPreviousPage: z.boolean(),
  startCursor: nullish(z.string()),
  endCursor: nullish(z.string()),
});
export type PageInfo = z.infer<typeof PageInfo>;

/**
 * A cursor-paged list (`…ListResponse`): `items` with a nullable `pageInfo`. The deprecated `data`, `count`,
 * `pagination` and `totalCount` that servers still send are accepted and ignored, and not demanded: a server
 * may stop sending them.
 */
export function listResponse<T extends z.ZodType>(item: T) {
  return z.looseObject({
    items: z.array(item),
    pageInfo: nullish(PageInfo),
    data: z.array(z.unknown()).optional().meta({ deprecated: true }),
    count: nullish(z.number()).meta({ deprecated: true }),
    totalCount: nullish(z.number()).meta({ deprecated: true }),
    pagination: z.unknown().optional().meta({ deprecated: true }),
  });
}
export interface Page<T> {
  items: T[];
  pageInfo?: PageInfo | null;
}

/** The cursor of the next page, or null when there is none (also when a server sends no `pageInfo`). */
export function nextCursor(page: { pageInfo?: PageInfo | null }): string | null {
  return page.pageInfo?.hasNextPage && page.pageInfo.endCursor ? page.pageInfo.endCursor : null;
}

/** api.yaml `ResourceOwner`. */
export const ResourceOwner = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  firstName: nullish(z.string()),
  picture: nullish(z.string()),
});
export type ResourceOwner = z.infer<typeof ResourceOwner>;

/** api.yaml `WorkspaceFolderPathEntry`. */
export const FolderPathEntry = z.looseObject({ id: z.number().int(), name: z.string() });
export type FolderPathEntry = z.infer<typeof FolderPathEntry>;

/** Field limit shared by report `name` and `title` (the description's Limits table, changelog v0.7.0). */
export const MAX_NAME_LENGTH = 255;

/** A path or query parameter the real API types as an integer id. */
export const IntegerId = z.number().int().nonnegative();

/**
 * The largest id the local platform stores (its ids are INTEGER columns: int32). Only request bodies are held
 * to it: api.yaml types ids `integer` with no format, so responses (`IntegerId`) stay unbounded and a client
 * never refuses a real server's larger id.
 */
export const MAX_INPUT_ID = 2_147_483_647;

/** An id in a request body (`folderId`, `defaultDeploymentId`): an integer from 0 to `MAX_INPUT_ID`. */
export const InputId = z.number().int().min(0).max(MAX_INPUT_ID);
