/**
 * What office.js (Office's loader, which the workbench does not load) sets up before the Excel host file
 * `excel-web-16.00.js` runs, so that the custom-functions runtime inside that file starts
 * (docs/research/custom-functions.md §4, "Loader duties"):
 * - `OSF._OfficeAppFactory.getHostInfo().flags` has `OSF.HostInfoFlags.CustomFunction` (2, office.debug.js 1476-1482):
 *   the host file reads it once, while it loads, to decide whether to start the runtime (excel-web-16.00.debug.js 61994-62000);
 * - `window.CustomFunctions` has `associate` over an `OfficeExt.Association` (`_association`), which the host file
 *   binds once, while it loads (`setCustomFunctionAssociation`, excel-web-16.00.debug.js 62234-62240);
 * - `Office.onReady` and `Office.HostType` exist: the host file replaces `window.Office` with
 *   `Microsoft.Office.WebExtension` (excel-web-16.00.debug.js 2566) and then calls `Office.onReady(callback)` at once,
 *   starting the runtime (`CustomFunctions.initialize()`) from the callback when the host is Excel (62228-62232).
 *
 * `Office.onReady` resolves once the emulator starts the add-in's runtime (`OfficeLoader.start`, which
 * `connectCustomFunctions` calls), not when Office.js loads: a realm whose test or page never asks for custom functions
 * never starts it, and Office.js sends its host nothing it would not send without them.
 */

/** `OSF.HostInfoFlags.CustomFunction` (office.debug.js 1476-1482): the page hosts the add-in's custom functions. */
const CUSTOM_FUNCTION_HOST_FLAG = 2;

/** What `Office.onReady` resolves with (https://learn.microsoft.com/javascript/api/office#office-office-onready-function(1)). */
export interface OfficeReadyInfo {
  host: string;
  platform: string;
}

type ReadyCallback = (info: OfficeReadyInfo) => unknown;

/**
 * The emulator's `OSF._OfficeAppFactory`: office.js's loader object, which Office.js's host file asks for the host's
 * description (`getHostInfo`) and context (`getContext`, set by `connectOfficeJs`). It also holds `Office.onReady`'s
 * waiting callbacks (office.js keeps them in its loader too, office.debug.js 1563-1592). Reached through the realm's
 * `OSF` global, not by import: Jest loads Office.js from its environment module, whose module instances differ
 * from a test file's.
 */
export interface OfficeLoader {
  getHostInfo(): { flags: number; isDialog: boolean };
  getContext?: () => unknown;
  /** `Office.onReady`, as office.js defines it: the callback runs once the add-in's runtime has started. */
  onReady(callback?: ReadyCallback): Promise<OfficeReadyInfo>;
  /** Starts the add-in's runtime: `Office.onReady` callbacks run, now and from now on. Idempotent. */
  start(info: OfficeReadyInfo): void;
  /**
   * Resolves once Office.js's custom-functions runtime has told its host it is ready
   * (`_SetOsfControlContainerReadyForCustomFunctions`): once per realm, whichever emulated host heard it.
   */
  customFunctionsReady: Promise<void>;
  markCustomFunctionsReady(): void;
}

/** `OfficeExt.Association` (office.debug.js 1348-1400): functions by upper-cased id, with change listeners. */
class Association {
  readonly mappings: Record<string, unknown> = {};
  private readonly changeHandlers: (() => void)[] = [];

  associate(idOrMappings: string | Record<string, unknown>, action?: unknown): void {
    if (typeof idOrMappings === 'object' && idOrMappings !== null) {
      for (const [id, mapped] of Object.entries(idOrMappings)) this.associate(id, mapped);
      return;
    }
    // office.js only warns here (`[InvalidArg] Function=associate`); a bad call is a programming error, so it throws.
    if (typeof idOrMappings !== 'string' || typeof action !== 'function') throw new TypeError('CustomFunctions.associate(id, function) or associate({ id: function, … })');
    this.mappings[idOrMappings.toUpperCase()] = action;
    for (const handler of this.changeHandlers) handler();
  }

  onchange(handler: () => void): void {
    this.changeHandlers.push(handler);
  }
}

function createLoader(): OfficeLoader {
  let readyInfo: OfficeReadyInfo | null = null;
  const waiting: (() => void)[] = [];
  let resolveCustomFunctionsReady!: () => void;
  const customFunctionsReady = new Promise<void>((resolve) => (resolveCustomFunctionsReady = resolve));
  return {
    customFunctionsReady,
    markCustomFunctionsReady: () => resolveCustomFunctionsReady(),
    getHostInfo: () => ({ flags: CUSTOM_FUNCTION_HOST_FLAG, isDialog: false }),
    onReady(callback) {
      return new Promise((resolve, reject) => {
        // Called at once, as office.js does once loaded; a callback that throws rejects its own promise only.
        const run = () => {
          const info = readyInfo!;
          new Promise((settle) => settle(callback?.(info))).then(() => resolve(info), reject);
        };
        if (readyInfo) run();
        else waiting.push(run);
      });
    },
    start(info) {
      if (readyInfo) return;
      readyInfo = info;
      for (const run of waiting.splice(0)) run();
    },
  };
}

interface LoaderGlobals {
  OSF?: { _OfficeAppFactory?: Partial<OfficeLoader> };
  CustomFunctions?: { associate?: unknown; _association?: unknown };
  Microsoft?: { Office?: { WebExtension?: Record<string, unknown> } };
}

/** Does office.js's part, on `scope` (the realm's global object), before Office.js's host file runs there. */
export function prepareOfficeLoader(scope: object): void {
  const globals = scope as LoaderGlobals;
  const osf = (globals.OSF ??= {});
  if (typeof osf._OfficeAppFactory?.start !== 'function') osf._OfficeAppFactory = Object.assign(createLoader(), osf._OfficeAppFactory);
  const loader = osf._OfficeAppFactory as OfficeLoader;
  const customFunctions = (globals.CustomFunctions ??= {});
  if (!customFunctions._association) {
    const association = new Association();
    customFunctions._association = association;
    customFunctions.associate = association.associate.bind(association);
  }
  const office = (((globals.Microsoft ??= {}).Office ??= {}).WebExtension ??= {});
  office.onReady ??= loader.onReady.bind(loader);
  // office.js's enums (office.debug.js 1507-1524), which Office.js's host file does not define.
  office.HostType ??= { Word: 'Word', Excel: 'Excel', PowerPoint: 'PowerPoint', Outlook: 'Outlook', OneNote: 'OneNote', Project: 'Project', Access: 'Access', Visio: 'Visio' };
  office.PlatformType ??= { PC: 'PC', OfficeOnline: 'OfficeOnline', Mac: 'Mac', iOS: 'iOS', Android: 'Android', Universal: 'Universal' };
}

/** The realm's loader, which {@link prepareOfficeLoader} set up before Office.js loaded. */
export function officeLoaderOf(scope: object): OfficeLoader {
  const loader = (scope as LoaderGlobals).OSF?._OfficeAppFactory;
  if (typeof loader?.start !== 'function') throw new Error('Office.js was loaded without the emulator\'s loader (prepareOfficeLoader): its custom-functions runtime cannot start.');
  return loader as OfficeLoader;
}
