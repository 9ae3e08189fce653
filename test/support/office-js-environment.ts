import { TestEnvironment } from 'jest-environment-node';
import { runInContext } from 'node:vm';
import { loadOfficeJs } from '../../workbench/excel-host/node/load-office-js';

/**
 * Jest environment for tests that run the add-in's Excel code: Node's, plus Microsoft's Excel API library run
 * in the test's own realm, as a script tag would run it. Used per file with
 * `@jest-environment ./test/support/office-js-environment.ts`.
 */
export default class OfficeJsEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    const context = this.getVmContext()!;
    loadOfficeJs(this.global as unknown as Record<string, unknown>, (code, filename) => runInContext(code, context, { filename }));
  }
}
