import type { HostRequest } from './excel-host';
import { ActionType } from './excel-host/host/protocol';

const CUSTOM_FUNCTIONS_OBJECT = 'Microsoft.ExcelServices.CustomFunctions';

/** One request the pane's Office.js sent the host, for benchmarks and tests reading `window.workbench.requests`. */
export interface LoggedRequest {
  /** A request only releasing kept ranges, which Office.js sends without waiting for it (not a sync). */
  cleanup: boolean;
  /**
   * A request of Office.js's custom-functions runtime (its handshake, the functions' results), on the
   * `Microsoft.ExcelServices.CustomFunctions` object: the functions' traffic, not the pane's.
   */
  customFunctions: boolean;
  /** `performance.now()` of the page: when the host received it and when its answer left. */
  receivedAt: number;
  answeredAt: number;
  /** What it asked, in short: each query's object and properties, each method and property set, in order. */
  actions: string[];
}

/** What a request asks, one phrase per query, method or property set (instantiations and traces left out). */
export function describeRequest({ body, cleanup, receivedAt, answeredAt }: HostRequest): LoggedRequest {
  const pathName = (id: number) => body.ObjectPaths[String(id)]?.Name ?? '?';
  const actions = body.Actions.flatMap((action) => {
    switch (action.ActionType) {
      case ActionType.query: return [`load ${pathName(action.ObjectPathId)}(${(action.QueryInfo?.Select ?? []).join(',')})`];
      case ActionType.method: return [`${pathName(action.ObjectPathId)}.${action.Name}()`];
      case ActionType.setProperty: return [`set ${pathName(action.ObjectPathId)}.${action.Name}`];
      default: return [];
    }
  });
  // A request of nothing else (an object fetched for its id, a trace): said too, so no sync reads as empty.
  if (actions.length === 0) {
    for (const action of body.Actions) actions.push(action.ActionType === ActionType.trace ? 'trace' : `get ${pathName(action.ObjectPathId)}`);
  }
  const customFunctions = Object.values(body.ObjectPaths).some((path) => path?.Name === CUSTOM_FUNCTIONS_OBJECT);
  return { cleanup, customFunctions, receivedAt, answeredAt, actions };
}
