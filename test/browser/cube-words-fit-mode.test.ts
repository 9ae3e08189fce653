import type { Page } from 'playwright-core';
import type { RunningCubeCore } from '../../server/cube-core';
import type { CubeQuery } from '../../src/contract';
import { cubeEn } from '../../src/taskpane/i18n/cube-en';
import { cubeDe } from '../../src/taskpane/i18n/cube-de';
import { de } from '../../src/taskpane/i18n/de';
import { en } from '../../src/taskpane/i18n/en';
import { freshWorkbench, selectCell, workbenchReady } from './support/actions';
import { addMember, chooseView, saveAsReport } from './support/builder';
import { cubeShot, cubeToken, expectedGrid, startCubeStandIn } from './support/cube';
import { rangeOf, untilCells } from './support/cube-cells';
import { axeViolations, settledPaint } from './support/pane';
import { useWorkbench } from './support/workbench';

// The first file to run builds the add-in (minutes on a busy machine).
jest.setTimeout(600_000);

/**
 * Issue 42, "Words fit the mode", through the visible controls: a pane connected straight to a Cube deployment (the
 * stand-in) names that deployment by its address and never "the platform", in English and German; a token it does not
 * take is asked for anew, never "sign in again". The tests run in order on one workbook, as one user's day.
 */
const bench = useWorkbench();
const page = (): Page => bench.page;
let cube: RunningCubeCore;
let origin: string;

beforeAll(async () => {
  cube = await startCubeStandIn([bench.workbench.server.url]);
  origin = new URL(cube.url).origin;
});
afterAll(async () => {
  await cube?.close();
});

const PLATFORM_WORD = /platt?form/i;
const SIGN_IN_WORD = /sign(ed|ing)?[ -]?in\b|anmeld|melden sie sich/i;
const NAME = 'Revenue by region (words)';
const QUERY: CubeQuery = { measures: ['sales.total_amount'], dimensions: ['sales.region'] };
const LANGUAGES = [{ lang: '', m: en, cw: cubeEn }, { lang: '?lang=de-DE', m: de, cw: cubeDe }];

/** The one placement's card, in either language. */
const placementCard = () => page().getByRole('group', { name: new RegExp(`^(${en.placementsLabel}|${de.placementsLabel})$`) }).getByRole('listitem').first();
/** The pane's visible text (not the emulated workbook beside it). */
async function paneText(): Promise<string> {
  return page().locator('.pane').innerText();
}

test('a pasted token the Cube deployment does not take is told with its address, asking for a new token', async () => {
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html`);
  await page().getByRole('button', { name: en.useCubeApi }).click();
  const form = page().getByRole('form', { name: cubeEn.connectHeading });
  await form.getByRole('textbox', { name: /Cube REST API address/ }).fill(`${cube.url}/cubejs-api`);
  await form.getByLabel(/Cube API token/).fill(await cubeToken('another-secret'));
  await form.getByRole('button', { name: cubeEn.connect }).click();
  const bar = form.locator('.fui-MessageBar').filter({ hasText: origin });
  await bar.waitFor();
  const words = await bar.innerText();
  expect(words).toContain(`The Cube deployment at ${origin} did not accept this token`);
  expect(words).toMatch(/ask for a new one and paste it/);
  expect(words).not.toMatch(SIGN_IN_WORD);
  // (The form itself offers the platform instead, by name: a choice, not a word about this deployment.)
  expect(words).not.toMatch(PLATFORM_WORD);
  await settledPaint(page());
  expect(await axeViolations(page())).toEqual([]);

  // A token it takes connects; a report built and saved into the workbook is placed at B2.
  await form.getByLabel(/Cube API token/).fill(await cubeToken(cube.apiSecret));
  await form.getByRole('button', { name: cubeEn.connect }).click();
  await page().getByText(/No reports are placed in this workbook yet/).waitFor();
  await selectCell(page(), 'B2');
  await page().getByTestId('place-target').filter({ hasText: 'Sheet1!B2' }).waitFor();
  await page().getByRole('button', { name: 'New exploration' }).click();
  await chooseView(page(), 'sales');
  const builder = page().getByTestId('builder');
  const autoRun = builder.getByRole('switch', { name: 'Auto-run' });
  if (!(await autoRun.isChecked())) await autoRun.click();
  await addMember(page(), 'sales.total_amount', 'Add to Measures', 'measures');
  await addMember(page(), 'sales.region', 'Add to Rows', 'rows');
  const grid = await expectedGrid(cube, QUERY);
  await untilCells(page(), rangeOf('B2', grid), grid);
  await saveAsReport(page(), NAME);
  await placementCard().getByText(en.status.UP_TO_DATE).waitFor();
});

/** The workbook saved and opened again (its Cube connection resumed), in `lang`, with its placement listed. */
async function reopen(lang: string): Promise<void> {
  await page().evaluate(() => (window as unknown as { workbench: { save(): Promise<void> } }).workbench.save());
  await page().goto('about:blank');
  await page().goto(`${bench.workbench.server.url}/workbench.html${lang}`);
  await workbenchReady(page());
  await placementCard().waitFor();
}

describe.each(LANGUAGES)('connected to the Cube deployment ($lang)', ({ lang, m, cw }) => {
  test('a new token it refuses fails the refresh in words that ask for a new token, never to sign in', async () => {
    await reopen(lang);
    await placementCard().getByText(m.status.UP_TO_DATE).waitFor();
    // The deployment refuses the token in use once (as after its secret changed): the pane asks for a new one, and
    // the one pasted is signed with another secret, which it refuses too.
    cube.faults.set([{ path: '^/cubejs-api/v1/load$', status: 403, times: 1 }]);
    await placementCard().getByRole('button', { name: m.refresh, exact: true }).click();
    const ask = page().getByTestId('cube-token-request');
    await ask.getByText(cw.tokenRefusedTitle).waitFor();
    await ask.getByRole('textbox', { name: cw.newToken }).fill(await cubeToken('another-secret'));
    await ask.getByRole('button', { name: cw.useToken }).click();
    const reason = placementCard().getByTestId('status-reason').filter({ hasText: origin });
    await reason.waitFor();
    const words = await reason.innerText();
    expect(words).toMatch(lang ? /hat das Token nicht angenommen.*fügen Sie ein neues Token ein/ : /did not accept the token.*paste a new token/);
    expect(words).not.toMatch(SIGN_IN_WORD);
    expect(await paneText()).not.toMatch(PLATFORM_WORD);
    await settledPaint(page());
    expect(await axeViolations(page())).toEqual([]);

    // Refreshed again, it asks again; a token it takes brings the placement up to date.
    await placementCard().getByRole('button', { name: m.refresh, exact: true }).click();
    await ask.getByRole('textbox', { name: cw.newToken }).fill(await cubeToken(cube.apiSecret));
    await ask.getByRole('button', { name: cw.useToken }).click();
    await placementCard().getByText(m.status.UP_TO_DATE).waitFor();
    cube.faults.set([]);
  });
});

test('the Cube deployment stopped: Refresh all and the card name it by its address, never "the platform", in English and German', async () => {
  await cube.close();
  for (const { lang, m } of [LANGUAGES[1]!, LANGUAGES[0]!]) {
    await reopen(lang);
    await page().locator('.pane').getByRole('button', { name: m.refreshAll, exact: true }).click();
    const reason = placementCard().getByTestId('status-reason').filter({ hasText: origin });
    await reason.waitFor({ timeout: 120_000 });
    expect(await reason.innerText()).toBe(
      lang
        ? `Die Cube-Bereitstellung unter ${origin} ist nicht erreichbar. Prüfen Sie, ob sie läuft und ob Ihre Verbindung steht, und versuchen Sie es erneut.`
        : `The Cube deployment at ${origin} cannot be reached. Check that it is running and your connection, then try again.`,
    );
    await placementCard().getByText(m.status.FAILED).waitFor();
    const text = await paneText();
    expect(text.match(new RegExp(`.*${PLATFORM_WORD.source}.*`, 'gi')) ?? []).toEqual([]);
    // Refresh all's summary is on the pane too (a run's count of failures), and names no platform either.
    expect(text).toMatch(lang ? /1 fehlgeschlagen/ : /1 failed/);
    await settledPaint(page());
    expect(await axeViolations(page())).toEqual([]);
    await cubeShot(page(), `cube-down-words${lang ? '-de' : ''}`);
  }
});
