import { HostCollection, HostObject } from './host-object';
import type { Action } from './protocol';

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Adds `path` (segments of a `load` such as `format/font/bold`) to `answer`, as PascalCase keys. */
function addPath(object: HostObject, answer: Record<string, unknown>, path: string[], check: ApiCheck): void {
  const [first, ...rest] = path;
  const member = pascal(first!);
  check(object.type, member);
  const value = object.get(member);
  if (value instanceof HostObject) {
    const nested = (answer[member] as Record<string, unknown> | undefined) ?? {};
    if (rest.length) addPath(value, nested, rest, check);
    else Object.assign(nested, answerObject(value, undefined, undefined, check));
    answer[member] = nested;
  } else answer[member] = value;
}

type ApiCheck = (type: string, member: string) => void;

function answerObject(object: HostObject, select: string[] | null | undefined, expand: string[] | null | undefined, check: ApiCheck): Record<string, unknown> {
  const answer: Record<string, unknown> = {};
  const paths = select?.length ? select : object.defaultProperties.map((name) => name.charAt(0).toLowerCase() + name.slice(1));
  for (const path of paths) addPath(object, answer, path.split('/'), check);
  for (const path of expand ?? []) addPath(object, answer, path.split('/'), check);
  return answer;
}

/**
 * The value of a query action: the selected properties with PascalCase keys (what the generated
 * `_handleResult` methods of Office.js read), nested for navigation properties; for a collection, its items
 * under `_Items`, each with the `_Id` Office.js uses to address it later.
 */
export function answerQuery(object: HostObject, query: Action['QueryInfo'], check: ApiCheck): Record<string, unknown> {
  if (object instanceof HostCollection) {
    let items = object.items();
    if (query?.Skip) items = items.slice(query.Skip);
    if (query?.Top !== undefined && query?.Top !== null && query.Top >= 0) items = items.slice(0, query.Top);
    return { _Items: items.map(({ key, item }) => ({ ...answerObject(item, query?.Select, query?.Expand, check), _Id: key })) };
  }
  return answerObject(object, query?.Select, query?.Expand, check);
}
