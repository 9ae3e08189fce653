// A deep import, not the client barrel: this runs in the pane's small initial script.
import { SignInError } from '../client/errors';
import { describeError } from './errors';
import type { I18n } from './i18n';

/** Words for a failed sign-in, sign-out or connection; sign-in's own failures first, then every other one. */
export function describeSignIn(error: unknown, i18n: Pick<I18n, 'm' | 'number'>): string {
  if (!(error instanceof SignInError)) return describeError(error, i18n);
  const { m } = i18n;
  switch (error.reason) {
    case 'unsupported':
      return m.signInUnsupported(error.detail ?? '');
    case 'dialog-failed':
      return m.dialogFailed;
    case 'cancelled':
      return m.signInCancelled;
    case 'state-mismatch':
      return m.signInStateMismatch;
    case 'expired':
      return m.signInExpired;
    case 'refused':
      return m.signInRefused(error.detail ?? error.message);
  }
}
