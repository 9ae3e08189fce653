import type { DialogOutcome } from '../src/ports/dialog';
import type { PaneHost, PaneTheme } from '../src/ports/pane-host';

/**
 * The pane's host in the workbench: language and theme from the page's query (`?lang=de-DE&theme=dark`),
 * and Office's dialog stood in for by a popup window that talks back with `postMessage` (the callback page
 * falls back to it outside Office, where `messageParent` does not exist). Not an iframe: Office.js in a
 * frame takes its parent for an Office host.
 */
export function workbenchHost(params: URLSearchParams, ready: Promise<void>): PaneHost {
  return {
    displayLanguage: workbenchLanguage(params),
    theme: (params.get('theme') === 'dark' ? 'dark' : 'light') satisfies PaneTheme,
    openDialog,
    ready,
  };
}

/** The display language the workbench plays Office's: `?lang=`, else the browser's. */
export function workbenchLanguage(params: URLSearchParams): string {
  return params.get('lang') ?? navigator.language ?? 'en-US';
}

function openDialog(url: string): Promise<DialogOutcome> {
  const dialog = window.open(url, 'office-dialog', 'popup,width=480,height=600');
  if (!dialog) return Promise.resolve({ kind: 'failed', code: 12009 });
  // As Office's dialog does with DialogOrigin 1.1: only the add-in's own origin may answer.
  const origin = window.location.origin;
  return new Promise((resolve) => {
    const finish = (outcome: DialogOutcome) => {
      window.removeEventListener('message', onMessage);
      clearInterval(watch);
      if (!dialog.closed) dialog.close();
      resolve(outcome);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== dialog || event.origin !== origin || typeof event.data !== 'string') return;
      finish({ kind: 'message', message: event.data, origin: event.origin });
    };
    window.addEventListener('message', onMessage);
    // Office reports a dialog the user closed as event 12006; a closed window is how that looks here.
    const watch = setInterval(() => dialog.closed && finish({ kind: 'closed' }), 250);
  });
}
