import { z } from 'zod';

export const SCIM_USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const SCIM_LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const SCIM_ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const SCIM_GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const SCIM_PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

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

/** A group member: the user's SCIM `id` in `value`; `display` (their userName) and `$ref` are read-only. */
export const ScimMember = z.looseObject({ value: z.string(), display: z.string().optional(), $ref: z.string().optional() });

/** A SCIM core Group (scim.yaml `Group`). `members` is absent when a request excludes it. */
export const ScimGroup = z.looseObject({
  schemas: z.array(z.string()).optional(),
  id: z.string().optional(),
  displayName: z.string().min(1),
  externalId: z.string().optional(),
  members: z.array(ScimMember).optional(),
  meta: ScimMeta.optional(),
});
export type ScimGroup = z.infer<typeof ScimGroup>;

/** The body of a group create or replace: only what Group defines; members by user id, `display` ignored. */
export const ScimGroupInput = z.object({
  schemas: z.array(z.string()).optional(),
  displayName: z.string().min(1),
  externalId: z.string().optional(),
  members: z.array(z.object({ value: z.string().min(1) })).optional(),
});
export type ScimGroupInput = z.infer<typeof ScimGroupInput>;

/**
 * scim.yaml `PatchOp` (RFC 7644 §3.5.2). `op` is matched case-insensitively: Entra ID sends `Replace` and `Add`
 * (Microsoft, "Known issues and resolutions with SCIM 2.0 protocol compliance").
 */
export const ScimPatchOperation = z.object({
  op: z.string().regex(/^(add|remove|replace)$/i, 'must be add, remove or replace').transform((op) => op.toLowerCase() as 'add' | 'remove' | 'replace'),
  path: z.string().min(1).optional(),
  value: z.unknown().optional(),
});
export type ScimPatchOperation = z.output<typeof ScimPatchOperation>;
export const ScimPatchOp = z.object({
  schemas: z.array(z.string()).refine((s) => s.includes(SCIM_PATCH_SCHEMA), `must include ${SCIM_PATCH_SCHEMA}`),
  Operations: z.array(ScimPatchOperation).min(1),
});
export type ScimPatchOp = z.input<typeof ScimPatchOp>;

const listResponse = <T extends z.ZodType>(resource: T) => z.object({
  schemas: z.array(z.string()),
  totalResults: z.number().int(),
  startIndex: z.number().int().optional(),
  itemsPerPage: z.number().int().optional(),
  Resources: z.array(resource),
});
export const ScimListResponse = listResponse(ScimUser);
export type ScimListResponse = z.infer<typeof ScimListResponse>;
export const ScimGroupListResponse = listResponse(ScimGroup);
export type ScimGroupListResponse = z.infer<typeof ScimGroupListResponse>;

export const ScimError = z.object({
  schemas: z.array(z.string()),
  status: z.string(),
  detail: z.string().optional(),
  scimType: z.string().optional(),
});
export type ScimError = z.infer<typeof ScimError>;
