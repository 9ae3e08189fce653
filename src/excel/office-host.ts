import { parseHexColor, relativeLuminance } from '../core/color';
import type { DialogOutcome } from '../ports/dialog';
import type { PaneHost, PaneTheme } from '../ports/pane-host';

/**
 * Office's theme is dark when its body background is darker than middle grey (the theme has no "is dark"
 * flag before 1.3): a relative luminance below that of #808080.
 */
function themeOf(officeTheme: Office.OfficeTheme | undefined): PaneTheme {
  const rgb = officeTheme?.bodyBackgroundColor ? parseHexColor(officeTheme.bodyBackgroundColor) : null;
  return rgb && relativeLuminance(rgb) < relativeLuminance([128, 128, 128]) ? 'dark' : 'light';
}

/**
 * Office's dialog: the page hands back its result with `Office.context.ui.messageParent`. The first page must
 * be of the add-in's own domain (else error 12004:
 * https://learn.microsoft.com/en-us/office/dev/add-ins/develop/dialog-handle-errors-events), and Office's own
 * prompt before opening stays on.
 * Where the host has DialogOrigin 1.1, a message says which origin sent it, and only the add-in's own is
 * taken: https://learn.microsoft.com/en-us/office/dev/add-ins/develop/dialog-api-in-office-add-ins
 * (cross-domain messaging), https://learn.microsoft.com/en-us/javascript/api/office/office.dialogmessageoptions.
 * Older hosts give no origin; there the pane's `state` and PKCE checks are what stop a foreign answer.
 */
function openOfficeDialog(url: string): Promise<DialogOutcome> {
  const own = window.location.origin;
  return new Promise((resolve) => {
    // Without an Office host (a plain browser) Office.context has no requirements or ui and these calls throw:
    // the dialog failed, and nothing is left uncaught.
    try {
      const knowsOrigins = Office.context.requirements.isSetSupported('DialogOrigin', '1.1');
      Office.context.ui.displayDialogAsync(url, { height: 60, width: 30 }, (opened) => {
        if (opened.status !== Office.AsyncResultStatus.Succeeded) {
          resolve({ kind: 'failed', code: opened.error?.code ?? null });
          return;
        }
        const dialog = opened.value;
        dialog.addEventHandler(Office.EventType.DialogMessageReceived, (arg) => {
          if (!('message' in arg)) {
            dialog.close();
            resolve({ kind: 'failed', code: arg.error });
            return;
          }
          const from = arg.origin ?? null;
          // From anywhere else: ignored, and the dialog stays open for the add-in's own page to answer.
          if (from !== own && (knowsOrigins || from !== null)) return;
          dialog.close();
          resolve({ kind: 'message', message: arg.message, origin: from });
        });
        // 12006: the user closed the dialog; any other code is a failure of the page or the host.
        dialog.addEventHandler(Office.EventType.DialogEventReceived, (arg) => {
          const code = 'error' in arg ? arg.error : null;
          resolve(code === 12006 ? { kind: 'closed' } : { kind: 'failed', code });
        });
      });
    } catch {
      resolve({ kind: 'failed', code: null });
    }
  });
}

/**
 * Whether the page runs inside an Office application. `Office.onReady` resolves with the application as
 * `info.host` (`Office.HostType.Excel` here):
 * https://learn.microsoft.com/en-us/office/dev/add-ins/develop/initialize-add-in ("Initialize with
 * Office.onReady()"). Opened in a plain browser, Office.js still resolves it, with `host: null` (its plain-browser
 * branch in @microsoft/office-js's office.debug.js), and `Office.context` then has no host.
 */
export function runsInOffice(info: { host: Office.HostType | null }): boolean {
  return Boolean(info.host);
}

export function officeHost(): PaneHost {
  return {
    displayLanguage: Office.context?.displayLanguage || navigator.language || 'en-US',
    theme: themeOf(Office.context?.officeTheme),
    openDialog: openOfficeDialog,
  };
}
