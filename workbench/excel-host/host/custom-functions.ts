import type { AddInCall, AddInFunctions, AddInResult } from '../calc/add-in-functions';
import type { CustomFunctionsChannel, InvocationResult } from './custom-functions-endpoint';
import { officeLoaderOf } from './custom-functions-loader';
import type { ExcelHost } from './excel-host';

/**
 * The add-in's custom functions, carried out by Office.js's own custom-functions runtime (the one inside
 * `excel-web-16.00.js`), which the emulator drives as Excel does (docs/research/custom-functions.md §4): the calls go
 * to the runtime as one rich-API message, and the results come back in the runtime's `SetInvocationArrayResults`
 * requests to the host.
 */

/** One function of the add-in's functions.json (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-json). */
export interface FunctionMetadata {
  id: string;
  name: string;
  parameters?: { name: string; repeating?: boolean; optional?: boolean }[];
  result?: { dimensionality?: 'scalar' | 'matrix' };
  options?: { stream?: boolean; cancelable?: boolean };
}

export interface FunctionsMetadata {
  functions: FunctionMetadata[];
}

/** `messageCategory` the runtime takes (`CustomFunctionProxy._handleMessage`, excel-web-16.00.debug.js 62600-62605). */
const CUSTOM_FUNCTIONS_MESSAGE_CATEGORY = 1;
/** `messageType` of an invocation (`_batchInvocationEntries`, excel-web-16.00.debug.js 62655-62718). */
const INVOCATION_MESSAGE_TYPE = 1000;
/**
 * Invocation `flags` bits (excel-web-16.00.debug.js 62670-62672): 1 cancelable, 2 streaming. Bit 4 (allowError, error
 * arguments as `CustomFunctions.Error`) stays off: Excel passes it only for parameters whose metadata allows errors,
 * and the add-in's functions declare none, so an error argument never reaches them.
 */
const CANCELABLE_FLAG = 1;
const STREAMING_FLAG = 2;

/**
 * The runtime's result error codes (`_getCustomFunctionResultErrorCodeFromErrorCode`, excel-web-16.00.debug.js
 * 62833-62859) as the errors a cell shows (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors).
 * The other codes (0 a returned `Error` or NaN, 2 an exception thrown, 3 a promise rejected, 4 a batch size mismatch)
 * are unhandled failures, which Excel shows as `#VALUE!` (same page: "Handle errors").
 */
const EXCEL_ERROR_OF_CODE: Readonly<Record<number, string>> = { 1: '#N/A', 5: '#DIV/0!', 6: '#NUM!', 7: '#VALUE!', 8: '#NULL!' };
const UNHANDLED_ERROR = '#VALUE!';
/** Excel keeps a custom error message only for `#VALUE!` and `#N/A` (errors page above; `CustomFunctionError._getMessage`). */
const ERRORS_WITH_MESSAGE = new Set(['#VALUE!', '#N/A']);

/** An error a function returned (not threw): the runtime sends its `toJSON()` as the value (excel-web-16.00.debug.js 62379-62389). */
interface ReturnedError {
  valueType: 'CustomFunctionError';
  code: string;
  message?: string;
}

function isReturnedError(value: unknown): value is ReturnedError {
  return typeof value === 'object' && value !== null && (value as ReturnedError).valueType === 'CustomFunctionError' && typeof (value as ReturnedError).code === 'string';
}

function withMessage(error: string, message: unknown): AddInResult {
  return typeof message === 'string' && message !== '' && ERRORS_WITH_MESSAGE.has(error) ? { ok: false, error, message } : { ok: false, error };
}

/** What a cell shows for the runtime's answer. */
export function addInResultOf(result: InvocationResult): AddInResult {
  if (result.failed) return withMessage(EXCEL_ERROR_OF_CODE[result.errorCode ?? 0] ?? UNHANDLED_ERROR, result.value);
  if (isReturnedError(result.value)) return withMessage(result.value.code, result.value.message);
  return { ok: true, value: result.value };
}

/** The realm's rich-API channel (`OSF.DDA.RichApi.richApiMessageManager`, the stub `connectOfficeJs` installs). */
interface RichApiChannel {
  send(message: { entries: { messageCategory: number; messageType: number; targetId: string; message: string }[] }): void;
}

interface RuntimeGlobals {
  OSF?: { DDA?: { RichApi?: { richApiMessageManager?: Partial<RichApiChannel> } } };
}

function richApiChannelOf(scope: object): RichApiChannel {
  const channel = (scope as RuntimeGlobals).OSF?.DDA?.RichApi?.richApiMessageManager;
  if (typeof channel?.send !== 'function') throw new Error('Office.js is not connected to the emulator (connectOfficeJs): there is no rich-API channel to send invocations on.');
  return channel as RichApiChannel;
}

/** Invocation ids are unique within a realm: the runtime keys its result buffer by them, whichever host asked. */
const realmInvocationIds = new WeakMap<object, { next: number }>();

/** {@link AddInFunctions} over Office.js's custom-functions runtime in `scope`, for the functions of `metadata`. */
export class RuntimeAddInFunctions implements AddInFunctions {
  private readonly byName = new Map<string, FunctionMetadata>();
  private readonly byId = new Map<string, FunctionMetadata>();
  /** Calls sent and not yet answered (streaming ones stay), by invocation id. */
  private readonly waiting = new Map<number, { index: number; streaming: boolean; onResult: (index: number, result: AddInResult) => void }>();
  private readonly ready: Promise<void>;

  constructor(private readonly scope: object, channel: CustomFunctionsChannel, metadata: FunctionsMetadata, namespace: string) {
    for (const fn of metadata.functions) {
      this.byName.set(`${namespace}.${fn.name}`.toUpperCase(), fn);
      this.byId.set(fn.id.toUpperCase(), fn);
    }
    this.ready = officeLoaderOf(scope).customFunctionsReady;
    channel.onResults((results) => this.answer(results));
  }

  /** Resolves once the runtime has said it is ready; calls made before wait for it. */
  whenReady(): Promise<void> {
    return this.ready;
  }

  idOf(formulaName: string): string | null {
    return this.byName.get(formulaName.toUpperCase())?.id ?? null;
  }

  returnsMatrix(id: string): boolean {
    return this.byId.get(id.toUpperCase())?.result?.dimensionality === 'matrix';
  }

  invoke(calls: readonly AddInCall[], onResult: (index: number, result: AddInResult) => void): void {
    if (calls.length === 0) return;
    this.ready.then(() => this.send(calls, onResult)).catch((error: unknown) => {
      // The runtime refused the message (its handler threw): every call fails as an unhandled error would, with the reason.
      const message = error instanceof Error ? error.message : String(error);
      calls.forEach((_call, index) => onResult(index, { ok: false, error: UNHANDLED_ERROR, message }));
    });
  }

  private send(calls: readonly AddInCall[], onResult: (index: number, result: AddInResult) => void): void {
    let ids = realmInvocationIds.get(this.scope);
    if (!ids) realmInvocationIds.set(this.scope, (ids = { next: 1 }));
    const invocations = calls.map((call, index) => {
      const fn = this.byId.get(call.id.toUpperCase());
      const options = fn?.options;
      const flags = (options?.cancelable ? CANCELABLE_FLAG : 0) | (options?.stream ? STREAMING_FLAG : 0);
      return { invocationId: ids.next++, index, streaming: Boolean(options?.stream), call, flags, parameters: fn?.parameters };
    });
    // `[invocationId, functionName (the metadata id), parameterValues, address, flags]`, as a JSON string like Excel's.
    const entries = invocations.map(({ invocationId, call, flags, parameters }) => ({
      messageCategory: CUSTOM_FUNCTIONS_MESSAGE_CATEGORY,
      messageType: INVOCATION_MESSAGE_TYPE,
      targetId: '',
      message: JSON.stringify([invocationId, call.id, parameterValues(call.args, parameters), call.address, flags]),
    }));
    // The runtime reads the whole message before it invokes anything (`_handleMessage`): if it throws, no call ran.
    // Results come later (its first flush is 50 ms after the first result), so the calls wait from here.
    richApiChannelOf(this.scope).send({ entries });
    for (const { invocationId, index, streaming } of invocations) this.waiting.set(invocationId, { index, streaming, onResult });
  }

  /** Results for calls of other instances (or already answered) are not this one's: left alone. */
  private answer(results: InvocationResult[]): void {
    for (const result of results) {
      const call = this.waiting.get(result.invocationId);
      if (!call) continue;
      if (!call.streaming) this.waiting.delete(result.invocationId);
      call.onResult(call.index, addInResultOf(result));
    }
  }
}

/** The platform `Office.onReady` reports for a host profile (office.js's `Office.PlatformType`). */
function platformOf(host: ExcelHost): string {
  return host.profile.name === 'web' ? 'OfficeOnline' : 'PC';
}

/**
 * Starts the add-in's runtime on `scope` (where Office.js is loaded and connected to `host` by `connectOfficeJs`),
 * as Excel does once the add-in's page has loaded: `Office.onReady` resolves, Office.js's custom-functions runtime
 * registers its message handler and tells the host it is ready. Returns the add-in's functions, named
 * `<namespace>.<name>` in formulas (manifest `Functions.Namespace`), for the formula engine; await `whenReady()` to
 * know the runtime is there (calls made before wait anyway). The add-in's code associates its functions with
 * `CustomFunctions.associate(id, fn)` before or after.
 */
export function connectCustomFunctions(host: ExcelHost, scope: object, metadata: FunctionsMetadata, namespace: string): RuntimeAddInFunctions {
  const loader = officeLoaderOf(scope);
  host.customFunctions.onReady(() => loader.markCustomFunctionsReady());
  const functions = new RuntimeAddInFunctions(scope, host.customFunctions, metadata, namespace);
  loader.start({ host: 'Excel', platform: platformOf(host) });
  return functions;
}

/**
 * A formula's arguments as Excel passes them to the function, one value per declared parameter: an omitted optional
 * one as `null`, and the values of a repeating (last) parameter as one array
 * (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options). Unknown functions get
 * the arguments as written.
 */
function parameterValues(args: readonly unknown[], parameters: FunctionMetadata['parameters']): unknown[] {
  if (!parameters) return [...args];
  const last = parameters.length - 1;
  return parameters.map((parameter, i) => (i === last && parameter.repeating ? args.slice(i) : args[i] ?? null));
}
