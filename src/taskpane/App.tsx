import { Body1, Button, Subtitle1, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Deployment } from '../contract';
import { connect, initialDeployment, type Connection, type ConnectionSettings } from '../placement/connection';
import { describeError } from './errors';
import { ConnectView } from './views/ConnectView';
import { ReportsView } from './views/ReportsView';

const useStyles = makeStyles({
  root: { padding: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  header: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
});

export interface AppProps {
  initialSettings: ConnectionSettings;
  /** Keeps the settings in the add-in's own storage (never the workbook). */
  saveSettings(settings: ConnectionSettings | null): void;
}

export function App({ initialSettings, saveSettings }: AppProps) {
  const styles = useStyles();
  const [connection, setConnection] = useState<Connection | null>(null);
  const [deployment, setDeployment] = useState<Deployment | undefined>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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

  const disconnect = () => {
    saveSettings(null);
    setConnection(null);
  };

  return (
    <main className={styles.root}>
      <header className={styles.header}>
        <Subtitle1 as="h1">Report Sync</Subtitle1>
        {connection && <Button appearance="subtle" onClick={disconnect}>Sign out</Button>}
      </header>
      {!connection && (
        <ConnectView initial={initialSettings} busy={busy} error={error} onConnect={(s) => void onConnect(s)} />
      )}
      {connection && !deployment && <Body1>This account has no deployments.</Body1>}
      {connection && deployment && (
        <ReportsView connection={connection} deployment={deployment} onDeploymentChange={setDeployment} />
      )}
    </main>
  );
}
