import { HostObject, invalidArgument, type HostScope } from './host-object';

/**
 * The host's end of Office.js's custom-functions runtime: the object its requests create on the NewObject path
 * `Microsoft.ExcelServices.CustomFunctions` (`CustomFunctions.newObject`, excel-web-16.00.debug.js 62273), and
 * what the emulator does with what the runtime sends there (docs/research/custom-functions.md §4).
 */

/** The path name of the object (`ObjectPathType` 2, NewObject). */
export const CUSTOM_FUNCTIONS_OBJECT_NAME = 'Microsoft.ExcelServices.CustomFunctions';

/** One invocation's answer, as the runtime buffers it (`_setResultWithOutboundData` / `_setErrorWithOutboundData`). */
export interface InvocationResult {
  invocationId: number;
  failed: boolean;
  /** The value, or for a failure the message (`""` when there is none). */
  value: unknown;
  /** For a failure: the runtime's result error code (`_getCustomFunctionResultErrorCodeFromErrorCode`). */
  errorCode?: number;
}

type ResultsListener = (results: InvocationResult[]) => void;

/** What the runtime told the host: that it is ready, and the results of invocations, request by request. */
export class CustomFunctionsChannel {
  private readyListeners: (() => void)[] = [];
  private readonly resultsListeners = new Set<ResultsListener>();
  private isReady = false;

  /** Runs `listener` once the runtime says it is ready (at once if it already did). */
  onReady(listener: () => void): void {
    if (this.isReady) listener();
    else this.readyListeners.push(listener);
  }

  /** Hears the results of each request that carries some (`SetInvocationArrayResults` / `SetInvocationResults`); returns the unsubscribe. */
  onResults(listener: ResultsListener): () => void {
    this.resultsListeners.add(listener);
    return () => this.resultsListeners.delete(listener);
  }

  /** @internal `_SetOsfControlContainerReadyForCustomFunctions`: invocations may now be sent. */
  ready(): void {
    this.isReady = true;
    const listeners = this.readyListeners;
    this.readyListeners = [];
    for (const listener of listeners) listener();
  }

  /**
   * @internal Listeners hear the results after the request that brought them, not inside it: a listener that throws
   * fails on its own, loudly, instead of failing the runtime's request, which the runtime would retry for a minute
   * (`_restoreResultEntries`, excel-web-16.00.debug.js 62895-62907).
   */
  deliver(results: InvocationResult[]): void {
    for (const listener of [...this.resultsListeners]) queueMicrotask(() => listener(results));
  }
}

/**
 * `[invocationId, true, value]` or `[invocationId, false, message, errorCode]`, with the outbound data appended from
 * CustomFunctions 1.9 (`_convertCustomFunctionInvocationResultToArray`, excel-web-16.00.debug.js 62866-62871).
 */
function fromArrayResult(entry: unknown): InvocationResult {
  if (!Array.isArray(entry) || typeof entry[0] !== 'number' || typeof entry[1] !== 'boolean') throw invalidArgument(`Not an invocation result: ${JSON.stringify(entry)}.`);
  const [invocationId, succeeded, value, errorCode] = entry as [number, boolean, unknown, unknown];
  return succeeded ? { invocationId, failed: false, value } : { invocationId, failed: true, value, errorCode: typeof errorCode === 'number' ? errorCode : 0 };
}

/** `{ id, value, failed?, errorCode? }`, the form before CustomFunctions 1.7 (`setInvocationResults`, excel-web-16.00.debug.js 62888). */
function fromObjectResult(entry: unknown): InvocationResult {
  const result = entry as { id?: unknown; value?: unknown; failed?: unknown; errorCode?: unknown } | null;
  if (typeof result?.id !== 'number') throw invalidArgument(`Not an invocation result: ${JSON.stringify(entry)}.`);
  if (result.failed !== true) return { invocationId: result.id, failed: false, value: result.value };
  return { invocationId: result.id, failed: true, value: result.value, errorCode: typeof result.errorCode === 'number' ? result.errorCode : 0 };
}

function resultsArgument(args: unknown[]): unknown[] {
  if (!Array.isArray(args[0])) throw invalidArgument('The invocation results are missing.');
  return args[0];
}

/** `Microsoft.ExcelServices.CustomFunctions`, as the runtime's requests reach it. */
export class CustomFunctionsObject extends HostObject {
  readonly type = 'CustomFunctions';

  constructor(scope: HostScope, private readonly channel: CustomFunctionsChannel) {
    super(scope);
  }

  override call(name: string, args: unknown[]): unknown {
    switch (name) {
      case '_SetOsfControlContainerReadyForCustomFunctions':
        this.channel.ready();
        return null;
      case 'SetInvocationArrayResults':
        this.channel.deliver(resultsArgument(args).map(fromArrayResult));
        return null;
      case 'SetInvocationResults':
        this.channel.deliver(resultsArgument(args).map(fromObjectResult));
        return null;
      default:
        return super.call(name, args);
    }
  }
}
