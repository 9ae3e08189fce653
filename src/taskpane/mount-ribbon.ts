import { associateRefreshAll, REFRESH_ALL_COMMAND, showTaskpane } from '../excel/ribbon-commands';
import { RibbonRefreshRequests, runRibbonRefreshAll } from '../monitoring/ribbon-requests';

/**
 * The ribbon's commands that run in the pane's page (the manifest's shared runtime), one set for the page's life:
 * the pane mounted in it runs what they ask for, and a request made while it cannot waits for it.
 */
export class RibbonCommands {
  /** "Refresh all" asked for from the ribbon. */
  readonly refreshAllRequests = new RibbonRefreshRequests();
  /** The function Office runs for "Refresh all" (the manifest's `<FunctionName>`). */
  readonly refreshAllFunction = REFRESH_ALL_COMMAND;

  /**
   * Gives Office the commands' functions (`Office.actions.associate`), once Office.js is in the page: as the page's
   * script loads in Office (as Microsoft's shared-runtime template does, so the click that loaded the page finds its
   * function), once Microsoft's library has loaded in the workbench. False where Office.js offers no `Office.actions`.
   */
  associate(): boolean {
    return associateRefreshAll(() => runRibbonRefreshAll(this.refreshAllRequests, showTaskpane));
  }
}
