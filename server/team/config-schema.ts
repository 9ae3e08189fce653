import { z } from 'zod';
import { Policy } from '../../src/contract';

/**
 * What a team's configuration file may say (the Report Sync Server in front of the team's own Cube deployments),
 * with defaults applied. config.ts reads the file, fills `${NAME}` from the environment and turns every issue
 * raised here into a line, a column and words a person can act on; the wording of custom issues lives here, beside
 * the rule it explains, and never repeats a value (a secret may have been put where another field was meant).
 */

/** Hosts where plain http never leaves the machine (a developer's own Cube or sign-in server). */
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** HS256 keys and bearer tokens shorter than this are guessable; Cube's own docs ask for a long random secret. */
export const SECRET_MIN_LENGTH = 32;

/** Attribute names the server writes into every signed token itself, so a group's attributes may not set them. */
const RESERVED_ATTRIBUTES = new Set(['sub', 'email', 'groups', 'scope']);

/** The Cube REST API's base path: the add-in appends `/load`, `/meta`, … to it. */
const CUBE_API_PATH = '/cubejs-api/v1';

/**
 * A strict object: a misspelt key is an error rather than a silently ignored setting. The message of its
 * `unrecognized_keys` issue is the list of allowed keys (config.ts names the unknown key and suggests one).
 */
function strict<const T extends z.core.$ZodLooseShape>(shape: T) {
  const allowed = Object.keys(shape).join(', ');
  return z.strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? allowed : undefined) });
}

/** Why `text` is not an https URL (http allowed for a loopback host only), or undefined when it is one. */
function webUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not an absolute URL: write it like https://host.example.com/path';
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol !== 'http:') return `must be an https:// URL (not ${url.protocol}//)`;
  if (LOOPBACK_HOSTS.has(url.hostname)) return undefined;
  return `uses http with host ${url.hostname}: use https (http is allowed only for 127.0.0.1, ::1 and localhost, where traffic stays on the machine)`;
}

const WebUrl = z.string().superRefine((text, context) => {
  const problem = webUrlProblem(text);
  if (problem) context.addIssue({ code: 'custom', message: problem });
});

/** A deployment's Cube REST API base URL, kept without the trailing slash so paths can be appended. */
const CubeApiUrl = z
  .string()
  .superRefine((text, context) => {
    const problem = webUrlProblem(text);
    if (problem) context.addIssue({ code: 'custom', message: problem });
    if (!text.replace(/\/$/, '').endsWith(CUBE_API_PATH)) {
      context.addIssue({ code: 'custom', message: `must end in ${CUBE_API_PATH} (the Cube REST API's base path, like https://cube.example.com${CUBE_API_PATH})` });
    }
  })
  .transform((text) => text.replace(/\/$/, ''));

/** The message never repeats the URL: it carries the database password. */
const PostgresUrl = z.string().superRefine((text, context) => {
  if (!/^postgres(ql)?:\/\/./.test(text)) {
    context.addIssue({ code: 'custom', message: 'must be a postgres:// or postgresql:// URL, like postgres://user:password@db.example.com:5432/reports' });
  }
});

/** A secret: long enough, and described by its length only. */
const secret = (whereFrom: string) =>
  z.string().superRefine((text, context) => {
    if (text.length < SECRET_MIN_LENGTH) {
      context.addIssue({ code: 'custom', message: `is too short (${text.length} characters, at least ${SECRET_MIN_LENGTH}): ${whereFrom}` });
    }
  });

/** A port as a number, or as digits (what `${PORT}` gives). */
const Port = z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), z.int().min(1).max(65535));

const Server = strict({
  port: Port.default(4000),
  host: z.string().min(1).default('0.0.0.0'),
  publicUrl: WebUrl,
  /** The add-in's sign-in callbacks where its pages are hosted (besides `{publicUrl}/auth/callback.html`). */
  addInRedirectUris: z.array(WebUrl).default([]),
});

const Oidc = strict({
  issuer: WebUrl,
  clientId: z.string().min(1),
  /** Absent: a public client, signing in with PKCE. */
  clientSecret: z.string().min(1).optional(),
});

const Attribute = z.union([z.string(), z.number(), z.boolean()]);
const AttributeValue = z.union([Attribute, z.array(Attribute)], { error: 'must be text, a number, true/false, or a list of those' });
const AttributeName = z.string().superRefine((name, context) => {
  if (name.trim() === '') context.addIssue({ code: 'custom', message: 'is an empty attribute name' });
  if (RESERVED_ATTRIBUTES.has(name)) context.addIssue({ code: 'custom', message: `is set by the server (${[...RESERVED_ATTRIBUTES].join(', ')}): choose another attribute name` });
});
const GroupName = z.string().refine((name) => name.trim() !== '', { error: 'is an empty group name: use the SCIM group\'s display name' });

const Deployment = strict({
  name: z.string().trim().min(1),
  cubeApiUrl: CubeApiUrl,
  auth: z.discriminatedUnion('mode', [
    /** The server signs each user's Cube token (HS256) with the deployment's CUBEJS_API_SECRET. */
    strict({ mode: z.literal('signed-token'), apiSecret: secret('use the deployment\'s CUBEJS_API_SECRET') }),
    /** The user's OIDC token goes to a Cube that verifies it through CUBEJS_JWK_URL. */
    strict({ mode: z.literal('oidc-pass-through') }),
  ]),
  securityContext: strict({
    /** SCIM group display name → attributes merged into the security context of that group's members. */
    attributes: z.record(GroupName, z.record(AttributeName, AttributeValue)).default({}),
  }).prefault({}),
});

/** The chat agent (chat.yaml's Agent chat API): it answers from one deployment's view, as the user who asks. */
const Agent = strict({
  /** A `deployments[].name`: the Cube whose `/v1/meta` and `/v1/load` the agent reads, with the asking user's token. */
  deployment: z.string().trim().min(1),
  /** The Cube view the agent's questions are understood against, as `/v1/meta` names it. */
  view: z.string().trim().min(1),
  /** The Chat API key (`Authorization: Api-Key …`) the add-in's chat settings take. */
  apiKey: secret('generate one, e.g. with `openssl rand -base64 48`, and give it to the add-in\'s chat settings'),
});

export const TeamConfigSchema = strict({
  // Absent, it is validated as {}: the issue then names the field the file must have, server.publicUrl.
  server: Server.prefault({} as z.input<typeof Server>),
  /** DATABASE_URL in the environment wins; without either the caller decides where state lives. */
  database: strict({ url: PostgresUrl.optional() }).prefault({}),
  signIn: strict({ oidc: Oidc.optional() }).prefault({}),
  scim: strict({ token: secret('generate one, e.g. with `openssl rand -base64 48`, and give the same to the identity provider') }),
  /** Users (by userName) given the platform's admin role when they sign in. */
  admins: z.array(z.email({ error: 'is not an e-mail address (the userName a person signs in with)' })).default([]),
  /** SCIM group display name → the rights its members get (api.yaml `Policy`), as the managed platform's console grants them. */
  groups: z.record(GroupName, strict({ policies: z.array(Policy) })).default({}),
  deployments: z.array(Deployment).min(1),
  /** Absent: no agent (the add-in's chat has nobody to talk to). */
  agent: Agent.optional(),
});

export type TeamConfig = z.output<typeof TeamConfigSchema>;
export type TeamDeployment = TeamConfig['deployments'][number];

/** What a missing required field is, keyed by its name, so "is missing" says what to write. */
export const MISSING_FIELD_HINTS: Readonly<Record<string, string>> = {
  publicUrl: 'the https URL users and the add-in reach, behind the TLS proxy',
  issuer: 'the OIDC issuer URL; set it here or PLATFORM_OIDC_ISSUER in the environment',
  clientId: 'the OIDC client id; set it here or PLATFORM_OIDC_CLIENT_ID in the environment',
  scim: 'it needs token, the bearer token the identity provider provisions users with',
  token: 'the bearer token the identity provider provisions users with, as ${SCIM_TOKEN}',
  deployments: 'list at least one Cube deployment',
  name: 'the deployment\'s name as users see it',
  cubeApiUrl: `the Cube REST API URL, ending in ${CUBE_API_PATH}`,
  auth: 'choose mode: signed-token or mode: oidc-pass-through',
  apiSecret: 'the deployment\'s CUBEJS_API_SECRET, as ${CUBEJS_API_SECRET}',
  deployment: 'the name of the deployment (in deployments) the agent answers from',
  view: 'the Cube view the agent answers from, as /v1/meta names it',
  apiKey: 'the Chat API key the add-in\'s chat settings take, as ${CHAT_API_KEY}',
};

type Path = readonly (string | number)[];

/** A plain mapping (not a list, not null), as YAML gives one. */
export const isMapping = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The rules between fields, checked on the raw value (after env overrides) so they are reported together with
 * every other problem rather than only once the rest is valid.
 */
export function crossFieldProblems(raw: unknown): { path: Path; message: string }[] {
  if (!isMapping(raw) || !Array.isArray(raw.deployments)) return [];
  const problems: { path: Path; message: string }[] = [];
  const hasOidc = isMapping(raw.signIn) && isMapping(raw.signIn.oidc);
  const firstWithName = new Map<string, number>();
  raw.deployments.forEach((deployment: unknown, index) => {
    if (!isMapping(deployment)) return;
    if (typeof deployment.name === 'string' && deployment.name.trim() !== '') {
      const key = deployment.name.trim().toLowerCase();
      const first = firstWithName.get(key);
      if (first === undefined) firstWithName.set(key, index);
      else problems.push({ path: ['deployments', index, 'name'], message: `repeats the name of deployments[${first}] ("${deployment.name.trim()}"): give each deployment its own name (case is ignored)` });
    }
    if (isMapping(deployment.auth) && deployment.auth.mode === 'oidc-pass-through' && !hasOidc) {
      problems.push({
        path: ['deployments', index, 'auth', 'mode'],
        message: 'oidc-pass-through needs signIn.oidc (Cube verifies the users\' own OIDC tokens): add signIn.oidc, or set PLATFORM_OIDC_ISSUER and PLATFORM_OIDC_CLIENT_ID',
      });
    }
  });
  const agent = isMapping(raw.agent) ? raw.agent : undefined;
  if (agent && typeof agent.deployment === 'string' && agent.deployment.trim() !== '' && !firstWithName.has(agent.deployment.trim().toLowerCase())) {
    const names = raw.deployments.filter(isMapping).map((d) => d.name).filter((name) => typeof name === 'string').map((name) => JSON.stringify(name.trim()));
    problems.push({ path: ['agent', 'deployment'], message: `names no deployment in deployments${names.length ? ` (${names.join(', ')})` : ''}: use one of their names` });
  }
  const scimToken = isMapping(raw.scim) ? raw.scim.token : undefined;
  if (agent && typeof agent.apiKey === 'string' && agent.apiKey === scimToken) {
    problems.push({ path: ['agent', 'apiKey'], message: 'is the same as scim.token: give the agent a key of its own (whoever holds the one may not be meant to hold the other)' });
  }
  return problems;
}

/** A complete, valid configuration; the docs show it and the tests load it. Secrets come from the environment. */
export const TEAM_CONFIG_EXAMPLE = `# team.yaml: the Report Sync Server for one team. \${NAME} is read from the environment (write $\${ for a literal \${).
server:
  port: 4000                                # default 4000
  host: 0.0.0.0                             # default 0.0.0.0
  publicUrl: https://reports.example.com    # what users and the add-in reach (the TLS proxy in front of this server)
  addInRedirectUris:                        # the add-in's sign-in callback where its pages are hosted
    - https://excel-addin.example.com/auth/callback.html

database:
  url: postgres://reports:\${REPORTS_DB_PASSWORD}@db.example.com:5432/reports   # DATABASE_URL in the environment wins

signIn:
  oidc:                                     # PLATFORM_OIDC_ISSUER, _CLIENT_ID and _CLIENT_SECRET override these
    issuer: https://login.example.com
    clientId: report-sync
    clientSecret: \${OIDC_CLIENT_SECRET}     # leave out for a public client (PKCE)

scim:
  token: \${SCIM_TOKEN}                      # the identity provider provisions users with it; at least 32 characters

admins:                                     # given the admin role when they sign in
  - ana@example.com

groups:                                     # SCIM group display name → the rights its members get (api.yaml Policy)
  Sales Analysts:
    policies:
      - { resourceType: Deployment, actions: [SchemaRead, DownloadData], resources: ['*'] }
      - { resourceType: Folder, actions: [FolderRead, ReportRead], resources: ['*'] }

deployments:
  - name: Sales Analytics
    cubeApiUrl: https://cube.example.com/cubejs-api/v1
    auth:
      mode: signed-token                    # the server signs each user's Cube token with this secret (HS256)
      apiSecret: \${CUBEJS_API_SECRET_SALES} # the deployment's CUBEJS_API_SECRET; at least 32 characters
    securityContext:
      attributes:                           # SCIM group display name → attributes its members' tokens carry
        EMEA Sales: { region: [EMEA] }
        Finance: { region: [EMEA, AMER], canSeeMargins: true }
  - name: Operations
    cubeApiUrl: https://ops-cube.example.com/cubejs-api/v1
    auth:
      mode: oidc-pass-through               # Cube verifies the user's OIDC token itself (CUBEJS_JWK_URL)

agent:                                      # the chat agent; leave out for none
  deployment: Sales Analytics               # answers from this deployment's Cube, with the asking user's rights
  view: sales                               # the Cube view it reads (its /v1/meta members)
  apiKey: \${CHAT_API_KEY}                   # the add-in's chat settings take it; at least 32 characters
`;
