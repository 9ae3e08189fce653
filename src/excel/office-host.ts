import { parseHexColor, relativeLuminance } from '../core/color';

/**
 * What the pane needs from Office beyond the workbook: the display language, the theme, and dialogs.
 * The workbench supplies its own `PaneHost` (a simulated dialog) when the pane runs outside Office.
 */
export type PaneTheme = 'light' | 'dark';

export type DialogOutcome =
  | { kind: 'message'; message: string }
  | { kind: 'closed' }
  | { kind: 'failed'; code: number | null };

export interface PaneHost {
  /** BCP 47 tag of Office's display language, e.g. `de-DE`. */
  displayLanguage: string;
  theme: PaneTheme;
  /** Opens a page in a dialog and resolves with the first message it sends, or how it ended otherwise. */
  openDialog(url: string): Promise<DialogOutcome>;
}

/**
 * Office's theme is dark when its body background is darker than middle grey (the theme has no "is dark"
 * flag before 1.3): a relative luminance below that of #808080.
 */
function themeOf(officeTheme: Office.OfficeTheme | undefined): PaneTheme {
  const rgb = officeTheme?.bodyBackgroundColor ? parseHexColor(officeTheme.bodyBackgroundColor) : null;
  return rgb && relativeLuminance(rgb) < relativeLuminance([128, 128, 128]) ? 'dark' : 'light';
}

/** Office's dialog: the page hands back its result with `Office.context.ui.messageParent`. */
function openOfficeDialog(url: string): Promise<DialogOutcome> {
  return new Promise((resolve) => {
    Office.context.ui.displayDialogAsync(url, { height: 60, width: 30, promptBeforeOpen: false }, (opened) => {
      if (opened.status !== Office.AsyncResultStatus.Succeeded) {
        resolve({ kind: 'failed', code: opened.error?.code ?? null });
        return;
      }
      const dialog = opened.value;
      dialog.addEventHandler(Office.EventType.DialogMessageReceived, (arg) => {
        dialog.close();
        resolve('message' in arg ? { kind: 'message', message: arg.message } : { kind: 'failed', code: arg.error });
      });
      // 12006: the user closed the dialog; any other code is a failure of the page or the host.
      dialog.addEventHandler(Office.EventType.DialogEventReceived, (arg) => {
        const code = 'error' in arg ? arg.error : null;
        resolve(code === 12006 ? { kind: 'closed' } : { kind: 'failed', code });
      });
    });
  });
}

export function officeHost(): PaneHost {
  return {
    displayLanguage: Office.context?.displayLanguage || navigator.language || 'en-US',
    theme: themeOf(Office.context?.officeTheme),
    openDialog: openOfficeDialog,
  };
}
