import type { CubeModules, CubeSessionStoreDeps } from './cube-session-store';
import type { ConnectionSettings } from '../session/connection';
import { startConnecting, type SessionConnecting, type SessionStoreDeps } from './session-store';

/** Where the platform connection an earlier session made is kept (the pane's storage). */
export interface SavedConnection {
  load(): ConnectionSettings | null;
  save(settings: ConnectionSettings | null): void;
}

/** What the pane root loads when first needed, kept out of the initial script. */
export interface PaneModules {
  loadConnection: SessionStoreDeps['loadConnection'];
  loadTokens: SessionStoreDeps['loadTokens'];
  loadCube: CubeSessionStoreDeps['load'];
  loadConnectedPane(): Promise<Pick<typeof import('./compose/connected-pane'), 'openConnectedPane' | 'readWorkbookStart'>>;
}

// Loaded once signed in or connected, so the first paint (the sign-in view) needs only the small initial script.
const loadConnection = () => import('../session/connection');
// The OAuth client (oauth4webapi) too: loaded on "Sign in", or to renew saved tokens.
const loadTokens = () => import('../session/token-session');
const loadConnectedPane = () => import('./compose/connected-pane');
// Loaded on connecting to a Cube API (or resuming a saved connection): they read tokens with jose and sign in with
// oauth4webapi, kept out of the initial script.
const loadCube = async (): Promise<CubeModules> => {
  const [connect, tokens, token, connection, oidc, oidcTokens] = await Promise.all([
    import('../session/cube-api/connect-cube-api'),
    import('../session/cube-api/cube-api-tokens'),
    import('../session/cube-api/cube-token'),
    import('../session/cube-api/cube-api-connection'),
    import('../session/cube-api/cube-oidc'),
    import('../session/cube-api/cube-oidc-tokens'),
  ]);
  return {
    connectCubeApi: connect.connectCubeApi, PastedCubeTokens: tokens.PastedCubeTokens, readCubeToken: token.readCubeToken, cubeTokenClaims: token.cubeTokenClaims,
    CubeApiConnection: connection.CubeApiConnection, cubeUserName: connection.cubeUserName,
    signInToCube: oidc.signInToCube, cubeTokenOf: oidc.cubeTokenOf, OidcCubeTokens: oidcTokens.OidcCubeTokens,
  };
};

/** The modules as the page loads them (webpack's chunks). */
export const paneModules: PaneModules = { loadConnection, loadTokens, loadCube, loadConnectedPane };

/**
 * Begins resuming the platform connection an earlier session saved before the pane is made: Office's task pane page
 * calls it as its script loads, so the tokens are renewed and the platform says who the user is while Office starts
 * (index.tsx); the connected pane's code loads meanwhile too. Null when nothing was saved.
 */
export function resumeAhead(storage: SavedConnection): SessionConnecting | null {
  const saved = storage.load();
  if (!saved) return null;
  const ahead = startConnecting(saved, { loadConnection, loadTokens, saveSettings: (settings) => storage.save(settings), loadSettings: () => storage.load() });
  // eslint-disable-next-line no-restricted-syntax -- the session store tells its failure as the pane resumes with it; outside Office nothing waits for it.
  ahead.connected.catch(() => undefined);
  // eslint-disable-next-line no-restricted-syntax -- loaded ahead only: the pane loads it again as it opens, and tells a failure then.
  loadConnectedPane().catch(() => undefined);
  return ahead;
}
