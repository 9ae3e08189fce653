// A deep import, not the client barrel: signing in is part of the pane's small initial script.
import { assertSecureBaseUrl } from '../client/http';

/** The platform's sign-in page, opened in a dialog; refused for addresses that are not https (or loopback). */
export function signInPageUrl(baseUrl: string): string {
  return new URL('auth/sign-in', `${assertSecureBaseUrl(baseUrl).href.replace(/\/*$/, '')}/`).href;
}

export type SignInResult = { kind: 'signed-in'; accessToken: string } | { kind: 'cancelled' };

/** What the sign-in page sent with `messageParent`; anything else is ignored (null). */
export function parseSignInMessage(message: string): SignInResult | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(message);
  } catch {
    return null;
  }
  const value = parsed as { type?: unknown; accessToken?: unknown } | null;
  if (value?.type === 'report-sync:signed-in' && typeof value.accessToken === 'string' && value.accessToken) {
    return { kind: 'signed-in', accessToken: value.accessToken };
  }
  if (value?.type === 'report-sync:cancelled') return { kind: 'cancelled' };
  return null;
}
