import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';

/**
 * Loads Microsoft's Excel API library (the Excel on the web build Office.js itself loads) into this Node
 * process's main realm, once (benchmarks; Jest tests use test/support/office-js-environment.js, which does
 * the same in each test's realm). The library expects a browser: `window` is the global object, and the
 * few DOM calls it makes while loading (a trace element lookup, link parsing) get a minimal `document`.
 */
const LIBRARY = require.resolve('@microsoft/office-js/dist/excel-web-16.00.js');

export function loadOfficeJs(): void {
  const scope = globalThis as Record<string, unknown>;
  if (scope.Excel) return;
  scope.window ??= globalThis;
  scope.navigator ??= { userAgent: 'node' };
  scope.document ??= {
    getElementById: () => null,
    createElement: () => ({ style: {} }),
    addEventListener: () => undefined,
    querySelectorAll: () => [],
    domain: 'localhost',
    body: null,
    readyState: 'complete',
    cookie: '',
  };
  runInThisContext(readFileSync(LIBRARY, 'utf8'), { filename: LIBRARY });
}
