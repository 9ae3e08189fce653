import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { PlatformOptions } from '../../../server/app';
import { startTestPlatform, type TestPlatform } from '../../support/local-platform';
import { launchBrowser } from './browser';
import { buildForBrowserTests } from './build';
import { serveBuild, type StaticServer } from './serve';

const root = join(__dirname, '..', '..', '..');
export const screenshots = join(root, 'test-results', 'screenshots');

export interface Workbench {
  platform: TestPlatform;
  server: StaticServer;
  page: Page;
  close(): Promise<void>;
}

/**
 * The built add-in served on loopback, a local platform behind it (reached through the page's own origin,
 * as behind the dev server) and a Chromium page: everything a browser test of the workbench needs.
 */
export async function startWorkbench(options: Partial<PlatformOptions> = {}): Promise<Workbench> {
  const build = await buildForBrowserTests();
  const server = await serveBuild(build, join(root, 'node_modules', '@microsoft', 'office-js', 'dist'));
  const platform = await startTestPlatform({ ...options, publicUrl: server.url });
  server.platformUrl = platform.platform.url;
  const browser = await launchBrowser();
  const page = await browser.context.newPage();
  mkdirSync(screenshots, { recursive: true });
  return {
    platform,
    server,
    page,
    close: async () => {
      await browser.close();
      await server.close();
      await platform.close();
    },
  };
}

/**
 * Registers a workbench for the test file (started before its tests, closed after them). Read the
 * returned object's properties inside tests: they are set once `beforeAll` has run.
 */
export function useWorkbench(options: Partial<PlatformOptions> = {}): { readonly workbench: Workbench; readonly platform: TestPlatform; readonly page: Page } {
  let current: Workbench | undefined;
  beforeAll(async () => {
    current = await startWorkbench(options);
  });
  afterAll(() => current?.close());
  const started = () => {
    if (!current) throw new Error('the workbench has not started');
    return current;
  };
  return {
    get workbench() {
      return started();
    },
    get platform() {
      return started().platform;
    },
    get page() {
      return started().page;
    },
  };
}
