import { RequestCancelledError } from '../../client/errors';
import type { DeploymentTokenSource } from '../../client/token-manager';
import { untilAborted } from '../../client/until-aborted';
import { CubeTokenNeededError, type CubeTokenRequestReason } from './cube-api-errors';
import { readCubeToken, type CubeToken } from './cube-token';

export { CubeTokenNeededError, type CubeTokenRequestReason } from './cube-api-errors';

export interface PastedCubeTokensOptions {
  /**
   * Asks the user for a new token, in words that say why (`reason`); resolves to what they pasted, or null when
   * they cancel. What is pasted is read with `readCubeToken`: the dialog should read it too and keep asking while
   * it is refused, since a token that cannot be read fails the request (with the `CubeTokenError`'s words).
   */
  askForToken(reason: CubeTokenRequestReason): Promise<string | null>;
  /** Hears every new token taken, to keep it in the user's storage (`CubeApiConnectionSettings`). */
  onToken?(token: CubeToken): void;
  /**
   * Ask for a new token this long before `exp`, so a request is not sent with a token that ends on the way. A token
   * without `exp` is used until the deployment refuses it.
   */
  renewBeforeMs?: number;
  now?: () => number;
}

/**
 * The tokens of a Cube API connection: the pasted one until it expires (never, without `exp`) or the deployment
 * refuses it, then one asked of the user (`askForToken`), shared by every request waiting at that moment (one
 * question at a time).
 *
 * `CoreDataClient` gets a token for each request, and on a 403 calls `invalidate` and sends the request once more with
 * the next `getToken`: here that asks the user (`refused`), so a load whose token was refused, or expired while
 * it was on its way, carries on with the new token. A token refused twice ends in the client's 403.
 */
export class PastedCubeTokens implements DeploymentTokenSource {
  private current: CubeToken | null;
  private refused = false;
  private pending: Promise<string> | null = null;
  private readonly renewBeforeMs: number;
  private readonly now: () => number;

  constructor(initial: Pick<CubeToken, 'token' | 'expiresAt'>, private readonly options: PastedCubeTokensOptions) {
    this.current = { claims: {}, ...initial };
    this.renewBeforeMs = options.renewBeforeMs ?? 30_000;
    this.now = options.now ?? Date.now;
  }

  /** The token in use and when it expires, or null while one is being asked for. */
  get token(): Pick<CubeToken, 'token' | 'expiresAt'> | null {
    return this.current && { token: this.current.token, expiresAt: this.current.expiresAt };
  }

  getToken(signal?: AbortSignal): Promise<string> {
    if (signal?.aborted) return Promise.reject(new RequestCancelledError());
    if (this.current && !this.endsSoon(this.current)) return Promise.resolve(this.current.token);
    if (!this.pending) {
      const reason: CubeTokenRequestReason = this.refused ? 'refused' : 'expired';
      this.current = null;
      this.pending = this.ask(reason).finally(() => {
        this.pending = null;
      });
    }
    return signal ? untilAborted(this.pending, signal) : this.pending;
  }

  private endsSoon({ expiresAt }: CubeToken): boolean {
    return expiresAt !== null && expiresAt - this.renewBeforeMs <= this.now();
  }

  invalidate(token: string): void {
    if (this.current?.token !== token) return;
    this.current = null;
    this.refused = true;
  }

  private async ask(reason: CubeTokenRequestReason): Promise<string> {
    const pasted = await this.options.askForToken(reason);
    if (pasted === null) throw new CubeTokenNeededError(reason);
    const next = readCubeToken(pasted, this.now());
    this.current = next;
    this.refused = false;
    this.options.onToken?.(next);
    return next.token;
  }
}
