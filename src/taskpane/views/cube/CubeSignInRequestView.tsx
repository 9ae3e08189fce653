import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { describeError } from '../../errors';
import { useI18n } from '../../i18n';
import { useCubeWords } from '../../i18n/cube-words';

export interface CubeSignInRequestViewProps {
  /** Why the last attempt to sign in again failed; null before one. */
  failure: unknown;
  busy: boolean;
  onSignIn(): void;
  onCancel(): void;
}

/**
 * The sign-in to a Cube deployment ended (no refresh token, or the provider refused to renew it): asks to sign in
 * again; what was under way waits and carries on with the new sign-in (issue 26).
 */
export function CubeSignInRequestView({ failure, busy, onSignIn, onCancel }: CubeSignInRequestViewProps) {
  const i18n = useI18n();
  const cw = useCubeWords();
  return (
    <MessageBar intent="warning" layout="multiline" role="alert" data-testid="cube-sign-in-request">
      <MessageBarBody>
        <MessageBarTitle>{cw.cube.signInAgainTitle}</MessageBarTitle>
        {failure ? describeError(failure, i18n) : cw.cube.signInAgainBody}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" disabled={busy} onClick={onSignIn}>{cw.cube.signInAgain}</Button>
        <Button onClick={onCancel}>{cw.cube.cancel}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
