import type { Page } from 'playwright-core';
import type { RunningCubeCore } from '../../server/cube-core';
import { freshWorkbench } from './support/actions';
import { closedPort, cubeShot, cubeToken, notCubeNorStatic, recordRequests, startCubeStandIn, startHtmlSite } from './support/cube';
import { axeViolations, settledPaint } from './support/pane';
import { useWorkbench } from './support/workbench';

// The first file to run builds the add-in (minutes on a busy machine).
jest.setTimeout(600_000);

const bench = useWorkbench();
const page = (): Page => bench.page;
let cube: RunningCubeCore;
let strictCube: RunningCubeCore;
let htmlSite: Awaited<ReturnType<typeof startHtmlSite>>;

beforeAll(async () => {
  cube = await startCubeStandIn([bench.workbench.server.url]);
  // A deployment whose CORS setting names some other address, not the workbench's.
  strictCube = await startCubeStandIn(['https://excel.example.com']);
  htmlSite = await startHtmlSite();
});
afterAll(async () => {
  await cube?.close();
  await strictCube?.close();
  await htmlSite?.close();
});

const form = () => page().getByRole('form', { name: 'Connect to a Cube API' });
const addressField = () => form().getByRole('textbox', { name: /Cube REST API address/ });
const tokenField = () => form().getByLabel(/Cube API token/);
const formError = () => form().locator('.fui-MessageBar');

/** Types the address and token into the form and presses Connect; waits until the pane has answered. */
async function connect(address: string, token: string): Promise<void> {
  await addressField().fill(address);
  await tokenField().fill(token);
  await form().getByRole('button', { name: 'Connect' }).click();
  await page().waitForFunction(() => {
    const button = [...document.querySelectorAll('form[aria-label="Connect to a Cube API"] button')].find((b) => /Connect/.test(b.textContent ?? ''));
    return !button || !/Connecting/.test(button.textContent ?? '');
  });
}

/** The form's error once it says something matching `words`. */
async function errorSays(words: RegExp | string): Promise<string> {
  await formError().filter({ hasText: words }).waitFor();
  return (await formError().innerText()).trim();
}

test('connect with a token: each wrong address or token is told in words and keeps what was typed; the right ones connect; only Cube API requests', async () => {
  const origin = bench.workbench.server.url;
  const requests = recordRequests(page());
  await freshWorkbench(page(), `${origin}/workbench.html`);
  await page().getByRole('button', { name: 'Connect straight to a Cube API instead' }).click();
  await form().waitFor();
  await page().getByRole('heading', { name: 'Connect to a Cube API' }).waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  const good = await cubeToken(cube.apiSecret);
  // The form as a user fills it in, before pressing Connect.
  await addressField().fill(`${cube.url}/cubejs-api`);
  await tokenField().fill(good);
  await cubeShot(page(), 'cube-connect');

  // Nothing listens at the address.
  const port = await closedPort();
  await connect(`http://127.0.0.1:${port}/cubejs-api`, good);
  expect(await errorSays('Nothing answered')).toContain(`Nothing answered at http://127.0.0.1:${port}`);
  // Nothing typed is lost.
  expect(await addressField().inputValue()).toBe(`http://127.0.0.1:${port}/cubejs-api`);
  expect(await tokenField().inputValue()).toBe(good);

  // A web page answers instead of the API.
  await connect(`${htmlSite.url}/cubejs-api`, good);
  expect(await errorSays('web page')).toBe(`${htmlSite.url} answered with a web page, not the Cube REST API: check the address.`);
  expect(await tokenField().inputValue()).toBe(good);

  // A token signed with another secret.
  const wrongSecret = await cubeToken('not-the-deployments-secret');
  await connect(`${cube.url}/cubejs-api`, wrongSecret);
  expect(await errorSays('did not accept this token')).toBe(
    `The Cube deployment at ${cube.url} did not accept this token: it may be signed with another secret or be expired; ask for a new one and paste it.`,
  );
  expect(await addressField().inputValue()).toBe(`${cube.url}/cubejs-api`);

  // A token whose `exp` is not a number (Cube refuses it): told before anything is sent. One without `exp` is taken
  // (connect-address-token.test.ts).
  const before = requests.all.length;
  await connect(`${cube.url}/cubejs-api`, await cubeToken(cube.apiSecret, null, { user_id: 'analyst@example.com', exp: 'tomorrow' }));
  expect(await errorSays('exp')).toMatch(/\(exp\)/);
  expect(requests.all.slice(before).filter((r) => r.url.includes('/cubejs-api/'))).toEqual([]);

  // A deployment whose CORS setting does not name the add-in's address.
  await connect(`${strictCube.url}/cubejs-api`, await cubeToken(strictCube.apiSecret));
  expect(await errorSays('CORS')).toBe(
    `${strictCube.url} answered, but does not allow requests from this add-in (no CORS headers for ${origin}): add ${origin} to the Cube deployment's CORS setting (http.cors in cube.js).`,
  );
  await cubeShot(page(), 'cube-connect-cors');
  expect(await axeViolations(page())).toEqual([]);

  // The right address (with /v1, as some copy it) and token.
  await addressField().fill(`${cube.url}/cubejs-api/v1`);
  await tokenField().fill(good);
  await form().getByRole('button', { name: 'Connect' }).click();
  const host = new URL(cube.url).host;
  await page().getByTestId('cube-connected').filter({ hasText: `Connected to the Cube API at ${host}` }).waitFor();
  await page().getByRole('group', { name: 'Cube API' }).getByRole('button', { name: 'Disconnect' }).waitFor();
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);
  // The token is kept in the add-in's storage, the address as typed without /v1.
  const stored = await page().evaluate(() => JSON.parse(localStorage.getItem('report-sync.cube-connections') ?? 'null') as unknown);
  expect(stored).toMatchObject({ active: `${cube.url}/cubejs-api`, connections: [{ kind: 'cube-api', apiUrl: `${cube.url}/cubejs-api`, token: good }] });

  requests.stop();
  expect(notCubeNorStatic(requests.all, origin)).toEqual([]);
  expect(requests.all.some((r) => r.url === `${cube.url}/cubejs-api/v1/meta`)).toBe(true);
});
