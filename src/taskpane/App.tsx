import {
  Button, Caption1, FluentProvider, Link, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle1, makeStyles, tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { localizedTitle } from '../core/localized-title';
import type { PaneHost } from '../ports/pane-host';
import type { ConnectionSettings } from '../session/connection';
import type { CubeConnectionsStorage } from '../pane/cube-session-store';
import { paneConnection } from '../pane/pane-connection';
import { SessionStore } from '../pane/session-store';
import type { RibbonRefreshRequests } from '../monitoring/ribbon-requests';
import { I18nProvider, i18nFor, useI18n } from './i18n';
import { loadChatSettings, saveChatSettings } from './chat-storage';
import { cubeConnectionStorage } from './cube-connection-storage';
import { loadSettings } from './settings-storage';
import { describeSignIn } from './sign-in-words';
import { paneTheme, safeLogoUrl } from './theme';
import { SignInView } from './views/SignInView';
import { useRibbonWaiting } from './views/useRibbonWaiting';
import { ViewErrorBoundary } from './views/ViewErrorBoundary';
import { useCubeSession } from './views/cube/useCubeSession';
import { removeFormulaService } from '../functions/formula-registry';

// Loaded once signed in, so the first paint (the sign-in view) needs only the small initial script.
const loadConnection = () => import('../session/connection');
// The OAuth client (oauth4webapi) too: loaded on "Sign in", or to renew saved tokens.
const loadTokens = () => import('../session/token-session');
/** For `useSyncExternalStore` while signed out: nothing to follow. */
const noSubscription = () => () => undefined;
const WorkspaceView = lazy(() => import('./views/WorkspaceView').then((module) => ({ default: module.WorkspaceView })));
// The Cube API's views (menus, token questions) are loaded when first shown, keeping the initial script small.
const CubeSection = lazy(() => import('./views/cube/CubeSection').then((module) => ({ default: module.CubeSection })));
const SettingsView = lazy(() => import('./views/SettingsView').then((module) => ({ default: module.SettingsView })));

const useStyles = makeStyles({
  // The pane's own surface fills the task pane, so Office's dark theme has no light margin below it. (Not a
  // class on FluentProvider: Fluent copies that onto the mount node of every popup.)
  root: {
    padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL,
    minHeight: '100vh', boxSizing: 'border-box',
  },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  logo: { height: '24px', maxWidth: '96px', objectFit: 'contain' },
  // A line of its own under the brand and buttons; a long address wraps rather than widening the pane.
  signedIn: { flexBasis: '100%', overflowWrap: 'anywhere', color: tokens.colorNeutralForeground2 },
});

export interface PaneProps {
  host: PaneHost;
  /** Saved settings, or only the platform address to offer. */
  initialSettings: ConnectionSettings | { baseUrl: string };
  /** Connect at start with the initial settings (they were saved by an earlier session). */
  autoConnect: boolean;
  /** Keeps the settings in the add-in's own storage (never the workbook). */
  saveSettings(settings: ConnectionSettings | null): void;
  /** Reads them back (another pane may have renewed the tokens); default the add-in's own storage. */
  loadSettings?(): ConnectionSettings | null;
  /** "Refresh all" asked for from the ribbon, where the host runs ribbon commands in this pane's runtime. */
  ribbon?: RibbonRefreshRequests;
  /** Where Cube API connections are kept; default the add-in's own storage. */
  cubeStorage?: CubeConnectionsStorage;
}

/** The whole task pane, in Office's display language. */
export function Pane(props: PaneProps) {
  const i18n = useMemo(() => i18nFor(props.host.displayLanguage), [props.host.displayLanguage]);
  return (
    <I18nProvider value={i18n}>
      <App {...props} />
    </I18nProvider>
  );
}

/** Windows high contrast (forced colours), followed live. */
function useForcedColors(): boolean {
  const query = '(forced-colors: active)';
  const [active, setActive] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setActive(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return active;
}

function App({ host, initialSettings, autoConnect, saveSettings, loadSettings: readSettings = loadSettings, ribbon, cubeStorage = cubeConnectionStorage }: PaneProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m } = i18n;
  const forcedColors = useForcedColors();
  const [view, setView] = useState<'workbook' | 'settings'>('workbook');
  const ribbonWaiting = useRibbonWaiting(ribbon);
  // One session store for the pane's life: its tokens and a waiting re-sign-in outlive renders.
  const [store] = useState(() => new SessionStore({
    loadConnection, loadTokens, hostReady: host.ready, openDialog: (url) => host.openDialog(url),
    addinBase: () => new URL('.', window.location.href).href,
    saveSettings, loadSettings: readSettings, chat: { load: loadChatSettings, save: saveChatSettings },
  }));
  const { connection, deployment, signingIn: busy, message, sessionEnded, chatSettings } = useSyncExternalStore(store.subscribe, store.getState);
  const [cubeStore, cubeState] = useCubeSession(cubeStorage, host);
  const { cube } = cubeState;
  // What the pane works with: the platform, a Cube API, or both (issue 26).
  const pane = useMemo(() => (connection || cube ? paneConnection(connection, cube) : null), [connection, cube]);
  // The connections' own changes (the user's settings saved) re-render what shows them.
  useSyncExternalStore(pane?.subscribe ?? noSubscription, () => pane?.state);
  // Offered first when the pane last worked with a Cube API only.
  const [startWithCube, setStartWithCube] = useState(() => !autoConnect && cubeState.remembered.length > 0);
  // A Cube API connected beside the platform is browsed at once; the platform's deployments stay a choice away.
  const [browseCube, setBrowseCube] = useState(false);
  useEffect(() => setBrowseCube(cube !== null), [cube]);
  const browsed = cube && (browseCube || !connection) ? cube.deployments[0] : deployment;
  // Formulas Excel calculates before the pane knows whether it is signed in wait; signed out, they ask to sign in
  // (and are calculated again once signed in, see pane/formula-wiring.ts).
  useEffect(() => {
    if (!pane && !busy) removeFormulaService();
  }, [pane, busy]);
  const error = message === null ? null : message.kind === 'not-revoked' ? m.signedOutNotRevoked : describeSignIn(message.error, i18n);

  useEffect(() => {
    // Fire and forget: connecting shows its own failure in the sign-in view.
    if (autoConnect && 'kind' in initialSettings) void store.resume(initialSettings);
    // Only once, at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const signIn = (baseUrl: string, apiKey?: string) => void store.signIn(baseUrl, apiKey);
  const cubeSection = (
    <Suspense fallback={<Spinner size="tiny" label={m.loading} />}>
      <CubeSection store={cubeStore} state={cubeState} signedIn={connection !== null} onUsePlatform={() => setStartWithCube(false)} />
    </Suspense>
  );
  const signOut = () => {
    setView('workbook');
    // Fire and forget: signing out says in the pane if the tokens could not be revoked.
    void store.signOut();
  };

  const logo = safeLogoUrl(pane?.appConfig.appTheme?.logoUrl);
  const reportsTitle = localizedTitle(pane?.appConfig.creatorMode?.localizedTitles, i18n.locale) ?? m.reportsHeading;
  const loading = <Spinner size="tiny" label={m.loading} />;

  return (
    <FluentProvider theme={paneTheme(host.theme, forcedColors, pane?.appConfig.appTheme)} lang={i18n.locale}>
      <main className={styles.root}>
        <header className={styles.header}>
          <div className={styles.brand}>
            {logo && <img className={styles.logo} src={logo} alt={m.logoAlt} />}
            <Subtitle1 as="h1">{m.appName}</Subtitle1>
          </div>
          {pane && (
            <div>
              <Button appearance="subtle" aria-pressed={view === 'settings'} onClick={() => setView(view === 'settings' ? 'workbook' : 'settings')}>
                {view === 'settings' ? m.back : m.settings}
              </Button>
              {connection && <Button appearance="subtle" onClick={signOut}>{m.signOut}</Button>}
            </div>
          )}
          {connection && <Caption1 className={styles.signedIn} data-testid="signed-in-user">{m.signedInAs(connection.user.email)}</Caption1>}
        </header>
        {!pane && !startWithCube && (
          <>
            <SignInView
              baseUrl={initialSettings.baseUrl}
              busy={busy}
              error={error}
              onSignIn={(baseUrl) => signIn(baseUrl)}
              onUseToken={(baseUrl, token) => signIn(baseUrl, token)}
            />
            <Link as="button" type="button" onClick={() => setStartWithCube(true)}>{m.useCubeApi}</Link>
          </>
        )}
        {(pane || startWithCube) && cubeSection}
        {connection && sessionEnded && (
          <MessageBar intent="warning" layout="multiline" role="alert">
            <MessageBarBody>
              <MessageBarTitle>{m.sessionEndedTitle}</MessageBarTitle>
              {m.sessionEndedBody}
              <SignInView
                again
                baseUrl={connection.credentials.settings.baseUrl}
                busy={busy}
                error={error}
                onSignIn={(baseUrl) => signIn(baseUrl)}
                onUseToken={(baseUrl, token) => signIn(baseUrl, token)}
              />
            </MessageBarBody>
          </MessageBar>
        )}
        {connection && !sessionEnded && error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {connection && !browsed && <MessageBar intent="info"><MessageBarBody>{m.noDeployments}</MessageBarBody></MessageBar>}
        {ribbonWaiting && (
          <MessageBar intent="info" layout="multiline" data-testid="ribbon-waiting">
            <MessageBarBody>{pane ? m.ribbonRefreshWaits : m.ribbonRefreshAfterSignIn}</MessageBarBody>
          </MessageBar>
        )}
        <ViewErrorBoundary message={m.errors.unknown} retryLabel={m.tryAgain}>
          {pane && view === 'settings' && (
            <Suspense fallback={loading}>
              <SettingsView connection={pane} chatSettings={chatSettings} onChatSettingsChange={(next) => store.setChatSettings(next)} />
            </Suspense>
          )}
          <Suspense fallback={loading}>
            {pane && browsed && (
              // Kept mounted while Settings shows, so a running "Refresh all" and its progress carry on.
              <div hidden={view !== 'workbook'}>
                <WorkspaceView
                  connection={pane}
                  deployment={browsed}
                  reportsTitle={reportsTitle}
                  onDeploymentChange={(next) => {
                    // The Cube API's deployment is no platform one: browsing it is not saved on the platform.
                    setBrowseCube(cube?.deployments.includes(next) ?? false);
                    if (!cube?.deployments.includes(next)) void store.chooseDeployment(next);
                  }}
                  chatSettings={chatSettings}
                  onOpenSettings={() => setView('settings')}
                  ribbon={ribbon}
                />
              </div>
            )}
          </Suspense>
        </ViewErrorBoundary>
      </main>
    </FluentProvider>
  );
}
