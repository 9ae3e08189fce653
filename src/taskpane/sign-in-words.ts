// A deep import, not the client barrel: this runs in the pane's small initial script.
import type { SignInError } from '../client/errors';
import type { Messages } from './i18n';
import type { ConnectionWords } from './i18n/connection-words';

/**
 * A failed sign-in in words (`describeError` asks this for every `SignInError`): the platform's, or the identity
 * provider's of a Cube deployment (`said`, the words made for the connection it is about).
 */
export function signInWords(error: SignInError, m: Messages, said: ConnectionWords['signIn']): string {
  switch (error.reason) {
    case 'unsupported':
      return said.unsupported(error.detail ?? '');
    case 'other-issuer':
      return said.otherIssuer(error.detail ?? '');
    case 'dialog-failed':
      return said.dialogFailed;
    case 'cancelled':
      return m.signInCancelled;
    case 'state-mismatch':
      return m.signInStateMismatch;
    case 'expired':
      return m.signInExpired;
    case 'refused':
      return said.refused(error.detail ?? error.message);
  }
}
