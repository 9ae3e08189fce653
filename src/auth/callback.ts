import { callbackMessage } from '../session/sign-in';

/**
 * Passes the authorization response (code and state, or an error; never a token) to the task pane, which
 * checks the state and redeems the code with the PKCE verifier it kept. In Office the dialog API carries
 * it, addressed to the add-in's own origin where the host has DialogOrigin 1.1
 * (https://learn.microsoft.com/en-us/javascript/api/office/office.dialogmessageoptions); outside Office (the
 * workbench's popup stand-in) the window that opened this one gets it, for this origin only.
 */
function deliver(message: string): void {
  const ui = typeof Office === 'undefined' ? undefined : Office.context?.ui;
  try {
    if (ui?.messageParent) {
      if (Office.context.requirements?.isSetSupported('DialogOrigin', '1.1')) ui.messageParent(message, { targetOrigin: window.location.origin });
      else ui.messageParent(message);
      return;
    }
  } catch {
    // Not inside an Office dialog after all: fall through to the opener.
  }
  (window.opener as Window | null)?.postMessage(message, window.location.origin);
}

// Fire and forget: nothing waits for this page; a failure here shows in the dialog's console.
void Office.onReady(() => {
  deliver(callbackMessage(window.location.search));
  const failed = new URLSearchParams(window.location.search).has('error');
  document.getElementById('status')!.textContent = `${failed ? 'Sign-in did not complete.' : 'Signed in.'} You can close this window.`;
});
