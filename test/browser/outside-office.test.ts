import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser } from './support/browser';
import { buildForBrowserTests } from './support/build';
import { axeViolations } from './support/pane';
import { serveBuild } from './support/serve';

jest.setTimeout(240_000);

const root = join(__dirname, '..', '..');
// Where the other browser tests keep theirs (support/workbench.ts), without starting a platform this test does not need.
const screenshots = join(root, 'test-results', 'screenshots');

test('the task pane opened in a plain browser says it must run in Excel and how to add it there, and throws nothing', async () => {
  const build = await buildForBrowserTests();
  // No platform behind it: outside Office the pane asks nothing of one.
  const server = await serveBuild(build, join(root, 'node_modules', '@microsoft', 'office-js', 'dist'));
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    // A task pane's width.
    await page.setViewportSize({ width: 360, height: 640 });
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 400) problems.push(`${response.status()} for ${response.url()}`);
    });
    page.on('console', (message) => {
      // Chromium asks a top-level page for /favicon.ico by itself (Office's task pane does not); the add-in has none.
      if (message.type() === 'error' && new URL(message.location().url || 'about:blank').pathname !== '/favicon.ico') problems.push(`console error: ${message.text()} (${message.location().url})`);
    });

    await page.goto(`${server.url}/taskpane.html`);
    await page.getByText('Open this add-in in Excel').waitFor();
    await page.getByText(/Upload My Add-in/).waitFor();
    // The workbench link is for development builds (webpack's mode `development`, as `npm start` runs); the shared
    // test build passes no mode, so webpack builds it in production mode and the pane rightly offers none. The
    // link itself is checked in test/unit/outside-office.test.tsx.
    expect(await page.getByRole('link').count()).toBe(0);

    // Nothing goes on waiting: no spinner, no sign-in, no search for placements, now or a moment later.
    await page.waitForTimeout(1_000);
    expect(await page.getByRole('progressbar').count()).toBe(0);
    expect(await page.getByText(/Looking for placements|Loading/).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(0);

    expect(await axeViolations(page, null)).toEqual([]);
    mkdirSync(screenshots, { recursive: true });
    await page.screenshot({ path: join(screenshots, 'outside-office.png') });
    expect(problems).toEqual([]);
  } finally {
    await browser.close();
    await server.close();
  }
});
