import { Body1, Button, Field, Input, Link, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { schemeAdded, withHttpsScheme } from '../../core/typed-address';
import { useI18n } from '../i18n';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface SignInViewProps {
  baseUrl: string;
  busy: boolean;
  error: string | null;
  /** After a 401 the address stays as it was: only who is signed in changes. */
  again?: boolean;
  onSignIn(baseUrl: string): void;
  onUseToken(baseUrl: string, accessToken: string): void;
}

/**
 * Sign in through the platform's page in an Office dialog, or, for self-hosted tenants, with an API token.
 * The token itself never enters the view's props: it goes straight to the add-in's own storage. An address typed
 * without a scheme is read as https (`localhost:3000` is `https://localhost:3000`), and the field says so.
 */
export function SignInView({ baseUrl: initialBaseUrl, busy, error, again = false, onSignIn, onUseToken }: SignInViewProps) {
  const styles = useStyles();
  const { m } = useI18n();
  const [baseUrl, setBaseUrl] = useState(initialBaseUrl);
  const [useToken, setUseToken] = useState(false);
  const [accessToken, setAccessToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = withHttpsScheme(baseUrl);
    if (useToken) onUseToken(address, accessToken.trim());
    else onSignIn(address);
  };
  return (
    // noValidate: the browser's own check of a URL field would refuse `example.com`, which is read as https.
    <form className={styles.form} onSubmit={submit} aria-label={m.signInForm} noValidate>
      {!again && (
        <>
          <Subtitle2 as="h2">{m.signInHeading}</Subtitle2>
          <Body1>{m.signInIntro}</Body1>
          <Field label={m.platformAddress} hint={schemeAdded(baseUrl) ? m.addressReadAs(withHttpsScheme(baseUrl)) : undefined} required>
            <Input type="url" value={baseUrl} onChange={(_, d) => setBaseUrl(d.value)} />
          </Field>
        </>
      )}
      {useToken && (
        <Field label={m.apiToken} hint={m.apiTokenHint} required>
          <Input type="password" value={accessToken} onChange={(_, d) => setAccessToken(d.value)} autoComplete="off" />
        </Field>
      )}
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <Button appearance="primary" type="submit" disabled={busy || !baseUrl || (useToken && !accessToken)}>
        {busy ? (useToken ? m.connecting : m.signingIn) : useToken ? m.connect : m.signIn}
      </Button>
      <Link as="button" type="button" onClick={() => setUseToken(!useToken)}>
        {useToken ? m.useAccount : m.useApiToken}
      </Link>
    </form>
  );
}
