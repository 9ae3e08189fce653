import {
  Button, FluentProvider, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle1, makeStyles, tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { localizedTitle } from '../core/localized-title';
import type { Deployment } from '../contract';
import type { PaneHost } from '../excel/office-host';
import type { Connection, ConnectionSettings } from '../placement/connection';
import { parseSignInMessage, signInPageUrl } from '../placement/sign-in';
import { describeError } from './errors';
import { I18nProvider, i18nFor, useI18n } from './i18n';
import { paneTheme, safeLogoUrl } from './theme';
import { SignInView } from './views/SignInView';
import { ViewErrorBoundary } from './views/ViewErrorBoundary';

// Loaded once signed in, so the first paint (the sign-in view) needs only the small initial script.
const loadConnection = () => import('../placement/connection');
const WorkspaceView = lazy(() => import('./views/WorkspaceView').then((module) => ({ default: module.WorkspaceView })));
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
});

export interface PaneProps {
  host: PaneHost;
  initialSettings: ConnectionSettings;
  /** Connect at start with the initial settings (they were saved by an earlier session). */
  autoConnect: boolean;
  /** Keeps the settings in the add-in's own storage (never the workbook). */
  saveSettings(settings: ConnectionSettings | null): void;
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

interface PendingSignIn {
  promise: Promise<boolean>;
  resolve(signedIn: boolean): void;
}

function App({ host, initialSettings, autoConnect, saveSettings }: PaneProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m } = i18n;
  const forcedColors = useForcedColors();
  const [connection, setConnection] = useState<Connection | null>(null);
  const [deployment, setDeployment] = useState<Deployment | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'workbook' | 'settings'>('workbook');
  const [sessionEnded, setSessionEnded] = useState(false);
  const pendingSignIn = useRef<PendingSignIn | null>(null);
  // The clients' 401 hook outlives renders, so it reads the connection through a ref, not the state.
  const connectionRef = useRef<Connection | null>(null);
  const describe = (e: unknown) => describeError(e, i18n);

  /**
   * Called by the clients on a 401 once connected: shows the sign-in again and keeps the request (and so
   * whatever the pane was doing) waiting until the user is back, or gives up when they sign out.
   */
  const reauthenticate = (): Promise<boolean> => {
    if (!connectionRef.current) return Promise.resolve(false);
    if (!pendingSignIn.current) {
      let resolve: (signedIn: boolean) => void = () => {};
      const promise = new Promise<boolean>((r) => (resolve = r));
      pendingSignIn.current = { promise, resolve };
      setSessionEnded(true);
    }
    return pendingSignIn.current.promise;
  };
  const endPendingSignIn = (signedIn: boolean) => {
    pendingSignIn.current?.resolve(signedIn);
    pendingSignIn.current = null;
    setSessionEnded(false);
  };

  const open = async (settings: ConnectionSettings) => {
    setError(null);
    try {
      const { connect, initialDeployment } = await loadConnection();
      const next = await connect(settings, { reauthenticate });
      saveSettings(next.settings);
      connectionRef.current = next;
      setConnection(next);
      setDeployment(initialDeployment(next));
    } catch (e) {
      setError(describe(e));
    }
  };

  /** The platform's sign-in page in a dialog; resolves with the token it hands back, or null. */
  const tokenFromDialog = async (baseUrl: string): Promise<string | null> => {
    let url: string;
    try {
      url = signInPageUrl(baseUrl);
    } catch (e) {
      setError(describe(e));
      return null;
    }
    const outcome = await host.openDialog(url);
    if (outcome.kind === 'failed') {
      setError(m.dialogFailed);
      return null;
    }
    const result = outcome.kind === 'message' ? parseSignInMessage(outcome.message) : null;
    if (result?.kind !== 'signed-in') {
      setError(m.signInCancelled);
      return null;
    }
    return result.accessToken;
  };

  const signIn = async (baseUrl: string, apiToken?: string) => {
    setBusy(true);
    setError(null);
    try {
      const accessToken = apiToken ?? (await tokenFromDialog(baseUrl));
      if (!accessToken) return;
      const settings: ConnectionSettings = { baseUrl, accessToken, kind: apiToken ? 'api-token' : 'session' };
      const current = connectionRef.current;
      if (!current) {
        await open(settings);
        return;
      }
      // Signing in again: the same user carries on where they were; another user starts afresh.
      const { tokenUser } = await loadConnection();
      const user = await tokenUser(settings).catch((e: unknown) => {
        setError(describe(e));
        return null;
      });
      if (!user) return;
      if (user.id !== current.user.id) {
        endPendingSignIn(false);
        await open(settings);
        return;
      }
      Object.assign(current.settings, settings);
      saveSettings(current.settings);
      endPendingSignIn(true);
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!autoConnect) return;
    setBusy(true);
    void open(initialSettings).finally(() => setBusy(false));
    // Only once, at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** The choice is remembered per user on the platform (`defaultDeploymentId`), never in the workbook. */
  const chooseDeployment = (next: Deployment) => {
    setDeployment(next);
    connection?.platform.updateSettings({ defaultDeploymentId: next.id }).catch((e: unknown) => setError(describe(e)));
  };

  const signOut = async () => {
    const current = connectionRef.current;
    connectionRef.current = null;
    endPendingSignIn(false);
    saveSettings(null);
    setConnection(null);
    setDeployment(undefined);
    setView('workbook');
    setError(null);
    // A session token is revoked on the platform too. The token is already forgotten here, which is what
    // signing out promises; if the platform cannot be reached, the pane says so but stays signed out.
    if (current?.settings.kind === 'session') await current.platform.signOut().catch((e: unknown) => setError(describe(e)));
  };

  const logo = safeLogoUrl(connection?.appConfig.appTheme?.logoUrl);
  const reportsTitle = localizedTitle(connection?.appConfig.creatorMode?.localizedTitles, i18n.locale) ?? m.reportsHeading;
  const loading = <Spinner size="tiny" label={m.loading} />;

  return (
    <FluentProvider theme={paneTheme(host.theme, forcedColors, connection?.appConfig.appTheme)} lang={i18n.locale}>
      <main className={styles.root}>
        <header className={styles.header}>
          <div className={styles.brand}>
            {logo && <img className={styles.logo} src={logo} alt={m.logoAlt} />}
            <Subtitle1 as="h1">{m.appName}</Subtitle1>
          </div>
          {connection && (
            <div>
              <Button appearance="subtle" aria-pressed={view === 'settings'} onClick={() => setView(view === 'settings' ? 'workbook' : 'settings')}>
                {view === 'settings' ? m.back : m.settings}
              </Button>
              <Button appearance="subtle" onClick={() => void signOut()}>{m.signOut}</Button>
            </div>
          )}
        </header>
        {!connection && (
          <SignInView
            baseUrl={initialSettings.baseUrl}
            busy={busy}
            error={error}
            onSignIn={(baseUrl) => void signIn(baseUrl)}
            onUseToken={(baseUrl, token) => void signIn(baseUrl, token)}
          />
        )}
        {connection && sessionEnded && (
          <MessageBar intent="warning" layout="multiline" role="alert">
            <MessageBarBody>
              <MessageBarTitle>{m.sessionEndedTitle}</MessageBarTitle>
              {m.sessionEndedBody}
              <SignInView
                again
                baseUrl={connection.settings.baseUrl}
                busy={busy}
                error={error}
                onSignIn={(baseUrl) => void signIn(baseUrl)}
                onUseToken={(baseUrl, token) => void signIn(baseUrl, token)}
              />
            </MessageBarBody>
          </MessageBar>
        )}
        {connection && !sessionEnded && error && (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        )}
        {connection && !deployment && <MessageBar intent="info"><MessageBarBody>{m.noDeployments}</MessageBarBody></MessageBar>}
        <ViewErrorBoundary message={m.errors.unknown} retryLabel={m.tryAgain}>
          {connection && view === 'settings' && (
            <Suspense fallback={loading}>
              <SettingsView connection={connection} />
            </Suspense>
          )}
          <Suspense fallback={loading}>
            {connection && deployment && (
              // Kept mounted while Settings shows, so a running "Refresh all" and its progress carry on.
              <div hidden={view !== 'workbook'}>
                <WorkspaceView connection={connection} deployment={deployment} reportsTitle={reportsTitle} onDeploymentChange={chooseDeployment} />
              </div>
            )}
          </Suspense>
        </ViewErrorBoundary>
      </main>
    </FluentProvider>
  );
}
