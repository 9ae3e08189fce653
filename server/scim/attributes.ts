/**
 * The attributes this platform keeps of SCIM Users and Groups (RFC 7643 §4.1, §4.2), with the characteristics
 * filters, PATCH and `/Schemas` need. One list, so what a filter may name, what a PATCH may change and what
 * discovery says are the same. Names are matched case-insensitively (RFC 7643 §2.1).
 */
export type AttributeType = 'string' | 'boolean' | 'dateTime' | 'complex' | 'reference';

export interface AttributeDefinition {
  name: string;
  type: AttributeType;
  multiValued: boolean;
  description: string;
  required: boolean;
  /** `caseExact: false` string attributes compare case-insensitively in filters (RFC 7644 §3.4.2.2). */
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  subAttributes?: AttributeDefinition[];
  referenceTypes?: string[];
}

const attribute = (
  name: string, type: AttributeType, description: string, more: Partial<AttributeDefinition> = {},
): AttributeDefinition => ({
  name, type, description, multiValued: false, required: false, caseExact: false, mutability: 'readWrite', returned: 'default',
  uniqueness: 'none', ...more,
});

/** Common attributes (RFC 7643 §3.1): `id` is the platform's integer id as a string; `meta` is read-only. */
const COMMON: AttributeDefinition[] = [
  attribute('id', 'string', 'The platform id of the resource.', { caseExact: true, mutability: 'readOnly', returned: 'always', uniqueness: 'server' }),
  attribute('externalId', 'string', "The provisioning client's id of the resource.", { caseExact: true }),
  attribute('meta', 'complex', 'Resource metadata.', {
    mutability: 'readOnly',
    subAttributes: [
      attribute('resourceType', 'string', 'User or Group.', { caseExact: true, mutability: 'readOnly' }),
      attribute('created', 'dateTime', 'When the resource was created.', { mutability: 'readOnly' }),
      attribute('lastModified', 'dateTime', 'When the resource last changed.', { mutability: 'readOnly' }),
      attribute('location', 'reference', 'The URI of the resource.', { caseExact: true, mutability: 'readOnly', referenceTypes: ['uri'] }),
    ],
  }),
];

export const USER_ATTRIBUTES: AttributeDefinition[] = [
  ...COMMON,
  attribute('userName', 'string', 'Unique name of the user, typically their email address; signs them in.', { required: true, uniqueness: 'server' }),
  attribute('name', 'complex', "The user's name.", {
    subAttributes: [attribute('givenName', 'string', 'Given name.'), attribute('familyName', 'string', 'Family name.')],
  }),
  attribute('emails', 'complex', "The user's email addresses; the primary one is their email on the platform.", {
    multiValued: true,
    subAttributes: [
      attribute('value', 'string', 'The address.'),
      attribute('type', 'string', 'work, home or other.'),
      attribute('primary', 'boolean', 'Whether this is the primary address.'),
    ],
  }),
  attribute('active', 'boolean', 'Whether the user may sign in. Setting it to false ends their sessions.'),
];

export const GROUP_ATTRIBUTES: AttributeDefinition[] = [
  ...COMMON,
  attribute('displayName', 'string', 'Name of the group.', { required: true, uniqueness: 'server' }),
  attribute('members', 'complex', "The group's members: users, by id.", {
    multiValued: true,
    subAttributes: [
      attribute('value', 'string', 'The member user id.', { caseExact: true, mutability: 'immutable' }),
      attribute('display', 'string', "The member's userName.", { mutability: 'readOnly' }),
      attribute('$ref', 'reference', 'The URI of the member user.', { caseExact: true, mutability: 'readOnly', referenceTypes: ['User'] }),
      attribute('type', 'string', 'Always User: groups hold users only.', { mutability: 'readOnly' }),
    ],
  }),
];

/**
 * An attribute path resolved against a resource's attributes: its canonical spelling and its definition, or null
 * when the resource has no such attribute. Accepts the core schema URN prefix (`urn:…:User:userName`).
 */
export function resolveAttribute(
  attributes: AttributeDefinition[], schemaUrn: string, path: string,
): { path: string; definition: AttributeDefinition } | null {
  const bare = path.toLowerCase().startsWith(`${schemaUrn.toLowerCase()}:`) ? path.slice(schemaUrn.length + 1) : path;
  const parts = bare.split('.');
  const canonical: string[] = [];
  let scope = attributes;
  let definition: AttributeDefinition | undefined;
  for (const part of parts) {
    definition = scope.find((a) => a.name.toLowerCase() === part.toLowerCase());
    if (!definition) return null;
    canonical.push(definition.name);
    scope = definition.subAttributes ?? [];
  }
  return definition ? { path: canonical.join('.'), definition } : null;
}
