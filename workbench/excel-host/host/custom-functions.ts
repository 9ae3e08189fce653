import type { AddInCall, AddInFunctions, AddInResult } from '../calc/add-in-functions';
import type { CustomFunctionsChannel, InvocationResult } from './custom-functions-endpoint';
import { officeLoaderOf } from './custom-functions-loader';
import type { ExcelHost } from './excel-host';
import { customFunctionsRuntimeVersion } from './profiles';

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
  parameters?: { name: string; repeating?: boolean; optional?: boolean; dimensionality?: 'scalar' | 'matrix' }[];
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

/**
 * A formatted number, as a function returns it with CustomFunctionsRuntime 1.4 (api-sets.ts): `{ type: 'Double',
 * basicValue, numberFormat }` ("Output a formatted number",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-data-types-concepts), or the deprecated
 * `FormattedNumber` of ExcelApi 1.16 (https://learn.microsoft.com/javascript/api/excel/excel.formattednumbercellvalue).
 * The runtime sends such a plain object as it is (docs/research/formulas-issue-40.md §3).
 */
interface FormattedNumber {
  type: 'Double' | 'FormattedNumber';
  basicValue: number;
  numberFormat?: string;
}

function isFormattedNumber(value: unknown): value is FormattedNumber {
  const type = (value as Partial<FormattedNumber> | null)?.type;
  return (type === 'Double' || type === 'FormattedNumber') && typeof (value as FormattedNumber).basicValue === 'number';
}

/**
 * A result's formatted numbers as their numbers, and their formats beside (a matrix may mix them with plain values).
 * A host without CustomFunctionsRuntime 1.4 takes the numbers alone: "if the minimum compatibility requirements for
 * data types aren't met, calculations use basicValue"
 * (https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-concepts#formatted-number-values).
 */
function valueResult(value: unknown, formattedNumbers: boolean): AddInResult {
  if (isFormattedNumber(value)) return formattedNumbers ? { ok: true, value: value.basicValue, formats: [[value.numberFormat ?? null]] } : { ok: true, value: value.basicValue };
  const rows = Array.isArray(value) && value.every(Array.isArray) ? (value as unknown[][]) : null;
  if (!rows?.some((row) => row.some(isFormattedNumber))) return { ok: true, value };
  const numbers = rows.map((row) => row.map((cell) => (isFormattedNumber(cell) ? cell.basicValue : cell)));
  if (!formattedNumbers) return { ok: true, value: numbers };
  return { ok: true, value: numbers, formats: rows.map((row) => row.map((cell) => (isFormattedNumber(cell) ? cell.numberFormat ?? null : null))) };
}

/** What a cell shows for the runtime's answer; `formattedNumbers`: the host has CustomFunctionsRuntime 1.4. */
export function addInResultOf(result: InvocationResult, formattedNumbers: boolean): AddInResult {
  if (result.failed) return withMessage(EXCEL_ERROR_OF_CODE[result.errorCode ?? 0] ?? UNHANDLED_ERROR, result.value);
  if (isReturnedError(result.value)) return withMessage(result.value.code, result.value.message);
  return valueResult(result.value, formattedNumbers);
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
  /** Formula names by id and language (`RS.VALUE`, `RS.WERT`). */
  private readonly names = new Map<string, { invariant: string; local: string }>();
  /** Calls sent and not yet answered (streaming ones stay), by invocation id. */
  private readonly waiting = new Map<number, { index: number; streaming: boolean; onResult: (index: number, result: AddInResult) => void }>();
  private readonly ready: Promise<void>;

  /**
   * `metadata` names the functions in the workbench's language, `invariant` in English (the same file in English).
   * `formattedNumbers`: the host has CustomFunctionsRuntime 1.4, so formatted numbers keep their formats.
   */
  constructor(private readonly scope: object, channel: CustomFunctionsChannel, metadata: FunctionsMetadata, namespace: string, private readonly formattedNumbers: boolean, invariant = metadata) {
    for (const fn of metadata.functions) {
      const local = `${namespace}.${fn.name}`.toUpperCase();
      const english = invariant.functions.find((f) => f.id === fn.id)?.name;
      const names = { local, invariant: english === undefined ? local : `${namespace}.${english}`.toUpperCase() };
      this.names.set(fn.id.toUpperCase(), names);
      this.byName.set(names.local, fn);
      this.byName.set(names.invariant, fn);
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

  nameOf(id: string, language: 'invariant' | 'local'): string | null {
    return this.names.get(id.toUpperCase())?.[language] ?? null;
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
      call.onResult(call.index, addInResultOf(result, this.formattedNumbers));
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
 * `CustomFunctions.associate(id, fn)` before or after. `metadata` is the file of the workbench's language (the
 * manifest's override, functions-de.json), `invariant` the English functions.json: Excel keeps a function by its id
 * and shows it in the user's language ("The `id` is not localized",
 * https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-naming#localize-custom-functions).
 */
export function connectCustomFunctions(host: ExcelHost, scope: object, metadata: FunctionsMetadata, namespace: string, invariant = metadata): RuntimeAddInFunctions {
  const loader = officeLoaderOf(scope);
  host.customFunctions.onReady(() => loader.markCustomFunctionsReady());
  const formattedNumbers = Number(customFunctionsRuntimeVersion(host.profile.otherSets) ?? 0) >= 1.4;
  const functions = new RuntimeAddInFunctions(scope, host.customFunctions, metadata, namespace, formattedNumbers, invariant);
  loader.start({ host: 'Excel', platform: platformOf(host) });
  return functions;
}

/**
 * A formula's arguments as Excel passes them to the function, one value per declared parameter: an omitted optional
 * one as `null`, the values of a repeating (last) parameter as one array, and a matrix parameter's value as a 2-D array
 * (a range or array constant as it is, a single value as [[value]]), so a repeating matrix parameter gets an array of
 * 2-D arrays (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-parameter-options, "Range
 * parameters" and "Repeating parameters"). Unknown functions get the arguments as written.
 */
function parameterValues(args: readonly unknown[], parameters: FunctionMetadata['parameters']): unknown[] {
  if (!parameters) return [...args];
  const last = parameters.length - 1;
  return parameters.map((parameter, i) => {
    const shaped = (value: unknown) => (parameter.dimensionality === 'matrix' ? asMatrix(value) : value);
    return i === last && parameter.repeating ? args.slice(i).map(shaped) : args[i] === undefined || args[i] === null ? null : shaped(args[i]);
  });
}

/** A matrix parameter's value: a range or array constant as its 2-D array, a single value as a 1×1 one. */
function asMatrix(value: unknown): unknown {
  return Array.isArray(value) ? value : [[value]];
}
