import { Link } from '@fluentui/react-components';
import { useState } from 'react';
import type { CubeSessionState, CubeSessionStore } from '../../../pane/cube-session-store';
import { describeError } from '../../errors';
import { speakingFor, useI18n } from '../../i18n';
import { useCubeWords } from '../../i18n/cube-words';
import { CubeConnectionBar } from './CubeConnectionBar';
import { CubeConnectView } from './CubeConnectView';
import { CubeSignInRequestView } from './CubeSignInRequestView';
import { CubeTokenRequestView } from './CubeTokenRequestView';
import { installCubeErrorWords } from '../../cube-error-words';

// This view can meet the Cube API's and the workbook reports' failures: their words join `describeError`.
installCubeErrorWords();

export interface CubeSectionProps {
  store: CubeSessionStore;
  state: CubeSessionState;
  /** Signed in to the platform: a Cube API is a second connection, offered a click away. */
  signedIn: boolean;
  onUsePlatform(): void;
}

/**
 * The pane's Cube API connection (issue 26): the question for a new token when one is needed, which API is connected
 * (switch, disconnect), or the form to connect one, on its own or beside the platform.
 */
export function CubeSection({ store, state, signedIn, onUsePlatform }: CubeSectionProps) {
  const i18n = useI18n();
  const cw = useCubeWords();
  const [adding, setAdding] = useState(false);
  const { cube, connecting, failure, failedFor, remembered, tokenRequest, signInRequest } = state;
  // A failure to connect is about the Cube deployment typed, even while the pane is signed in to the platform.
  const error = failure === null ? null : describeError(failure, failedFor ? speakingFor(i18n, { platform: false, cube: failedFor }) : i18n);
  const form = (compact: boolean) => (
    <CubeConnectView
      busy={connecting}
      error={error}
      remembered={remembered}
      compact={compact}
      onConnect={(address, token) => void store.connect(address, token)} // Fire and forget: the store shows its own failures.
      onSignIn={(config) => void store.signIn(config)} // Fire and forget: the store shows its own failures.
      onSwitch={(apiUrl) => void store.switchTo(apiUrl)} // Fire and forget: the store shows its own failures.
      onForget={(apiUrl) => store.forget(apiUrl)}
      onUsePlatform={signedIn ? undefined : onUsePlatform}
    />
  );
  return (
    <>
      {tokenRequest && (
        // Fire and forget: a token the store cannot take is asked for again, saying why.
        <CubeTokenRequestView request={tokenRequest} onToken={(token) => void store.giveToken(token)} onCancel={() => store.cancelTokenRequest()} />
      )}
      {signInRequest && (
        <CubeSignInRequestView
          failure={signInRequest.failure}
          busy={connecting}
          onSignIn={() => void store.signInAgain()} // Fire and forget: the store shows a failed sign-in in this question.
          onCancel={() => store.cancelSignIn()}
        />
      )}
      {cube && (
        <CubeConnectionBar
          apiUrl={cube.apiUrl}
          remembered={remembered}
          busy={connecting}
          onSwitch={(apiUrl) => void store.switchTo(apiUrl)} // Fire and forget: the store shows its own failures.
          onDisconnect={() => store.disconnect()}
        />
      )}
      {!cube && !signedIn && form(false)}
      {!cube && signedIn && (adding ? form(true) : <Link as="button" type="button" onClick={() => setAdding(true)}>{cw.cube.alsoConnect}</Link>)}
    </>
  );
}
