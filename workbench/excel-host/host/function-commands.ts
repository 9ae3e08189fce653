/**
 * Ribbon function commands, as Office runs them in an add-in's shared runtime. A button whose action is
 * `ExecuteFunction` names a function (manifest `<FunctionName>`); Office looks the name up among the functions the
 * page gave `Office.actions.associate` (https://learn.microsoft.com/javascript/api/office/office.actions) and calls
 * it with an event whose `source.id` is the button's id and whose `completed()` ends the command
 * (https://learn.microsoft.com/javascript/api/office/office.addincommands.event).
 *
 * The lookup and the event are Microsoft's own: Office.js's `OfficeExt.AppCommand.AppCommandManager`
 * (excel-web-16.00.debug.js) takes the host's invocation (`_processAppCommandInvocation`), finds the function in
 * `Office.actions._association.mappings` by its upper-cased name, builds the event from the invocation's JSON, and
 * reports completion to the host through `appCommandInvocationCompletedAsync(id, status, data)`. The emulator stands
 * where Office's host and loader do: the loader (office.js, which the workbench does not load) defines
 * `Office.actions.associate` over that table, so the emulator defines it the same way; and the host's end of the
 * completion channel is the emulator's, so a command's caller learns how it ended.
 */

/** Office.js's `OSF.DDA.ErrorCodeManager.errorCodes.ooeSuccess`: the command's function ran and called completed(). */
export const COMMAND_SUCCEEDED = 0;

/** How a function command ended: Office.js's status (0, or the code it gives when no such function is associated). */
export interface CommandCompletion {
  status: number;
}

interface AppCommandInvocation {
  appCommandId: string;
  callbackName: string;
  eventObjStr: string;
}

interface AppCommandManager {
  _pseudoDocument: { appCommandInvocationCompletedAsync(id: string, status: number, data: string): void } | null;
  _processAppCommandInvocation(args: AppCommandInvocation): void;
}

interface FunctionCommandGlobals {
  Office: { actions?: { associate?: unknown; _association?: { mappings: Record<string, unknown> } } };
  OfficeExt: { AppCommand?: { AppCommandManager: { instance(): AppCommandManager } } };
}

type ActionFunction = (event: unknown) => void;

/**
 * `Office.actions.associate(name, fn)` or `associate({ name: fn, … })`, as office.js's `OfficeExt.Association` keeps
 * them: upper-cased names, so a manifest's FunctionName matches whatever its case.
 */
function installAssociation(actions: NonNullable<FunctionCommandGlobals['Office']['actions']>): void {
  if (typeof actions.associate === 'function' && actions._association) return;
  const mappings: Record<string, ActionFunction> = {};
  const associate = (name: string | Record<string, ActionFunction>, action?: ActionFunction): void => {
    if (typeof name === 'object') {
      for (const [key, value] of Object.entries(name)) associate(key, value);
      return;
    }
    if (typeof name !== 'string' || typeof action !== 'function') throw new TypeError('Office.actions.associate(name, function)');
    mappings[name.toUpperCase()] = action;
  };
  actions._association = { mappings };
  actions.associate = associate;
}

/** The host's side of function commands in `scope`, where Office.js is loaded: run one as a ribbon click would. */
export function connectFunctionCommands(scope: object): (functionName: string, controlId: string) => Promise<CommandCompletion> {
  const globals = scope as unknown as FunctionCommandGlobals;
  installAssociation((globals.Office.actions ??= {}));
  const manager = globals.OfficeExt.AppCommand?.AppCommandManager.instance();
  if (!manager) throw new Error('This Office.js build has no AppCommandManager: function commands cannot run.');
  const pending = new Map<string, (completion: CommandCompletion) => void>();
  manager._pseudoDocument = {
    appCommandInvocationCompletedAsync(id, status) {
      pending.get(id)?.({ status });
      pending.delete(id);
    },
  };
  let invocations = 0;
  return (functionName, controlId) => new Promise((resolve) => {
    invocations += 1;
    const appCommandId = `workbench-command-${invocations}`;
    pending.set(appCommandId, resolve);
    manager._processAppCommandInvocation({ appCommandId, callbackName: functionName, eventObjStr: JSON.stringify({ source: { id: controlId } }) });
  });
}
