import { Button, Field, Input, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, makeStyles, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import type { CubeTokenRequest } from '../../../pane/cube-session-store';
import { describeError } from '../../errors';
import { useI18n } from '../../i18n';
import { useCubeWords } from '../../i18n/cube-words';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, marginTop: tokens.spacingVerticalS },
});

export interface CubeTokenRequestViewProps {
  request: CubeTokenRequest;
  onToken(token: string): void;
  onCancel(): void;
}

/**
 * The Cube API token expired or was refused while the pane worked: asks for a new one, saying why; what was under
 * way waits and carries on with it (issue 26). A pasted token that cannot be taken is told, and asked for again.
 */
export function CubeTokenRequestView({ request, onToken, onCancel }: CubeTokenRequestViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const cw = useCubeWords();
  const [token, setToken] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onToken(token.trim());
  };
  return (
    <MessageBar intent="warning" layout="multiline" role="alert" data-testid="cube-token-request">
      <MessageBarBody>
        <MessageBarTitle>{request.reason === 'expired' ? cw.cube.tokenExpiredTitle : cw.cube.tokenRefusedTitle}</MessageBarTitle>
        {cw.cube.tokenAskBody}
        <form className={styles.form} onSubmit={submit} aria-label={cw.cube.newToken}>
          <Field
            label={cw.cube.newToken}
            validationState={request.refusal ? 'error' : 'none'}
            validationMessage={request.refusal ? describeError(request.refusal, i18n) : undefined}
          >
            <Input type="password" value={token} onChange={(_, d) => setToken(d.value)} autoComplete="off" />
          </Field>
          <MessageBarActions>
            <Button appearance="primary" type="submit" disabled={!token.trim()}>{cw.cube.useToken}</Button>
            <Button type="button" onClick={onCancel}>{cw.cube.cancel}</Button>
          </MessageBarActions>
        </form>
      </MessageBarBody>
    </MessageBar>
  );
}
