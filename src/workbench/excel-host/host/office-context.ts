import type { ExcelHost } from './excel-host';
import type { RequestMessage } from './protocol';

/** What the loaded Office.js library puts on the global object that the emulator plugs into. */
interface OfficeJsGlobals {
  OfficeExtension: { ClientRequestContext: { defaultRequestUrlAndHeaders: unknown } };
  OfficeExt: { Requirement: { RequirementMatrix: new (sets: unknown) => unknown; DefaultSetRequirement: new (sets: Record<string, string>) => unknown } };
  OSF: { _OfficeAppFactory?: Record<string, unknown> };
  Office: { EventType: { DocumentSelectionChanged: string } };
}

type AsyncCallback = (result: { status: 'succeeded' | 'failed'; value?: unknown; error?: unknown }) => void;
type SelectionHandler = (args: { type: string }) => void;

/**
 * Connects Microsoft's Office.js (already loaded on `scope`) to `host`, standing where Excel would:
 * - every `Excel.RequestContext` gets a request executor that hands the serialized request to the host
 *   (Office.js takes it from `ClientRequestContext.defaultRequestUrlAndHeaders` when it is a resolver with
 *   `_createRequestExecutorOrNull`, see `ensureRequestUrlAndHeaderInfo` in excel-web-16.00.debug.js);
 * - `Office.context.requirements` is Office's own `RequirementMatrix`, filled with the profile's sets, so
 *   `isSetSupported` answers as that host would;
 * - `Office.context.document.addHandlerAsync` carries `DocumentSelectionChanged`, which is how Office.js
 *   registers `workbook.onSelectionChanged` outside a host session (`OfficeJsEventRegistration`).
 */
export function connectOfficeJs(host: ExcelHost, scope: object = globalThis, displayLanguage = 'en-US'): void {
  const globals = scope as unknown as OfficeJsGlobals;
  globals.OfficeExtension.ClientRequestContext.defaultRequestUrlAndHeaders = {
    _resolveRequestUrlAndHeaderInfo: () => Promise.resolve({ url: 'local', headers: {} }),
    _createRequestExecutorOrNull: () => ({
      executeAsync: (_customData: unknown, _flags: number, message: RequestMessage) => host.execute(message.Body),
    }),
  };
  const { Requirement } = globals.OfficeExt;
  const sets: Record<string, string> = { excelapi: `1.${host.profile.excelApiMinor}`, ...host.profile.otherSets };
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
  globals.OSF._OfficeAppFactory = { ...(globals.OSF._OfficeAppFactory ?? {}), getContext: () => context };
}
