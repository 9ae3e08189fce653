import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { ConnectedPane } from '../pane/compose/connected-pane';
import type { PaneRoot } from '../pane/create-pane';
import type { Store } from '../pane/store';

/**
 * The pane's stores, as `createPane()` made them (the task pane's entry, `mount.tsx`), handed to every view through
 * React context: views read them and send them intents, and build nothing of their own.
 */
const PaneContext = createContext<PaneRoot | null>(null);

export function PaneProvider({ root, children }: { root: PaneRoot; children: ReactNode }) {
  return <PaneContext.Provider value={root}>{children}</PaneContext.Provider>;
}

export function usePaneRoot(): PaneRoot {
  const root = useContext(PaneContext);
  if (!root) throw new Error('A pane view was rendered outside the pane (PaneProvider).');
  return root;
}

/** A store's state, re-rendering on each of its changes. */
export function useStoreState<S extends object>(store: Pick<Store<S>, 'subscribe' | 'getState'>): S {
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}

/** The connected pane's stores; views under the connected pane only (App renders them once it is made). */
export function useConnectedPane(): ConnectedPane {
  const { connected } = useStoreState(usePaneRoot());
  if (!connected) throw new Error('A connected view was rendered before the pane connected.');
  return connected;
}

/**
 * A handler that sends a store an intent and does not wait for it: the store shows what follows itself (progress,
 * the question it asks, a failure in its error area), so the view has nothing to do with the promise.
 */
export function sendIntent<A extends unknown[]>(intent: (...args: A) => Promise<unknown>): (...args: A) => void {
  return (...args) => {
    // Fire and forget: the store shows the intent's outcome and failures itself.
    void intent(...args);
  };
}
