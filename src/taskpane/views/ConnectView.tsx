import { Button, Field, Input, MessageBar, MessageBarBody, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { ConnectionSettings } from '../../placement/connection';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface ConnectViewProps {
  initial: ConnectionSettings;
  busy: boolean;
  error: string | null;
  onConnect(settings: ConnectionSettings): void;
}

export function ConnectView({ initial, busy, error, onConnect }: ConnectViewProps) {
  const styles = useStyles();
  const [baseUrl, setBaseUrl] = useState(initial.baseUrl);
  const [accessToken, setAccessToken] = useState(initial.accessToken);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onConnect({ baseUrl: baseUrl.trim(), accessToken: accessToken.trim() });
  };
  return (
    <form className={styles.form} onSubmit={submit} aria-label="Connect to the platform">
      <Field label="Platform address" required>
        <Input type="url" value={baseUrl} onChange={(_, d) => setBaseUrl(d.value)} />
      </Field>
      <Field label="Access token" required>
        <Input type="password" value={accessToken} onChange={(_, d) => setAccessToken(d.value)} />
      </Field>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <Button appearance="primary" type="submit" disabled={busy || !baseUrl || !accessToken}>
        {busy ? 'Connecting…' : 'Connect'}
      </Button>
    </form>
  );
}
