import type { AddInCall, AddInFunctions, AddInResult } from '../../workbench/excel-host/calc/add-in-functions';

/** Invokes `calls` and resolves with every call's first answer, by index. */
export function invokeAll(functions: AddInFunctions, calls: AddInCall[]): Promise<AddInResult[]> {
  return new Promise((resolve) => {
    const results: AddInResult[] = new Array(calls.length);
    let answered = 0;
    functions.invoke(calls, (index, result) => {
      results[index] = result;
      answered += 1;
      if (answered === calls.length) resolve(results);
    });
  });
}
