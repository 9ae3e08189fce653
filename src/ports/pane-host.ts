import type { DialogOutcome } from './dialog';

/**
 * What the pane needs from Office beyond the workbook: the display language, the theme, and dialogs. Office.js's
 * adapter is `src/excel/office-host.ts`; the workbench supplies its own (a simulated dialog) outside Office.
 */
export type PaneTheme = 'light' | 'dark';

export interface PaneHost {
  /** BCP 47 tag of Office's display language, e.g. `de-DE`. */
  displayLanguage: string;
  theme: PaneTheme;
  /**
   * Opens a page of the add-in's own origin in a dialog and resolves with the first message a page of that
   * origin sends (messages from any other origin are ignored), or how the dialog ended otherwise.
   */
  openDialog(url: string): Promise<DialogOutcome>;
  /**
   * Resolves when Excel's API can be called. In Office it already can when the pane renders (after
   * `Office.onReady`); the workbench paints first and loads Microsoft's library after.
   */
  ready?: Promise<void>;
}
