import {
  Button, Caption1, FluentProvider, Link, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle1, makeStyles, tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useState } from 'react';
import { PLATFORM_ONLY } from '../core/connected-to';
import { localizedTitle } from '../core/localized-title';
import type { PaneRoot } from '../pane/create-pane';
import { describeError } from './errors';
import { I18nProvider, speakingFor, useI18n, type I18n } from './i18n';
import { PaneProvider, usePaneRoot, useStoreState } from './pane-context';
import { paneTheme, safeLogoUrl } from './theme';
import { SignInView } from './views/SignInView';
import { useRibbonWaiting } from './views/useRibbonWaiting';
import { ViewErrorBoundary } from './views/ViewErrorBoundary';

/** For `useSyncExternalStore` while not connected: nothing to follow. */
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
  /** The pane's stores, made once by `createPane()` (the task pane's entry). */
  root: PaneRoot;
  /** The pane's words, in Office's display language. */
  i18n: I18n;
}

/** The whole task pane, in Office's display language, over the stores `createPane()` made. */
export function Pane({ root, i18n }: PaneProps) {
  return (
    <PaneProvider root={root}>
      <I18nProvider value={i18n}>
        <App />
      </I18nProvider>
    </PaneProvider>
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

function App() {
  const styles = useStyles();
  const root = usePaneRoot();
  // Every view's words below speak for what the pane is connected to (issue 42): the platform, or the Cube deployment.
  const i18n = speakingFor(useI18n(), root.connectedTo());
  const { m } = i18n;
  const forcedColors = useForcedColors();
  const { session, cube: cubeStore, host } = root;
  const [view, setView] = useState<'workbook' | 'settings'>('workbook');
  const ribbonWaiting = useRibbonWaiting(root.ribbon);
  const { connection, signingIn: busy, message, sessionEnded, chatSettings } = useStoreState(session);
  const cubeState = useStoreState(cubeStore);
  // What the pane works with: the platform, a Cube API, or both (issue 26), and the connected pane's stores.
  const { connection: pane, browsed, connected, openFailure } = useStoreState(root);
  // The connections' own changes (the user's settings saved) re-render what shows them.
  useStoreState({ subscribe: pane?.subscribe ?? noSubscription, getState: () => pane?.state ?? root });
  // Offered first when the pane last worked with a Cube API only.
  const [startWithCube, setStartWithCube] = useState(() => root.savedAtStart === null && cubeState.remembered.length > 0);
  // The session's messages are about signing in to the platform, whatever else the pane is connected to.
  const error = message === null ? null : message.kind === 'not-revoked' ? m.signedOutNotRevoked : describeError(message.error, speakingFor(i18n, PLATFORM_ONLY));
  // Fire and forget: signing in shows its own progress and failure in the sign-in view.
  const signIn = (baseUrl: string, apiKey?: string) => void session.signIn(baseUrl, apiKey);
  const cubeSection = (
    <Suspense fallback={<Spinner size="tiny" label={m.loading} />}>
      <CubeSection store={cubeStore} state={cubeState} signedIn={connection !== null} onUsePlatform={() => setStartWithCube(false)} />
    </Suspense>
  );
  const signOut = () => {
    setView('workbook');
    // Fire and forget: signing out says in the pane if the tokens could not be revoked.
    void session.signOut();
  };
  // The pane's focus and visibility reach the stores: statuses are read again on focus.
  useEffect(() => {
    const onFocus = () => root.focused();
    const onVisibility = () => (document.visibilityState === 'hidden' ? root.hidden() : root.focused());
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [root]);

  const logo = safeLogoUrl(pane?.appConfig.appTheme?.logoUrl);
  const reportsTitle = localizedTitle(pane?.appConfig.creatorMode?.localizedTitles, i18n.locale) ?? m.reportsHeading;
  const loading = <Spinner size="tiny" label={m.loading} />;

  return (
    <I18nProvider value={i18n}>
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
                baseUrl={root.savedAtStart?.baseUrl ?? window.location.origin}
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
                <SettingsView connection={pane} chatSettings={chatSettings} onChatSettingsChange={(next) => session.setChatSettings(next)} />
              </Suspense>
            )}
            {openFailure !== null && (
              <MessageBar intent="error">
                <MessageBarBody>{m.errors.unknown}</MessageBarBody>
              </MessageBar>
            )}
            {pane && browsed && !connected && openFailure === null && loading}
            <Suspense fallback={loading}>
              {connected && browsed && (
                // Kept mounted while Settings shows, so a running "Refresh all" and its progress carry on.
                <div hidden={view !== 'workbook'}>
                  <WorkspaceView
                    deployment={browsed}
                    reportsTitle={reportsTitle}
                    onDeploymentChange={(next) => root.chooseDeployment(next)}
                    onOpenSettings={() => setView('settings')}
                  />
                </div>
              )}
            </Suspense>
          </ViewErrorBoundary>
        </main>
      </FluentProvider>
    </I18nProvider>
  );
}
