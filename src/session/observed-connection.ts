import type { AppConfigResponse, Deployment, User } from '../contract';

/** What every connection the pane works with answers: who, which deployments, and the admin's choices. */
export interface ConnectionBasics {
  readonly user: User;
  readonly deployments: Deployment[];
  readonly appConfig: AppConfigResponse;
}

/**
 * A connection's state, read at each use and replaced whole (never edited) when it changes, so a changed setting
 * applies at once to whatever reads it; views follow it with `subscribe` and `state`.
 */
export class ObservedConnection<S extends ConnectionBasics> {
  private readonly listeners = new Set<() => void>();

  constructor(private current: S) {}

  get state(): S {
    return this.current;
  }

  get user(): User {
    return this.current.user;
  }

  get deployments(): Deployment[] {
    return this.current.deployments;
  }

  get appConfig(): AppConfigResponse {
    return this.current.appConfig;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  protected replace(next: S): void {
    this.current = next;
    for (const listener of [...this.listeners]) listener();
  }
}
