import { Body1, Button, MessageBar, MessageBarBody, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { Deployment } from '../contract';
import { connect, initialDeployment, type Connection, type ConnectionSettings } from '../placement/connection';
import type { PlacementService } from '../placement/placement-service';
import { openDeployment } from '../placement/session';
import { describeError } from './errors';
import { ConnectView } from './views/ConnectView';
import { SettingsView } from './views/SettingsView';
import { WorkspaceView } from './views/WorkspaceView';

const useStyles = makeStyles({
  root: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
});

export interface AppProps {
  initialSettings: ConnectionSettings;
  /** Connect at start with the initial settings (they were saved by an earlier session). */
  autoConnect: boolean;
  /** Keeps the settings in the add-in's own storage (never the workbook). */
  saveSettings(settings: ConnectionSettings | null): void;
}

export function App({ initialSettings, autoConnect, saveSettings }: AppProps) {
  const styles = useStyles();
  const [connection, setConnection] = useState<Connection | null>(null);
  const [deployment, setDeployment] = useState<Deployment | undefined>();
  const [service, setService] = useState<PlacementService | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [view, setView] = useState<'workbook' | 'settings'>('workbook');

  const onConnect = async (settings: ConnectionSettings) => {
    setBusy(true);
    setError(null);
    try {
      const next = await connect(settings);
      saveSettings(settings);
      setConnection(next);
      setDeployment(initialDeployment(next));
    } catch (e) {
      setError(describeError(e));
    } finally {
      setBusy(false);
    }
  };

  useEffect(() => {
    if (autoConnect) void onConnect(initialSettings);
    // Only once, at start.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!connection || !deployment) return;
    const controller = new AbortController();
    setService(null);
    openDeployment(connection, deployment, controller.signal).then(setService, (e: unknown) => {
      if (!controller.signal.aborted) setError(describeError(e));
    });
    return () => controller.abort();
  }, [connection, deployment]);

  /** The choice is remembered per user on the platform (`defaultDeploymentId`), never in the workbook. */
  const chooseDeployment = (next: Deployment) => {
    setDeployment(next);
    connection?.platform.updateSettings({ defaultDeploymentId: next.id }).catch((e: unknown) => setError(describeError(e)));
  };

  const signOut = () => {
    saveSettings(null);
    setConnection(null);
    setService(null);
  };

  return (
    <main className={styles.root}>
      <header className={styles.header}>
        <Subtitle1 as="h1">Report Sync</Subtitle1>
        {connection && (
          <div>
            <Button appearance="subtle" aria-pressed={view === 'settings'} onClick={() => setView(view === 'settings' ? 'workbook' : 'settings')}>
              {view === 'settings' ? 'Back' : 'Settings'}
            </Button>
            <Button appearance="subtle" onClick={signOut}>Sign out</Button>
          </div>
        )}
      </header>
      {!connection && <ConnectView initial={initialSettings} busy={busy} error={error} onConnect={(s) => void onConnect(s)} />}
      {connection && error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {connection && !deployment && <Body1>This account has no deployments.</Body1>}
      {connection && view === 'settings' && <SettingsView connection={connection} />}
      {connection && deployment && (
        // Kept mounted while Settings shows, so a running "Refresh all" and its progress carry on.
        <div hidden={view !== 'workbook'}>
          <WorkspaceView connection={connection} deployment={deployment} service={service} onDeploymentChange={chooseDeployment} />
        </div>
      )}
    </main>
  );
}
