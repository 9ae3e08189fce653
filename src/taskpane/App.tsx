import {
  Button, Caption1, FluentProvider, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Subtitle1, makeStyles, tokens,
} from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { localizedTitle } from '../core/localized-title';
import type { Deployment } from '../contract';
import type { PaneHost } from '../excel/office-host';
import type { OAuthClient } from '../client/oauth-client';
import type { Connection, ConnectionSettings } from '../session/connection';
import type { RibbonRefreshRequests } from '../monitoring/ribbon-requests';
import type { TokenSession } from '../session/token-session';
import { I18nProvider, i18nFor, useI18n } from './i18n';
import type { ChatSettings } from '../chat/chat-settings';
import { loadChatSettings, saveChatSettings } from './chat-storage';
import { loadSettings } from './settings-storage';
import { describeSignIn } from './sign-in-words';
import { paneTheme, safeLogoUrl } from './theme';
import { SignInView } from './views/SignInView';
import { useRibbonWaiting } from './views/useRibbonRefreshAll';
import { ViewErrorBoundary } from './views/ViewErrorBoundary';

// Loaded once signed in, so the first paint (the sign-in view) needs only the small initial script.
const loadConnection = () => import('../session/connection');
// The OAuth client (oauth4webapi) too: loaded on "Sign in", or to renew saved tokens.
const loadTokens = () => import('../session/token-session');
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

function App({ host, initialSettings, autoConnect, saveSettings, loadSettings: readSettings = loadSettings, ribbon }: PaneProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m } = i18n;
  const forcedColors = useForcedColors();
  const [connection, setConnection] = useState<Connection | null>(null);
  const [deployment, setDeployment] = useState<Deployment | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'workbook' | 'settings'>('workbook');
  const [chatSettings, setChatSettings] = useState<ChatSettings | null>(loadChatSettings);
  const changeChatSettings = (next: ChatSettings | null) => {
    saveChatSettings(next);
    setChatSettings(next);
  };
  const [sessionEnded, setSessionEnded] = useState(false);
  const ribbonWaiting = useRibbonWaiting(ribbon);
  const pendingSignIn = useRef<PendingSignIn | null>(null);
  // The clients' 401 hook outlives renders, so it reads the connection and its tokens through refs, not the state.
  const connectionRef = useRef<Connection | null>(null);
  const sessionRef = useRef<TokenSession | null>(null);
  const describe = (e: unknown) => describeSignIn(e, i18n);

  /**
   * Called by the clients on a 401: renews the access token with the refresh token, and only when that fails
   * (and the pane is connected) shows the sign-in again, keeping the request (and so whatever the pane was
   * doing) waiting until the user is back, or giving up when they sign out.
   */
  const reauthenticate = async (): Promise<boolean> => {
    const session = sessionRef.current;
    if (!session) return false;
    if (await session.renew()) return true;
    if (sessionRef.current !== session || !connectionRef.current) return false;
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

  const open = async (settings: ConnectionSettings, oauth?: OAuthClient) => {
    setError(null);
    try {
      // Connected, the pane reads the workbook at once: not before the host can answer.
      const [{ connect, initialDeployment }, { TokenSession }] = await Promise.all([loadConnection(), loadTokens(), host.ready]);
      const session = new TokenSession(settings, { save: saveSettings, load: readSettings, oauth });
      sessionRef.current = session;
      const next = await connect(session, { reauthenticate });
      saveSettings(session.settings);
      connectionRef.current = next;
      setConnection(next);
      setDeployment(initialDeployment(next));
    } catch (e) {
      setError(describe(e));
    }
  };

  /** Signs in with an account (the platform's page in a dialog) or an API key; signing in again keeps the work going. */
  const signIn = async (baseUrl: string, apiKey?: string) => {
    setBusy(true);
    setError(null);
    try {
      let settings: ConnectionSettings;
      let oauth: OAuthClient | undefined;
      if (apiKey !== undefined) settings = { kind: 'api-key', baseUrl, accessToken: apiKey };
      else {
        const { signInWithDialog } = await loadTokens();
        // The dialog's pages are beside the pane's own page.
        const addinBase = new URL('.', window.location.href).href;
        ({ settings, oauth } = await signInWithDialog(baseUrl, { addinBase, openDialog: (url) => host.openDialog(url) }));
      }
      const current = connectionRef.current;
      if (!current) {
        await open(settings, oauth);
        return;
      }
      // Signing in again: the same user carries on where they were; another user starts afresh.
      const { tokenUser } = await loadConnection();
      const user = await tokenUser(settings);
      if (user.id !== current.user.id) {
        endPendingSignIn(false);
        await open(settings, oauth);
        return;
      }
      sessionRef.current?.replace(settings, oauth);
      endPendingSignIn(true);
    } catch (e) {
      setError(describe(e));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (!autoConnect || !('kind' in initialSettings)) return;
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
    const session = sessionRef.current;
    sessionRef.current = null;
    connectionRef.current = null;
    endPendingSignIn(false);
    setConnection(null);
    setDeployment(undefined);
    setView('workbook');
    setError(null);
    // The agent's key is a credential like the platform token: signing out forgets it too.
    changeChatSettings(null);
    // The tokens are forgotten first, which is what signing out promises, then revoked on the platform; if
    // it cannot be reached, the pane says so but stays signed out.
    // eslint-disable-next-line no-restricted-syntax -- Told in words: the pane is signed out either way, only the revocation is in doubt.
    if (session) await session.signOut().catch(() => setError(m.signedOutNotRevoked));
    else saveSettings(null);
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
          {connection && <Caption1 className={styles.signedIn} data-testid="signed-in-user">{m.signedInAs(connection.user.email)}</Caption1>}
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
                baseUrl={connection.credentials.settings.baseUrl}
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
        {ribbonWaiting && (
          <MessageBar intent="info" layout="multiline" data-testid="ribbon-waiting">
            <MessageBarBody>{connection ? m.ribbonRefreshWaits : m.ribbonRefreshAfterSignIn}</MessageBarBody>
          </MessageBar>
        )}
        <ViewErrorBoundary message={m.errors.unknown} retryLabel={m.tryAgain}>
          {connection && view === 'settings' && (
            <Suspense fallback={loading}>
              <SettingsView connection={connection} chatSettings={chatSettings} onChatSettingsChange={changeChatSettings} />
            </Suspense>
          )}
          <Suspense fallback={loading}>
            {connection && deployment && (
              // Kept mounted while Settings shows, so a running "Refresh all" and its progress carry on.
              <div hidden={view !== 'workbook'}>
                <WorkspaceView
                  connection={connection}
                  deployment={deployment}
                  reportsTitle={reportsTitle}
                  onDeploymentChange={chooseDeployment}
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
