import { decodeJwt } from 'jose';
import type { PlatformClient } from './platform-client';

export interface DeploymentTokenSource {
  /** A token valid for at least the renewal margin; fetched or renewed as needed. */
  getToken(signal?: AbortSignal): Promise<string>;
  /** Forgets the current token (the data API refused it); the next `getToken` fetches a fresh one. */
  invalidate(token: string): void;
}

export interface TokenManagerOptions {
  /** Lifetime asked for, in seconds (60..86400). */
  expiresIn?: number;
  /** Renew this long before the token's `exp`. */
  renewBeforeMs?: number;
  now?: () => number;
}

/**
 * When a Cube token expires: its JWT `exp` claim (the token response has no expiry field). The token is only
 * decoded, not verified: the add-in cannot verify it (the key is the deployment's) and only needs to know
 * when to ask for a new one. A token without a readable `exp` is used once and asked for again next time.
 */
export function tokenExpiry(token: string): number | null {
  try {
    const { exp } = decodeJwt(token);
    return typeof exp === 'number' ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/**
 * Keeps one deployment token for the Core data API: obtained on first use, renewed before it expires,
 * shared by concurrent callers (one request in flight at a time), never written anywhere.
 */
export class DeploymentTokenManager implements DeploymentTokenSource {
  private current: { token: string; expiresAt: number } | null = null;
  private pending: Promise<string> | null = null;
  private readonly expiresIn: number;
  private readonly renewBeforeMs: number;
  private readonly now: () => number;

  constructor(
    private readonly platform: Pick<PlatformClient, 'issueDeploymentToken'>,
    private readonly deploymentId: number,
    options: TokenManagerOptions = {},
  ) {
    this.expiresIn = options.expiresIn ?? 3600;
    // A margin of a fifth of the lifetime, at most five minutes, so short tokens are still usable.
    this.renewBeforeMs = options.renewBeforeMs ?? Math.min(300_000, (this.expiresIn * 1000) / 5);
    this.now = options.now ?? Date.now;
  }

  getToken(signal?: AbortSignal): Promise<string> {
    if (this.current && this.current.expiresAt - this.renewBeforeMs > this.now()) return Promise.resolve(this.current.token);
    if (!this.pending) {
      this.pending = this.platform
        .issueDeploymentToken(this.deploymentId, this.expiresIn, signal)
        .then(({ cubeApiToken }) => {
          const expiresAt = tokenExpiry(cubeApiToken);
          this.current = expiresAt === null ? null : { token: cubeApiToken, expiresAt };
          return cubeApiToken;
        })
        .finally(() => {
          this.pending = null;
        });
    }
    return this.pending;
  }

  invalidate(token: string): void {
    if (this.current?.token === token) this.current = null;
  }
}
