// oidc-provider ships no types; this declares only the part the local platform uses (v9 API).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface AdapterPayload {
    [key: string]: unknown;
    grantId?: string;
    uid?: string;
    consumed?: number;
  }

  /** Storage for one model (AccessToken, RefreshToken, Grant, Session, Interaction, …). */
  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClientInfo {
    clientId: string;
    redirectUris: string[];
  }

  export interface OIDCContext {
    route: string;
    params?: Record<string, unknown>;
    client?: ClientInfo;
    result?: { login?: unknown };
    entities: { RotatedRefreshToken?: { remainingTTL: number } };
  }

  /** Koa's context as oidc-provider extends it. */
  export interface KoaContextWithOIDC {
    oidc: OIDCContext;
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    type: string;
    body: unknown;
    get(header: string): string;
    set(headers: Record<string, string>): void;
    remove(header: string): void;
    response: { headers: Record<string, unknown> };
  }

  export type Middleware = (ctx: KoaContextWithOIDC, next: () => Promise<void>) => Promise<void>;

  export interface Account {
    accountId: string;
    /** The user's claims; oidc-provider keeps those of the granted scopes (`Configuration.claims`). */
    claims(): Promise<{ sub: string } & Record<string, unknown>>;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string };
    params: Record<string, unknown>;
  }

  export interface InteractionResult {
    login?: { accountId: string };
    consent?: { grantId: string };
    error?: string;
    error_description?: string;
  }

  export interface AccessToken {
    accountId: string;
    grantId: string;
    clientId: string;
    isExpired: boolean;
    /** The granted scopes it carries (space-separated). */
    scope?: string;
    /** Set when the token is for a resource indicator's resource server (RFC 8707). */
    resourceServer?: { identifier(): string };
  }

  /** What `features.resourceIndicators.getResourceServerInfo` answers for a resource it serves. */
  export interface ResourceServerInfo {
    /** The scopes the resource server offers (space-separated). */
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg?: string; kid?: string } };
  }

  export interface FeatureToggle {
    enabled: boolean;
    allowedPolicy?: (ctx: KoaContextWithOIDC, client: ClientInfo, token: { clientId: string }) => Promise<boolean>;
    getResourceServerInfo?: (ctx: KoaContextWithOIDC, resourceIndicator: string, client: ClientInfo) => Promise<ResourceServerInfo>;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    addOIDCScope(scope: string): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface ErrorOut {
    error: string;
    error_description?: string;
  }

  export class Check {
    constructor(reason: string, description: string, check: (ctx: KoaContextWithOIDC) => boolean);
  }

  export interface Prompt {
    name: string;
    checks: Check[];
  }

  export interface Policy extends Array<Prompt> {
    get(name: string): Prompt | undefined;
  }

  export const interactionPolicy: { base(): Policy; Check: typeof Check };

  /** oidc-provider's errors; one thrown anywhere in a request is answered as its OAuth error. */
  export const errors: { InvalidGrant: new (detail?: string) => Error; InvalidTarget: new (detail?: string) => Error };

  /** The configuration keys the local platform sets; see oidc-provider's docs for their meaning. */
  export interface Configuration {
    adapter: new (model: string) => Adapter;
    clients: Record<string, unknown>[];
    /** Claims by scope (an array of claim names), or standalone claims (null). */
    claims: Record<string, string[] | null>;
    clientAuthMethods: string[];
    clientBasedCORS(ctx: KoaContextWithOIDC, origin: string, client: ClientInfo): boolean;
    cookies: { keys: string[] };
    expiresWithSession(): Promise<boolean>;
    features: Record<string, FeatureToggle>;
    extraTokenClaims(ctx: KoaContextWithOIDC, token: AccessToken): Promise<Record<string, unknown> | undefined>;
    findAccount(ctx: KoaContextWithOIDC, accountId: string): Promise<Account | undefined>;
    interactions: { policy: Policy; url(ctx: KoaContextWithOIDC, interaction: Interaction): Promise<string> };
    issueRefreshToken(ctx: KoaContextWithOIDC, client: { grantTypeAllowed(type: string): boolean }): Promise<boolean>;
    jwks: { keys: object[] };
    pkce: { required(): boolean };
    renderError(ctx: KoaContextWithOIDC, out: ErrorOut, error: Error): Promise<void>;
    responseTypes: string[];
    rotateRefreshToken: boolean;
    routes: Record<string, string>;
    scopes: string[];
    ttl: Record<string, number | ((ctx: KoaContextWithOIDC | undefined) => number)>;
  }

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    /** Trust X-Forwarded-Proto/Host (Koa's `proxy`). */
    proxy: boolean;
    readonly AccessToken: { find(value: string): Promise<AccessToken | undefined> };
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    use(middleware: Middleware): this;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionFinished(req: IncomingMessage, res: ServerResponse, result: InteractionResult, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  }
}
