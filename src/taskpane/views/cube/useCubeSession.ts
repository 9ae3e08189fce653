import { useEffect, useState, useSyncExternalStore } from 'react';
import type { PaneHost } from '../../../ports/pane-host';
import { CubeSessionStore, type CubeConnectionsStorage, type CubeModules, type CubeSessionState } from '../../../pane/cube-session-store';

// Loaded on connecting (or resuming a saved connection): they read tokens with jose and sign in with oauth4webapi,
// kept out of the initial script.
const loadCube = async (): Promise<CubeModules> => {
  const [connect, tokens, token, connection, oidc, oidcTokens] = await Promise.all([
    import('../../../session/cube-api/connect-cube-api'),
    import('../../../session/cube-api/cube-api-tokens'),
    import('../../../session/cube-api/cube-token'),
    import('../../../session/cube-api/cube-api-connection'),
    import('../../../session/cube-api/cube-oidc'),
    import('../../../session/cube-api/cube-oidc-tokens'),
  ]);
  return {
    connectCubeApi: connect.connectCubeApi, PastedCubeTokens: tokens.PastedCubeTokens, readCubeToken: token.readCubeToken, cubeTokenClaims: token.cubeTokenClaims,
    CubeApiConnection: connection.CubeApiConnection, cubeUserName: connection.cubeUserName,
    signInToCube: oidc.signInToCube, cubeTokenOf: oidc.cubeTokenOf, OidcCubeTokens: oidcTokens.OidcCubeTokens,
  };
};

/** The pane's Cube API session for its life: resumed at start when a connection was active when it last closed. */
export function useCubeSession(storage: CubeConnectionsStorage, host: Pick<PaneHost, 'ready' | 'openDialog'>): [CubeSessionStore, CubeSessionState] {
  const [store] = useState(() => new CubeSessionStore({
    load: loadCube, storage, hostReady: host.ready, openDialog: (url) => host.openDialog(url),
    addinBase: () => new URL('.', window.location.href).href,
  }));
  useEffect(() => {
    // Fire and forget: a failure to resume shows in the connect form.
    void store.resume();
  }, [store]);
  return [store, useSyncExternalStore(store.subscribe, store.getState)];
}
