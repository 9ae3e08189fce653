import { columnLetters, MAX_COLUMNS, MAX_ROWS, rectAddress, type Rect } from '../../../src/core/a1';
import type { CellChange, SheetRename } from '../workbook/workbook-model';
import type { ExcelHost } from './excel-host';
import { connectFunctionCommands, type CommandCompletion } from './function-commands';
import { customFunctionsRuntimeVersion } from './profiles';
import type { RequestMessage } from './protocol';

/** What the loaded Office.js library puts on the global object that the emulator plugs into. */
interface OfficeJsGlobals {
  OfficeExtension: { ClientRequestContext: { defaultRequestUrlAndHeaders: unknown } };
  OfficeExt: { Requirement: { RequirementMatrix: new (sets: unknown) => unknown; DefaultSetRequirement: new (sets: Record<string, string>) => unknown } };
  OSF: { _OfficeAppFactory?: Record<string, unknown>; DDA?: { RichApi?: { richApiMessageManager?: unknown } } };
  Office: { EventType: { DocumentSelectionChanged: string }; addin?: Record<string, unknown>; StartupBehavior?: Record<string, string> };
}

type AsyncCallback = (result: { status: 'succeeded' | 'failed'; value?: unknown; error?: unknown }) => void;
type SelectionHandler = (args: { type: string }) => void;

/** The message Office.js's `GenericEventRegistration._handleRichApiMessage` reads: one entry per event. */
interface RichApiMessage {
  entries: { messageCategory: number; messageType: number; targetId: string; message: string }[];
}
type RichApiHandler = (message: RichApiMessage) => void;

/** Office's rich API message channel, as the emulator stands in for it (`OSF.DDA.RichApi.richApiMessageManager`). */
class RichApiMessages {
  readonly handlers = new Set<RichApiHandler>();

  /** `OfficeJsEventRegistration.register(5, …)`: resolves once the handler is in place. */
  register(handler: RichApiHandler): Promise<void> {
    this.handlers.add(handler);
    return Promise.resolve();
  }

  removeHandlerAsync(_eventType: string, options: { handler?: RichApiHandler }, callback?: AsyncCallback): void {
    if (options?.handler) this.handlers.delete(options.handler);
    callback?.({ status: 'succeeded' });
  }

  send(message: RichApiMessage): void {
    for (const handler of [...this.handlers]) handler(message);
  }
}

/** The internal `CustomFunctions` requirement set the emulator claims (see `connectOfficeJs`). */
const CUSTOM_FUNCTIONS_INTERNAL_SET = '1.7';

/** `messageCategory` of an event message (`GenericEventRegistration.richApiMessageEventCategory`). */
const EVENT_MESSAGE_CATEGORY = 65536;
/** `eventType` of `Worksheet.onChanged` in Office.js's `GenericEventHandlers` (excel-web-16.00.debug.js). */
const WORKSHEET_CHANGED_EVENT = 10;
/** `eventType` of `WorksheetCollection.onNameChanged` in Office.js's `GenericEventHandlers` (excel-web-16.00.debug.js). */
const WORKSHEET_NAME_CHANGED_EVENT = 25;
/** The target of workbook-wide events (`OfficeExtension.Constants.eventWorkbookId`), which `onNameChanged`'s handlers are kept under. */
const WORKBOOK_EVENT_TARGET = 'Workbook';
/** WorksheetChangedEventArgs.triggerSource and changeDirectionState arrived with ExcelApi 1.14. */
const TRIGGER_SOURCE_MINOR = 14;

/** A changed area as Excel's events give it, on the sheet: `B2`, `B2:D5`, whole rows `3:4`, whole columns `B:C`. */
function eventAddress(rect: Rect): string {
  if (rect.left === 0 && rect.right === MAX_COLUMNS - 1) return `${rect.top + 1}:${rect.bottom + 1}`;
  if (rect.top === 0 && rect.bottom === MAX_ROWS - 1) return `${columnLetters(rect.left)}:${columnLetters(rect.right)}`;
  return rectAddress(rect);
}

/** The payload of a WorksheetChanged event, read by Office.js's `Worksheet_Changed_EventArgsTransform`. */
function changedMessage(change: CellChange, excelApiMinor: number): string {
  const args: Record<string, unknown> = {
    changeType: change.changeType,
    source: 'Local',
    address: eventAddress(change.rect),
    shiftDirection: change.shiftDirection,
  };
  if (excelApiMinor >= TRIGGER_SOURCE_MINOR) args.triggerSource = change.byAddin ? 'ThisLocalAddin' : 'Unknown';
  return JSON.stringify(args);
}

/**
 * The payload of a WorksheetNameChanged event, read by Office.js's transform of `onNameChanged`'s arguments: the
 * sheet's id, its names before and after, and where the change came from
 * (https://learn.microsoft.com/javascript/api/excel/excel.worksheetnamechangedeventargs).
 */
function renamedMessage(rename: SheetRename): string {
  return JSON.stringify({ type: 'WorksheetNameChanged', source: 'Local', worksheetId: rename.sheetId, nameBefore: rename.nameBefore, nameAfter: rename.nameAfter });
}

/**
 * Connects Microsoft's Office.js (already loaded on `scope`) to `host`, standing where Excel would:
 * - every `Excel.RequestContext` gets a request executor that hands the serialized request to the host
 *   (Office.js takes it from `ClientRequestContext.defaultRequestUrlAndHeaders` when it is a resolver with
 *   `_createRequestExecutorOrNull`, see `ensureRequestUrlAndHeaderInfo` in excel-web-16.00.debug.js);
 * - `Office.context.requirements` is Office's own `RequirementMatrix`, filled with the profile's sets, so
 *   `isSetSupported` answers as that host would;
 * - `Office.context.document.addHandlerAsync` carries `DocumentSelectionChanged`, which is how Office.js
 *   registers `workbook.onSelectionChanged` outside a host session (`OfficeJsEventRegistration`);
 * - `OSF.DDA.RichApi.richApiMessageManager` is the channel Office.js's generic events (`worksheet.onChanged`)
 *   listen on: the host's cell changes on a sheet whose `onChanged` is registered are sent there, after the
 *   request (or the user's entry) that made them, never inside it, as Excel raises events asynchronously
 *   (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events). The add-in's own changes come
 *   with `triggerSource: 'ThisLocalAddin'` on hosts with ExcelApi 1.14
 *   (https://learn.microsoft.com/javascript/api/excel/excel.worksheetchangedeventargs), and unmarked on older ones.
 *   Sheets renamed (by the user or an add-in) are sent the same way while the worksheet collection's `onNameChanged`
 *   is registered (ExcelApi 1.17, https://learn.microsoft.com/javascript/api/excel/excel.worksheetcollection).
 */
export function connectOfficeJs(host: ExcelHost, scope: object = globalThis, displayLanguage = 'en-US', taskpane?: TaskpaneVisibility): OfficeConnection {
  const globals = scope as unknown as OfficeJsGlobals;
  globals.OfficeExtension.ClientRequestContext.defaultRequestUrlAndHeaders = {
    _resolveRequestUrlAndHeaderInfo: () => Promise.resolve({ url: 'local', headers: {} }),
    _createRequestExecutorOrNull: () => ({
      executeAsync: (_customData: unknown, _flags: number, message: RequestMessage) => host.execute(message.Body),
    }),
  };
  const { Requirement } = globals.OfficeExt;
  const sets: Record<string, string> = { excelapi: `1.${host.profile.excelApiMinor}`, ...host.profile.otherSets };
  // Office's internal `CustomFunctions` set, which Office.js's custom-functions runtime asks (not the public
  // CustomFunctionsRuntime): from 1.7 it sends results as arrays (`SetInvocationArrayResults`); 1.8 and 1.9 would add
  // not-found codes and `_GetEnabledFeatures`, which the emulator does not answer (docs/research/custom-functions.md §4).
  // Claimed where the add-in's functions run in its shared runtime, as the public CustomFunctionsRuntime is (profiles.ts).
  if (sets.sharedruntime) sets.customfunctions = CUSTOM_FUNCTIONS_INTERNAL_SET;
  const runtimeVersion = customFunctionsRuntimeVersion(host.profile.otherSets);
  if (runtimeVersion) sets.customfunctionsruntime = runtimeVersion;
  const requirements = new Requirement.RequirementMatrix(new Requirement.DefaultSetRequirement(sets));
  const selectionHandlers = new Set<SelectionHandler>();
  host.model.onSelectionChanged(() => {
    for (const handler of selectionHandlers) handler({ type: globals.Office.EventType.DocumentSelectionChanged });
  });
  const selectionEvent = globals.Office.EventType.DocumentSelectionChanged;
  const context = {
    displayLanguage,
    requirements,
    document: {
      addHandlerAsync(eventType: string, handler: SelectionHandler, callback?: AsyncCallback) {
        if (eventType !== selectionEvent) return callback?.({ status: 'failed', error: { code: 5001, message: `Event ${eventType} is not supported.` } });
        selectionHandlers.add(handler);
        callback?.({ status: 'succeeded' });
      },
      removeHandlerAsync(eventType: string, options: { handler?: SelectionHandler }, callback?: AsyncCallback) {
        if (eventType === selectionEvent && options?.handler) selectionHandlers.delete(options.handler);
        callback?.({ status: 'succeeded' });
      },
    },
  };
  // The loader object (custom-functions-loader.ts) keeps its state: the context is added to it, not copied over it.
  Object.assign((globals.OSF._OfficeAppFactory ??= {}), { getContext: () => context });

  // `Office.addin.setStartupBehavior` (SharedRuntime 1.1, https://learn.microsoft.com/javascript/api/office/office.addin)
  // asks Office's runtime service, which the emulator does not have: where the profile has the set, the behaviour is
  // recorded per connected host instead, and `getStartupBehavior` answers it ('None' until set), as Office would.
  // `showAsTaskpane` and `hide` show and hide the pane without unloading its page, the shared runtime's point.
  let runFunctionCommand: OfficeConnection['runFunctionCommand'] = () => Promise.reject(new Error('This host has no shared runtime (SharedRuntime 1.1): the ribbon runs no function in the pane.'));
  if (sets.sharedruntime) {
    const behaviors = { load: 'Load', none: 'None' };
    globals.Office.StartupBehavior = { ...behaviors, ...(globals.Office.StartupBehavior ?? {}) };
    let behavior = behaviors.none;
    globals.Office.addin = {
      ...(globals.Office.addin ?? {}),
      setStartupBehavior: async (next: string) => {
        if (next !== behaviors.load && next !== behaviors.none) throw new Error(`Invalid startup behavior ${next}.`);
        behavior = next;
      },
      getStartupBehavior: async () => behavior,
      showAsTaskpane: async () => taskpane?.show(),
      hide: async () => taskpane?.hide(),
    };
    runFunctionCommand = connectFunctionCommands(scope);
  }

  // Office.js registers its generic event channel once per realm (and keeps it): the stub is installed once,
  // before any `add()`, and each host connected later sends through the same one.
  const dda = (globals.OSF.DDA ??= {});
  const richApi = (dda.RichApi ??= {});
  if (!(richApi.richApiMessageManager instanceof RichApiMessages)) richApi.richApiMessageManager = new RichApiMessages();
  const messages = richApi.richApiMessageManager as RichApiMessages;
  host.model.onCellsChanged((changes) => {
    const entries = changes
      .filter((change) => host.dataChangedRegistrations.has(change.sheetId))
      .map((change) => ({ messageCategory: EVENT_MESSAGE_CATEGORY, messageType: WORKSHEET_CHANGED_EVENT, targetId: change.sheetId, message: changedMessage(change, host.profile.excelApiMinor) }));
    if (entries.length) setTimeout(() => messages.send({ entries }), 0);
  });
  host.model.onSheetsRenamed((renames) => {
    if (host.sheetNameChangedRegistrations === 0) return;
    const entries = renames.map((rename) => ({ messageCategory: EVENT_MESSAGE_CATEGORY, messageType: WORKSHEET_NAME_CHANGED_EVENT, targetId: WORKBOOK_EVENT_TARGET, message: renamedMessage(rename) }));
    setTimeout(() => messages.send({ entries }), 0);
  });
  return { runFunctionCommand };
}

/** The workbench's task pane, which `Office.addin.showAsTaskpane` and `hide` show and hide. */
export interface TaskpaneVisibility {
  show(): void;
  hide(): void;
}

/** What the emulator, as Office, can do to the connected page beyond answering its requests. */
export interface OfficeConnection {
  /**
   * A click on a ribbon button whose action runs `functionName` (manifest `ExecuteFunction`), resolving when the
   * function calls `completed()`. Only on hosts with a shared runtime: elsewhere the manifest shows no such button.
   */
  runFunctionCommand(functionName: string, controlId: string): Promise<CommandCompletion>;
}
