/**
 * The messages Microsoft's Office.js sends to its host at each `context.sync()` and the answers it expects,
 * as its `RequestContext` builds and reads them (`buildRequestMessageBodyAndRequestFlags`,
 * `processRequestExecutorResponseMessage` in node_modules/@microsoft/office-js/dist/excel-web-16.00.debug.js).
 */

/** How an object is reached: `ObjectPathType` 1 global, 3 method, 4 property, 5 indexer, 6 reference id. */
export interface ObjectPathInfo {
  Id: number;
  ObjectPathType: number;
  Name: string;
  ParentObjectPathId?: number;
  ArgumentInfo?: ArgumentInfo;
}

export interface ArgumentInfo {
  Arguments?: unknown[];
  /** Per argument: the id of an object path passed as that argument (a `Range` given to `names.add`), or 0. */
  ReferencedObjectPathIds?: unknown[];
}

/** `ActionType` 1 instantiate, 2 query, 3 method, 4 set property, 5 trace. */
export interface Action {
  Id: number;
  ActionType: number;
  Name: string;
  ObjectPathId: number;
  ArgumentInfo?: ArgumentInfo;
  QueryInfo?: { Select?: string[] | null; Expand?: string[] | null; Skip?: number | null; Top?: number | null };
}

export interface RequestBody {
  AutoKeepReference?: boolean;
  Actions: Action[];
  ObjectPaths: Record<string, ObjectPathInfo>;
}

export interface RequestMessage {
  Url: string;
  Headers: Record<string, string>;
  Body: RequestBody;
}

export interface ActionResult {
  ActionId: number;
  Value: unknown;
}

export interface ResponseMessage {
  /** A failure of the whole request (payload limits, a lost host): nothing in it was carried out. */
  ErrorCode: string;
  ErrorMessage: string;
  HttpStatusCode: number;
  Headers: Record<string, string>;
  Body: { Results: ActionResult[]; TraceIds?: number[]; Error?: { Code: string; Message: string; HttpStatusCode: number; ActionIndex: number; Location: string } } | null;
}

export const ActionType = { instantiate: 1, query: 2, method: 3, setProperty: 4, trace: 5 } as const;
export const ObjectPathType = { global: 1, newObject: 2, method: 3, property: 4, indexer: 5, referenceId: 6 } as const;
