import { z } from 'zod';

/** ISO 8601 date-time with `Z` or an offset, any precision. */
export const isoDateTime = z.iso.datetime({ offset: true });

/** Body of every non-SCIM Platform API and Core data API error. */
export const ErrorBody = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof ErrorBody>;

export const PageInfo = z.object({
  hasNextPage: z.boolean(),
  endCursor: z.string().nullable(),
});
export type PageInfo = z.infer<typeof PageInfo>;

/**
 * A cursor-paged list. `items` + `pageInfo` is the current shape; older servers still send the deprecated
 * `data`, `count` and `pagination` alongside, which are accepted and ignored.
 */
export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    pageInfo: PageInfo,
    data: z.array(z.unknown()).optional(),
    count: z.number().optional(),
    pagination: z.unknown().optional(),
  });
}
export interface Page<T> {
  items: T[];
  pageInfo: PageInfo;
}

/** Field limit shared by report `name` and `title` (the description's Limits table). */
export const MAX_NAME_LENGTH = 255;
