import { z } from 'zod';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';

export const ScimMeta = z.object({
  resourceType: z.string(),
  created: z.iso.datetime({ offset: true }),
  lastModified: z.iso.datetime({ offset: true }),
  location: z.string(),
});

export const ScimEmail = z.looseObject({ value: z.string(), primary: z.boolean().optional(), type: z.string().optional() });

/** A SCIM core User. `id` and `meta` are read-only: ignored on input. */
export const ScimUser = z.looseObject({
  schemas: z.array(z.string()).optional(),
  id: z.string().optional(),
  userName: z.string().min(1),
  name: z.looseObject({ givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
  emails: z.array(ScimEmail).optional(),
  active: z.boolean().optional(),
  externalId: z.string().optional(),
  meta: ScimMeta.optional(),
});
export type ScimUser = z.infer<typeof ScimUser>;

/**
 * The body of a replace (`PUT /Users/{id}`): only the attributes this platform defines, nested ones included
 * (an email's `value`, `primary`, `type`); anything else is dropped, not stored. The read-only `id` and `meta`
 * are dropped too, in whatever shape they come (identity providers echo back a partial `meta`). Responses keep
 * the lenient `ScimUser`.
 */
export const ScimUserInput = z.object({
  schemas: z.array(z.string()).optional(),
  userName: z.string().min(1),
  name: z.object({ givenName: z.string().optional(), familyName: z.string().optional() }).optional(),
  emails: z.array(z.object({ value: z.string(), primary: z.boolean().optional(), type: z.string().optional() })).optional(),
  active: z.boolean().optional(),
  externalId: z.string().optional(),
});
export type ScimUserInput = z.infer<typeof ScimUserInput>;

export const ScimListResponse = z.object({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int().optional(),
  itemsPerPage: z.number().int().optional(),
  Resources: z.array(ScimUser),
});
export type ScimListResponse = z.infer<typeof ScimListResponse>;

export const ScimError = z.object({
  schemas: z.array(z.string()),
  status: z.string(),
  detail: z.string().optional(),
  scimType: z.string().optional(),
});
export type ScimError = z.infer<typeof ScimError>;
