import { supportsRequirementSet } from './requirements';
import { SHARED_RUNTIME_REQUIREMENT } from './startup';

/**
 * The ribbon's function commands. The manifest's "Refresh all" button runs `ExecuteFunction` with this
 * `<FunctionName>`, in the pane's shared runtime (manifest `<Runtimes>`, SharedRuntime 1.1), so the function is the
 * pane's own code, signed in as the pane is. Office finds it among those given `Office.actions.associate`
 * (https://learn.microsoft.com/javascript/api/office/office.actions) and calls it with an event whose `completed()`
 * ends the command; until then Office shows the add-in as working on it
 * (https://learn.microsoft.com/javascript/api/office/office.addincommands.event).
 */
export const REFRESH_ALL_COMMAND = 'refreshAll';

/**
 * Gives Office the "Refresh all" command's function. Called as the page loads (Microsoft's shared-runtime template
 * associates at the top of the page's script), so a click that loaded the runtime finds it. `run` never rejects:
 * it settles when the command is done, and then the command is completed. False where Office.js offers no
 * `Office.actions` (a plain browser).
 */
export function associateRefreshAll(run: () => Promise<void>): boolean {
  if (typeof Office === 'undefined' || typeof Office.actions?.associate !== 'function') return false;
  Office.actions.associate(REFRESH_ALL_COMMAND, (event: Office.AddinCommands.Event) => {
    // Office's callback returns nothing to wait on: completed() ends the command once run settles (it never rejects).
    void run().finally(() => event.completed());
  });
  return true;
}

/**
 * Shows the task pane (`Office.addin.showAsTaskpane`, SharedRuntime 1.1:
 * https://learn.microsoft.com/javascript/api/office/office.addin#office-office-addin-showastaskpane-member(1)).
 * False where the host cannot be asked to.
 */
export async function showTaskpane(): Promise<boolean> {
  if (!supportsRequirementSet(SHARED_RUNTIME_REQUIREMENT.name, SHARED_RUNTIME_REQUIREMENT.version) || typeof Office.addin?.showAsTaskpane !== 'function') return false;
  await Office.addin.showAsTaskpane();
  return true;
}
