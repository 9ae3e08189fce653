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
  /** Renew this long before `expiresAt`. */
  renewBeforeMs?: number;
  now?: () => number;
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
    private readonly deploymentId: string,
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
        .then((issued) => {
          this.current = { token: issued.token, expiresAt: Date.parse(issued.expiresAt) };
          return issued.token;
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
