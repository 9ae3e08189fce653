import { ErrorCodes, HostError, hostError } from '../workbook/host-error';
import type { SheetModel, WorkbookModel } from '../workbook/workbook-model';
import { CUSTOM_FUNCTIONS_OBJECT_NAME, CustomFunctionsChannel, CustomFunctionsObject } from './custom-functions-endpoint';
import { invalidArgument, type HostObject } from './host-object';
import { HOST_PROFILES, type HostProfile } from './profiles';
import { ActionType, type ActionResult, type RequestBody, type ResponseMessage } from './protocol';
import { RequestRun, type RequestHost } from './request-run';
import { Worksheet } from './worksheet';

export interface HostStats {
  /** Requests the add-in sent and waited for (each `context.sync()` with something in it). */
  syncs: number;
  /**
   * Requests that only release kept ranges (`_RemoveReference`): Office.js sends one after an `Excel.run` that
   * kept any, without the add-in waiting for it (`attemptCleanup` in `Excel.run`). Counted apart from syncs.
   */
  cleanupRequests: number;
  requestBytes: number;
  largestRequestBytes: number;
  responseBytes: number;
  largestResponseBytes: number;
}

export interface HostOptions {
  profile?: HostProfile['name'];
  /** Added before each request is answered, to model the round trip to a remote host. */
  delayMs?: number;
  /**
   * Fails a request as a host would (a lost connection, a busy host): return an error code to refuse it
   * before anything in it is carried out. Sees the request's number (from 1) and its body.
   */
  failRequest?: (request: { number: number; body: RequestBody }) => string | undefined;
  /** Hears of each request once answered, with when it came and when its answer left (`performance.now()`). */
  onRequest?: (request: HostRequest) => void;
}

/** One request as the host saw it: a sync the add-in waited for, or a cleanup it did not. */
export interface HostRequest {
  cleanup: boolean;
  body: RequestBody;
  receivedAt: number;
  answeredAt: number;
}

const encoder = new TextEncoder();
const bytesOf = (value: unknown) => encoder.encode(JSON.stringify(value)).length;

/**
 * The Excel host behind Microsoft's Office.js: it receives each serialized request (object paths and
 * actions), carries it out on the workbook model, and answers in the response format Office.js reads.
 * Sizes are those of the real messages; a request over the profile's limit is refused whole, as Excel
 * on the web does, and an action that fails stops the rest of its request (what ran before it stays).
 */
export class ExcelHost implements RequestHost {
  readonly profile: HostProfile;
  readonly stats: HostStats = { syncs: 0, cleanupRequests: 0, requestBytes: 0, largestRequestBytes: 0, responseBytes: 0, largestResponseBytes: 0 };
  /** The user is typing in a cell: Excel refuses writes until they leave edit mode (kept on the model, which the grid edits). */
  get editingCell(): boolean {
    return this.model.editingCell;
  }

  set editingCell(editing: boolean) {
    this.model.editingCell = editing;
  }
  /** Objects Office.js keeps across syncs (`_KeepReference`), by the reference id given for them. */
  private readonly references = new Map<string, HostObject>();
  private nextReference = 1;
  /**
   * Worksheets whose `onChanged` the add-in registered (`_RegisterDataChangedEvent`), with how many times:
   * Excel raises WorksheetChanged only for those (https://learn.microsoft.com/office/dev/add-ins/excel/excel-add-ins-events).
   */
  readonly dataChangedRegistrations = new Map<string, number>();
  /**
   * How many handlers the add-in registered on the worksheet collection's `onNameChanged` (ExcelApi 1.17,
   * https://learn.microsoft.com/javascript/api/excel/excel.worksheetcollection#excel-excel-worksheetcollection-onnamechanged-member):
   * while any is, each sheet renamed raises WorksheetNameChanged.
   */
  sheetNameChangedRegistrations = 0;
  /** What Office.js's custom-functions runtime told this host: that it is ready, and the results of invocations. */
  readonly customFunctions = new CustomFunctionsChannel();

  constructor(readonly model: WorkbookModel, readonly options: HostOptions = {}) {
    this.profile = HOST_PROFILES[options.profile ?? 'web'];
  }

  assertWritable(sheet?: SheetModel): void {
    if (this.editingCell) {
      throw hostError('invalidOperationInCellEditMode');
    }
    if (sheet?.protected) {
      // Writes to a protected sheet's locked cells: AccessDenied (https://learn.microsoft.com/en-us/javascript/api/excel/excel.alloweditrange).
      throw hostError('accessDenied');
    }
  }

  worksheet(sheet: SheetModel): HostObject {
    return new Worksheet(this, sheet);
  }

  /** @internal Counts a worksheet's `onChanged` registration (+1) or its removal (-1). */
  registerDataChanged(sheetId: string, delta: 1 | -1): void {
    const count = Math.max(0, (this.dataChangedRegistrations.get(sheetId) ?? 0) + delta);
    if (count === 0) this.dataChangedRegistrations.delete(sheetId);
    else this.dataChangedRegistrations.set(sheetId, count);
  }

  /** @internal Counts a registration of the worksheet collection's `onNameChanged` (+1) or its removal (-1). */
  registerSheetNameChanged(delta: 1 | -1): void {
    this.sheetNameChangedRegistrations = Math.max(0, this.sheetNameChangedRegistrations + delta);
  }

  /** Starts counting syncs and bytes afresh (benchmarks measure one use case at a time). */
  resetStats(): void {
    Object.assign(this.stats, { syncs: 0, cleanupRequests: 0, requestBytes: 0, largestRequestBytes: 0, responseBytes: 0, largestResponseBytes: 0 });
  }

  async execute(body: RequestBody): Promise<ResponseMessage> {
    const receivedAt = performance.now();
    const response = await this.answer(body);
    this.options.onRequest?.({ cleanup: isCleanup(body), body, receivedAt, answeredAt: performance.now() });
    return response;
  }

  private async answer(body: RequestBody): Promise<ResponseMessage> {
    const requestBytes = bytesOf(body);
    const stats = this.stats;
    const cleanup = isCleanup(body);
    if (cleanup) stats.cleanupRequests += 1;
    else stats.syncs += 1;
    stats.requestBytes += requestBytes;
    stats.largestRequestBytes = Math.max(stats.largestRequestBytes, requestBytes);
    if (this.options.delayMs) await new Promise((resolve) => setTimeout(resolve, this.options.delayMs));
    const injected = cleanup ? undefined : this.options.failRequest?.({ number: stats.syncs, body });
    if (injected) return requestError(injected, `The host could not complete the request (${injected}).`);
    const { requestLimitBytes, responseLimitBytes } = this.profile;
    if (requestLimitBytes !== null && requestBytes > requestLimitBytes) {
      return requestError(ErrorCodes.requestPayloadSizeLimitExceeded, 'The request payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".');
    }
    const results: ActionResult[] = [];
    // Trace actions reached are echoed back: Office.js registers event handlers only for those it sees.
    const traceIds: number[] = [];
    let error: NonNullable<ResponseMessage['Body']>['Error'];
    const run = new RequestRun(this, body);
    // What this request changes is the add-in's own (WorksheetChangedEventArgs.triggerSource 'ThisLocalAddin').
    this.model.addinWriting = true;
    try {
      for (const [index, action] of body.Actions.entries()) {
        try {
          if (action.ActionType === ActionType.trace) traceIds.push(action.Id);
          const value = run.perform(action);
          if (value !== undefined) results.push({ ActionId: action.Id, Value: value });
        } catch (thrown) {
          const cause = thrown instanceof HostError ? thrown : new HostError(ErrorCodes.generalException, thrown instanceof Error ? thrown.message : String(thrown), 500);
          error = { Code: cause.code, Message: cause.message, HttpStatusCode: cause.httpStatusCode, ActionIndex: index, Location: '' };
          break;
        } finally {
          // Each action is one operation: one `values` set is one change event, whatever its size.
          this.model.endOperation();
        }
      }
    } finally {
      this.model.addinWriting = false;
    }
    const response: ResponseMessage = { ErrorCode: '', ErrorMessage: '', HttpStatusCode: 200, Headers: {}, Body: { Results: results, TraceIds: traceIds, ...(error ? { Error: error } : {}) } };
    const responseBytes = bytesOf(response.Body);
    stats.responseBytes += responseBytes;
    stats.largestResponseBytes = Math.max(stats.largestResponseBytes, responseBytes);
    // What ran stays, even when the answer is then refused: the listeners (and Excel's events) hear of it.
    this.model.notify();
    if (responseLimitBytes !== null && responseBytes > responseLimitBytes) {
      return requestError(ErrorCodes.responsePayloadSizeLimitExceeded, 'The response payload size has exceeded the limit. Please refer to the documentation: "https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins".');
    }
    return response;
  }

  /**
   * @internal An object a request creates (`ObjectPathType` 2, NewObject): only the custom-functions runtime's
   * `Microsoft.ExcelServices.CustomFunctions` (`CustomFunctionRequestContext`, excel-web-16.00.debug.js 62271-62276).
   */
  newObject(name: string): HostObject {
    if (name === CUSTOM_FUNCTIONS_OBJECT_NAME) return new CustomFunctionsObject(this, this.customFunctions);
    throw invalidArgument(`No object ${name} can be created.`);
  }

  /** @internal */
  keep(object: HostObject): string {
    const id = `{R${this.nextReference++}}`;
    this.references.set(id, object);
    return id;
  }

  /** @internal */
  referenced(id: string): HostObject {
    const object = this.references.get(id);
    if (!object) throw new HostError(ErrorCodes.invalidReference, 'This reference is not valid for the current operation.');
    return object;
  }

  /** @internal */
  release(id: string): void {
    this.references.delete(id);
  }
}

/** A request that only releases kept ranges (see `HostStats.cleanupRequests`). */
function isCleanup(body: RequestBody): boolean {
  return body.Actions.some((a) => a.Name === '_RemoveReference') && body.Actions.every((a) => a.ActionType === ActionType.instantiate || a.Name === '_RemoveReference');
}

function requestError(code: string, message: string): ResponseMessage {
  return { ErrorCode: code, ErrorMessage: message, HttpStatusCode: 400, Headers: {}, Body: null };
}
