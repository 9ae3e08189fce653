import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { prepareOfficeLoader } from '../host/custom-functions-loader';

/**
 * Loads Microsoft's Excel API library (the Excel on the web build Office.js itself loads) into a JavaScript
 * realm: this process's main one by default (benchmarks), or a Jest test's (test/support/office-js-environment.ts
 * passes its global and a runner for its context). The library expects a browser: `window` is the global
 * object, and the few DOM calls it makes while loading (a trace element lookup, link parsing) get a minimal
 * `document`. Office's loader (office.js) has set up what the library's custom-functions runtime needs by then
 * (`prepareOfficeLoader`); the runtime starts only when the emulator starts the add-in's runtime.
 */
const LIBRARY = require.resolve('@microsoft/office-js/dist/excel-web-16.00.js');
let source: string | undefined;

type Run = (code: string, filename: string) => void;

export function loadOfficeJs(scope: Record<string, unknown> = globalThis as Record<string, unknown>, run: Run = (code, filename) => runInThisContext(code, { filename })): void {
  if (scope.Excel) return;
  scope.window ??= scope;
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
  prepareOfficeLoader(scope);
  source ??= readFileSync(LIBRARY, 'utf8');
  run(source, LIBRARY);
}
