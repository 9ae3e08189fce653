import { Body1, Button, Field, Input, Link, MessageBar, MessageBarBody, Radio, RadioGroup, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { schemeAdded, withHttpsScheme } from '../../../core/typed-address';
import type { CubeSignInConfig, RememberedCubeConnection } from '../../../pane/cube-session-store';
import { useCubeWords } from '../../i18n/cube-words';
import { RememberedCubeConnections } from './RememberedCubeConnections';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

export interface CubeConnectViewProps {
  busy: boolean;
  /** Why the last attempt failed, in words; null without. */
  error: string | null;
  remembered: readonly RememberedCubeConnection[];
  /** Shown as a second connection beside the platform's: no heading of its own. */
  compact?: boolean;
  onConnect(address: string, token: string): void;
  /** Sign in with the deployment's OpenID Connect provider, as its administrator configured it. */
  onSignIn(config: CubeSignInConfig): void;
  onSwitch(apiUrl: string): void;
  onForget(apiUrl: string): void;
  /** Back to the platform's sign-in (absent when signed in to the platform already). */
  onUsePlatform?(): void;
}

/**
 * Connect straight to a Cube REST API (issue 26) with its address and a pasted token, or by signing in with the
 * company's OpenID Connect provider (a deployment that verifies tokens through a JWKS), or again to one connected to
 * before. Tokens go to the add-in's own storage, never the workbook. An address typed without a scheme is read as
 * https, and the field says so (issue 42).
 */
export function CubeConnectView(props: CubeConnectViewProps) {
  const { busy, error, remembered, compact = false, onConnect, onSignIn, onSwitch, onForget, onUsePlatform } = props;
  const styles = useStyles();
  const cw = useCubeWords();
  const [address, setAddress] = useState('');
  const [token, setToken] = useState('');
  const [signIn, setSignIn] = useState(false);
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [tokenKind, setTokenKind] = useState<'access' | 'id'>('access');
  const [resource, setResource] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn) onSignIn({ apiUrl: address.trim(), issuer: issuer.trim(), clientId: clientId.trim(), tokenKind, resource: resource.trim() || null });
    else onConnect(address.trim(), token.trim());
  };
  const complete = address.trim() !== '' && (signIn ? issuer.trim() !== '' && clientId.trim() !== '' : token.trim() !== '');
  return (
    // noValidate: the browser's own check of a URL field would refuse `example.com`, which is read as https.
    <form className={styles.form} onSubmit={submit} aria-label={cw.cube.connectHeading} noValidate>
      {!compact && (
        <>
          <Subtitle2 as="h2">{cw.cube.connectHeading}</Subtitle2>
          <Body1>{cw.cube.connectIntro}</Body1>
        </>
      )}
      <RememberedCubeConnections remembered={remembered} busy={busy} onSwitch={onSwitch} onForget={onForget} />
      <Field label={cw.cube.address} hint={schemeAdded(address) ? cw.cube.addressReadAs(withHttpsScheme(address)) : cw.cube.addressHint} required>
        <Input type="url" value={address} onChange={(_, d) => setAddress(d.value)} placeholder="https://cube.example.com/cubejs-api" />
      </Field>
      {!signIn && (
        <Field label={cw.cube.token} hint={cw.cube.tokenHint} required>
          <Input type="password" value={token} onChange={(_, d) => setToken(d.value)} autoComplete="off" />
        </Field>
      )}
      {signIn && (
        <>
          <Field label={cw.cube.issuer} hint={cw.cube.issuerHint} required>
            <Input type="url" value={issuer} onChange={(_, d) => setIssuer(d.value)} placeholder="https://login.example.com" />
          </Field>
          <Field label={cw.cube.clientId} required>
            <Input value={clientId} onChange={(_, d) => setClientId(d.value)} autoComplete="off" />
          </Field>
          <Field label={cw.cube.tokenKind}>
            <RadioGroup value={tokenKind} onChange={(_, d) => setTokenKind(d.value === 'id' ? 'id' : 'access')}>
              <Radio value="access" label={cw.cube.accessToken} />
              <Radio value="id" label={cw.cube.idToken} />
            </RadioGroup>
          </Field>
          <Field label={cw.cube.resource} hint={cw.cube.resourceHint}>
            <Input type="url" value={resource} onChange={(_, d) => setResource(d.value)} />
          </Field>
        </>
      )}
      {error && (
        <MessageBar intent="error" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      <Button appearance="primary" type="submit" disabled={busy || !complete}>
        {busy ? cw.cube.connecting : signIn ? cw.cube.signIn : cw.cube.connect}
      </Button>
      <Link as="button" type="button" onClick={() => setSignIn(!signIn)}>{signIn ? cw.cube.usePastedToken : cw.cube.useSignIn}</Link>
      {onUsePlatform && (
        <Link as="button" type="button" onClick={onUsePlatform}>{cw.cube.usePlatform}</Link>
      )}
    </form>
  );
}
