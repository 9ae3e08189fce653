/**
 * Jest environment for tests that run the add-in's Excel code: Node's, plus Microsoft's Excel API library
 * (the Excel on the web build Office.js loads) run in the test's own realm, as a script tag would run it.
 * The library expects a browser: `window` is the global object, and the few DOM calls it makes while
 * loading (a trace element lookup, link parsing) get a minimal `document`. Used per file with
 * `@jest-environment ./test/support/office-js-environment.js`.
 */
const { readFileSync } = require('node:fs');
const { runInContext } = require('node:vm');
const { TestEnvironment } = require('jest-environment-node');

const LIBRARY = require.resolve('@microsoft/office-js/dist/excel-web-16.00.js');
const source = readFileSync(LIBRARY, 'utf8');

class OfficeJsEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    const scope = this.global;
    scope.window = scope;
    scope.navigator = scope.navigator ?? { userAgent: 'node' };
    scope.document = {
      getElementById: () => null,
      createElement: () => ({ style: {} }),
      addEventListener: () => undefined,
      querySelectorAll: () => [],
      domain: 'localhost',
      body: null,
      readyState: 'complete',
      cookie: '',
    };
    runInContext(source, this.getVmContext(), { filename: LIBRARY });
  }
}

module.exports = OfficeJsEnvironment;
