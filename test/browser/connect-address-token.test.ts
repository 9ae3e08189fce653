import type { Page } from 'playwright-core';
import type { RunningCubeCore } from '../../server/cube-core';
import { freshWorkbench } from './support/actions';
import { cubeShot, cubeToken, recordRequests, startCubeStandIn } from './support/cube';
import { axeViolations, settledPaint } from './support/pane';
import { useWorkbench } from './support/workbench';

/**
 * Connecting on day one (issue 42), in both modes, through the visible controls: a Cube token without `exp` is taken
 * with a warning and asked for anew once refused; an address typed without a scheme is read as https; a server that
 * answers but sends no CORS headers for the add-in is told as that, not as out of reach.
 */

// The first file to run builds the add-in (minutes on a busy machine).
jest.setTimeout(600_000);

const bench = useWorkbench();
const page = (): Page => bench.page;
let cube: RunningCubeCore;
let strictCube: RunningCubeCore;

beforeAll(async () => {
  cube = await startCubeStandIn([bench.workbench.server.url]);
  // A deployment whose CORS setting names some other address, not the workbench's.
  strictCube = await startCubeStandIn(['https://excel.example.com']);
});
afterAll(async () => {
  await cube?.close();
  await strictCube?.close();
});

const UNDATED = 'This token has no expiry date, so the pane cannot tell when it ends.';

/** The Cube connect form, opened from the start (in German with `german`). */
async function openCubeForm(german = false): Promise<void> {
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html${german ? '?lang=de-DE' : ''}`);
  await page().getByRole('button', { name: german ? 'Stattdessen direkt mit einer Cube-API verbinden' : 'Connect straight to a Cube API instead' }).click();
}

const cubeForm = (german = false) => page().getByRole('form', { name: german ? 'Mit einer Cube-API verbinden' : 'Connect to a Cube API' });

async function connectCube(address: string, token: string, german = false): Promise<void> {
  const form = cubeForm(german);
  await form.getByRole('textbox', { name: german ? /Adresse der Cube-REST-API/ : /Cube REST API address/ }).fill(address);
  await form.getByLabel(german ? /Cube-API-Token/ : /Cube API token/).fill(token);
  await form.getByRole('button', { name: german ? 'Verbinden' : 'Connect' }).click();
}

/** The error the form shows once it says something matching `words`. */
async function formError(form: ReturnType<Page['getByRole']>, words: RegExp | string): Promise<string> {
  const bar = form.locator('.fui-MessageBar').filter({ hasText: words });
  await bar.waitFor();
  return (await bar.innerText()).trim();
}

test('a Cube token without exp connects with a one-line warning; refused later (403), the pane asks for a new one and carries on', async () => {
  await openCubeForm();
  const undated = await cubeToken(cube.apiSecret, null);
  await connectCube(`${cube.url}/cubejs-api`, undated);
  const bar = page().getByRole('group', { name: 'Cube API' });
  await bar.getByText(`Connected to the Cube API at ${new URL(cube.url).host}`).waitFor();
  await bar.getByText(UNDATED).waitFor();
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await cubeShot(page(), 'cube-token-undated');
  // Kept without a date: none made up.
  const stored = await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as { connections: unknown[] });
  expect(stored.connections).toEqual([{ kind: 'cube-api', apiUrl: `${cube.url}/cubejs-api`, token: undated, expiresAt: null }]);

  // The deployment refuses the token at the next request, as Cube answers a token it no longer takes.
  const requests = recordRequests(page());
  cube.faults.set([{ method: 'GET', path: '^/cubejs-api/v1/meta$', status: 403, times: 1 }]);
  await page().getByRole('button', { name: 'New exploration' }).click();
  const ask = page().getByTestId('cube-token-request');
  await ask.getByText('The Cube deployment refused the token').waitFor();
  // The builder waits behind the question with a spinner that never settles: axe checks without waiting for paint.
  expect(await axeViolations(page())).toEqual([]);
  const fresh = await cubeToken(cube.apiSecret);
  await ask.getByRole('textbox', { name: 'New token' }).fill(fresh);
  await ask.getByRole('button', { name: 'Use this token' }).click();
  await ask.waitFor({ state: 'detached' });
  // The builder's request went again with the new token, which has a date: the warning is gone.
  await page().waitForFunction(() => !document.body.innerText.includes('This token has no expiry date'));
  const metas = requests.all.filter((r) => r.url === `${cube.url}/cubejs-api/v1/meta`);
  requests.stop();
  expect(metas.map((r) => r.authorization)).toEqual([undated, fresh]);
  cube.faults.set([]);
});

test('a Cube address typed without a scheme is read as https: the field says so, and the request goes to https', async () => {
  await openCubeForm();
  const port = new URL(cube.url).port;
  const requests = recordRequests(page());
  const address = cubeForm().getByRole('textbox', { name: /Cube REST API address/ });
  await address.fill(`localhost:${port}/cubejs-api`);
  await cubeForm().getByText(`Read as https://localhost:${port}/cubejs-api`).waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  await connectCube(`localhost:${port}/cubejs-api`, await cubeToken(cube.apiSecret));
  // The stand-in speaks plain http: https to it gets no answer, which is told (and nothing went by plain http).
  await cubeForm().locator('.fui-MessageBar').waitFor();
  requests.stop();
  const toCube = requests.all.filter((r) => new URL(r.url).port === port).map((r) => `${r.method} ${r.url}`);
  expect(toCube[0]).toBe(`GET https://localhost:${port}/cubejs-api/v1/meta`);
  expect(toCube.filter((r) => r.includes('http://'))).toEqual([]);
});

test('a Cube deployment that answers without CORS headers for the add-in is told as no CORS, in English and German', async () => {
  const origin = bench.workbench.server.url;
  for (const german of [false, true]) {
    await openCubeForm(german);
    await connectCube(`${strictCube.url}/cubejs-api`, await cubeToken(strictCube.apiSecret), german);
    const words = await formError(cubeForm(german), 'CORS');
    expect(words).toContain(strictCube.url);
    expect(words).toContain(origin);
    expect(words).not.toMatch(german ? /nicht erreichbar|keine Antwort/i : /cannot be reached|Nothing answered/i);
    if (german) expect(words).not.toMatch(/answered|does not allow/);
    await settledPaint(page());
    expect(await axeViolations(page())).toEqual([]);
  }
});

describe('the platform sign-in', () => {
  const signInForm = (german = false) => page().getByRole('form', { name: german ? 'Bei der Plattform anmelden' : 'Sign in to the platform' });

  async function connectWithToken(address: string, german = false): Promise<void> {
    const form = signInForm(german);
    await form.getByRole('textbox', { name: german ? /Adresse der Plattform/ : /Platform address/ }).fill(address);
    await form.getByRole('button', { name: german ? 'Stattdessen ein API-Token verwenden' : 'Use an API token instead' }).click();
    await form.getByLabel(german ? /API-Token/ : /API token/).fill('rs_some-api-token');
    await form.getByRole('button', { name: german ? 'Verbinden' : 'Connect' }).click();
  }

  test('an address typed without a scheme is read as https (not "Refusing to send your sign-in to null")', async () => {
    await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`);
    const port = new URL(bench.workbench.server.url).port;
    const requests = recordRequests(page());
    await signInForm().getByRole('textbox', { name: /Platform address/ }).fill(`localhost:${port}`);
    await signInForm().getByText(`Read as https://localhost:${port}`).waitFor();
    await settledPaint(page());
    expect(await axeViolations(page())).toEqual([]);
    await cubeShot(page(), 'sign-in-address-read-as');
    await connectWithToken(`localhost:${port}`);
    const error = await formError(signInForm(), /./);
    expect(error).not.toContain('null');
    requests.stop();
    const toPlatform = requests.all.filter((r) => /\/api\//.test(new URL(r.url).pathname)).map((r) => r.url);
    expect(toPlatform.length).toBeGreaterThan(0);
    expect(toPlatform.every((url) => url.startsWith(`https://localhost:${port}/api/`))).toBe(true);
  });

  test("the platform's own address (not the add-in's, which passes requests on) is told as no CORS, in English and German", async () => {
    const platformUrl = bench.platform.platform.url;
    const origin = bench.workbench.server.url;
    for (const german of [false, true]) {
      await freshWorkbench(page(), `${origin}/workbench.html${german ? '?lang=de-DE' : ''}`);
      await connectWithToken(platformUrl, german);
      const words = await formError(signInForm(german), 'CORS');
      expect(words).toContain(new URL(platformUrl).origin);
      expect(words).toContain(origin);
      expect(words).not.toMatch(german ? /nicht erreichbar/i : /cannot be reached/i);
      await settledPaint(page());
      expect(await axeViolations(page())).toEqual([]);
      await cubeShot(page(), `sign-in-no-cors${german ? '-de' : ''}`);
    }
  });
});
