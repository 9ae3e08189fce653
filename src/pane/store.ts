/**
 * The smallest external store: a state replaced (never edited) on every change, and listeners told of it. Views
 * read it with React's `useSyncExternalStore(store.subscribe, store.getState)`; tests read `getState()` in Node.
 */
export class Store<S extends object> {
  private readonly listeners = new Set<() => void>();

  constructor(private state: S) {}

  getState = (): S => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** A new state from the current one and `change`; listeners are told once. */
  protected update(change: Partial<S> | ((state: S) => Partial<S>)): void {
    const partial = typeof change === 'function' ? change(this.state) : change;
    this.state = { ...this.state, ...partial };
    this.changed();
    for (const listener of [...this.listeners]) listener();
  }

  /** Called after every change, before listeners: for what follows from the state (subclasses). */
  protected changed(): void {}
}
