import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { CubeQuery } from '../../src/contract';
import { chatEn } from '../../src/taskpane/i18n/chat-en';
import { freshWorkbench, readCells, selectCell } from './support/actions';
import { axeViolations, focusIsVisible, settledPaint, tabTo } from './support/pane';
import { screenshots, useWorkbench } from './support/workbench';

jest.setTimeout(240_000);

// Slow enough that a person (and a test) sees the answer arrive word by word, and can stop it midway.
const bench = useWorkbench({ agent: { wordDelayMs: 120 } });
const page = (): Page => bench.page;
const answers = () => page().getByTestId('chat-answer');

type User = 'admin' | 'analyst';

/** A fresh workbook in the workbench, signed in as `user`, the local agent set up (as `npm start`'s link does), on the chat tab. */
async function openChat(user: User, options: { chatEnabled?: boolean; lang?: string; tab?: string | null } = {}) {
  await bench.platform.platform.testing.setAppConfig({ sheetsAgentChatEnabled: options.chatEnabled ?? true });
  await bench.platform[user].updateSettings({ sheets: { showAppliedFilters: false } });
  const { tokens } = bench.platform.platform;
  const hash = `token=${tokens[user]}&chatUrl=${encodeURIComponent(tokens.chatApiUrl)}&chatKey=${tokens.chatApiKey}`;
  await freshWorkbench(page(), `${bench.workbench.server.url}/workbench.html${options.lang ? `?lang=${options.lang}` : ''}`, hash);
  if (options.tab !== null) await page().getByRole('tab', { name: options.tab ?? chatEn.chatTab }).click();
}

/** Types a question and sends it with Enter, as a person would. */
async function ask(question: string, label = chatEn.inputLabel) {
  await page().getByRole('textbox', { name: label }).fill(question);
  await page().getByRole('textbox', { name: label }).press('Enter');
}

/** Until the answer has streamed in whole (Stop gives way to Send again); the lengths the last answer showed on the way. */
async function answerLengthsUntilDone(stop = chatEn.stop): Promise<number[]> {
  const lengths: number[] = [];
  const deadline = Date.now() + 60_000;
  await page().getByRole('button', { name: stop }).waitFor();
  while (Date.now() < deadline) {
    // eslint-disable-next-line no-restricted-syntax -- the answer may be re-rendered mid-read; the next poll reads it again, and the deadline fails the test.
    const text = (await answers().last().innerText().catch(() => '')).trim();
    if (lengths.at(-1) !== text.length) lengths.push(text.length);
    if (!(await page().getByRole('button', { name: stop }).isVisible())) return lengths;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
  throw new Error('the answer did not finish within a minute');
}

async function shot(name: string) {
  await answers().last().evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await settledPaint(page());
  await page().screenshot({ path: join(screenshots, `${name}.png`) });
}

async function axe() {
  await settledPaint(page());
  return axeViolations(page());
}

/** The cells an independent `/v1/load` of the query gives: the headers (Cube's short titles), then the rows. */
async function expectedGrid(query: CubeQuery): Promise<(string | number)[][]> {
  const data = await bench.platform.dataClient(bench.platform.admin);
  const { data: rows, annotation } = await data.load(query);
  const dimensions = query.dimensions ?? [];
  const measures = query.measures ?? [];
  return [
    [...dimensions.map((d) => annotation.dimensions[d]!.shortTitle), ...measures.map((m) => annotation.measures[m]!.shortTitle)],
    ...rows.map((row) => [...dimensions.map((d) => String(row[d])), ...measures.map((m) => Number(row[m]))]),
  ];
}

/** The cells of `range` once they equal `expected`, or as they are after 30 s (the builder writes after its query). */
async function cellsOnceWritten(range: string, expected: unknown[][]): Promise<unknown[][]> {
  const deadline = Date.now() + 30_000;
  let cells: unknown[][] = [];
  while (Date.now() < deadline) {
    cells = (await readCells(page(), range)).values;
    if (JSON.stringify(cells) === JSON.stringify(expected)) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return cells;
}

test('"revenue by region last year": the answer streams in, the query it ran is shown, and Place in sheet writes what an independent load answers', async () => {
  await openChat('admin');
  expect(await axe()).toEqual([]);
  await ask('revenue by region last year');
  const lengths = await answerLengthsUntilDone();
  // Streamed: the answer was seen growing, not arriving whole.
  expect(lengths.filter((n) => n > 0).length).toBeGreaterThanOrEqual(3);
  const answer = answers().last();
  await answer.getByText(/Ran a query · \d+ rows/).waitFor();
  await answer.getByRole('button', { name: chatEn.showDetails }).click();
  await answer.getByText('sales.total_amount').waitFor();
  await answer.getByText('sales.region').waitFor();
  await answer.getByText('sales.created_at · last year').waitFor();
  expect(await answer.innerText()).toMatch(/Europe|North America|Asia Pacific|Latin America/);

  await selectCell(page(), 'B2');
  await page().getByText(chatEn.placeHint('Sheet1!B2')).waitFor();
  expect(await axe()).toEqual([]);
  await shot('chat-answer');
  await page().getByRole('button', { name: chatEn.placeInSheet }).click();
  // Cube's default order when none is given: the first measure, descending.
  const expected = await expectedGrid({
    measures: ['sales.total_amount'], dimensions: ['sales.region'],
    timeDimensions: [{ dimension: 'sales.created_at', dateRange: 'last year' }], order: { 'sales.total_amount': 'desc' },
  });
  await page().getByTestId('builder').waitFor();
  expect(await cellsOnceWritten(`B2:C${1 + expected.length}`, expected)).toEqual(expected);
  // The placed answer is the builder's draft: it can be saved as a report.
  await page().getByRole('button', { name: 'Save as report…' }).waitFor();
  await page().screenshot({ path: join(screenshots, 'chat-placed.png') });
});

test('Stop mid-answer: the agent stops, the partial answer stays and says so', async () => {
  await openChat('analyst');
  await ask('revenue by category per quarter last year');
  await page().getByRole('button', { name: chatEn.stop }).waitFor();
  await page().waitForFunction(() => {
    const all = document.querySelectorAll('[data-testid="chat-answer"] p');
    return all.length > 0 && (all[all.length - 1]!.textContent ?? '').length > 0;
  });
  await page().getByRole('button', { name: chatEn.stop }).click();
  await answers().last().getByText(chatEn.stopped).waitFor();
  await page().getByRole('button', { name: chatEn.send }).waitFor();
  const partial = (await answers().last().locator('p').first().innerText()).trim();
  expect(partial.length).toBeGreaterThan(0);
  // The answer ends with its key figure and a full stop; a stopped one has not got there.
  expect(partial).not.toMatch(/\.$/);
  expect(await axe()).toEqual([]);
  await shot('chat-stopped');
});

test('a thread is restored when the pane reloads', async () => {
  await openChat('analyst');
  await ask('orders by status');
  await answerLengthsUntilDone();
  const before = await answers().last().innerText();
  await page().getByRole('button', { name: 'Reload pane' }).click();
  await page().getByRole('tab', { name: chatEn.chatTab }).click();
  await page().getByRole('log').getByText('orders by status', { exact: true }).waitFor();
  await page().waitForFunction((text) => {
    const all = document.querySelectorAll('[data-testid="chat-answer"]');
    return all.length > 0 && (all[all.length - 1] as HTMLElement).innerText === text;
  }, before);
  await page().getByRole('combobox', { name: chatEn.conversation }).filter({ hasText: 'orders by status' }).waitFor();
  expect(await axe()).toEqual([]);
  await shot('chat-restored');
});

test('with sheetsAgentChatEnabled off, the chat describes only: no Place, and a line says why', async () => {
  await openChat('admin', { chatEnabled: false });
  await ask('revenue by region');
  await answerLengthsUntilDone();
  await answers().last().getByText(/Ran a query/).waitFor();
  await page().getByTestId('describe-only').filter({ hasText: chatEn.describeOnly }).waitFor();
  expect(await page().getByRole('button', { name: chatEn.placeInSheet }).count()).toBe(0);
  expect(await axe()).toEqual([]);
  await shot('chat-describe-only');
});

test('German: the chat speaks German, agent content stays as sent', async () => {
  await openChat('analyst', { lang: 'de-DE', tab: 'Agent fragen' });
  await ask('revenue by region last year', 'Fragen Sie nach Ihren Daten');
  await answerLengthsUntilDone('Anhalten');
  await answers().last().getByText(/Abfrage ausgeführt · \d+ Zeilen/).waitFor();
  await page().getByRole('button', { name: 'In Blatt einfügen' }).waitFor();
  // No English word of the chat's own is left (the agent's answer and the user's question are content, not the pane's).
  const paneText = await page().locator('.pane').evaluate((pane) => {
    const clone = pane.cloneNode(true) as HTMLElement;
    clone.querySelectorAll('[data-testid="chat-answer"] p, article > div:first-child').forEach((el) => el.remove());
    return clone.innerText;
  });
  for (const english of [chatEn.send, chatEn.ranQuery, chatEn.placeInSheet, chatEn.conversation, chatEn.newConversation, chatEn.showDetails, chatEn.chatTab]) {
    expect(paneText).not.toMatch(new RegExp(`\\b${english}\\b`));
  }
  expect(await axe()).toEqual([]);
  await shot('chat-german');
});

/** A check of the focused element, run in the page (a function's source, as `tabTo` sends it there). */
const focused = (body: string) => new Function('el', body) as (el: Element) => boolean;

test('keyboard only: to the chat tab, ask, open the tool call, Place in sheet; focus always visible, axe finds nothing', async () => {
  await openChat('admin', { tab: null });
  // The anchor is selected in Excel itself (its own keys); from here on, only the keyboard in the pane.
  await selectCell(page(), 'B2');
  // The tabs show once the pane knows the agent is there; the keys start then (seeing them is not a mouse action).
  await page().getByRole('tab', { name: chatEn.workbookTab }).waitFor();
  await tabTo(page(), focused(`return el.getAttribute('role') === 'tab' && el.textContent.trim() === ${JSON.stringify(chatEn.workbookTab)};`));
  expect(await focusIsVisible(page())).toBe(true);
  // A tab list is one stop: the arrow keys move between its tabs, Enter chooses.
  await page().keyboard.press('ArrowRight');
  await page().keyboard.press('Enter');
  await page().getByRole('tab', { name: chatEn.chatTab, selected: true }).waitFor();

  await tabTo(page(), focused(`return el.tagName === 'TEXTAREA' && [...el.labels].some((l) => l.textContent.trim() === ${JSON.stringify(chatEn.inputLabel)});`));
  expect(await focusIsVisible(page())).toBe(true);
  await page().keyboard.type('revenue by region last year');
  await page().keyboard.press('Enter');
  await answerLengthsUntilDone();
  // Stop gave way to Send, and the answer is whole: Place in sheet is offered.
  await page().getByRole('button', { name: chatEn.placeInSheet }).waitFor();

  await tabTo(page(), focused(`return el.tagName === 'BUTTON' && el.textContent.trim() === ${JSON.stringify(chatEn.showDetails)};`));
  expect(await focusIsVisible(page())).toBe(true);
  await page().keyboard.press('Enter');
  await answers().last().getByText('sales.region').waitFor();
  expect(await page().evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');

  await tabTo(page(), focused(`return el.tagName === 'BUTTON' && el.textContent.trim() === ${JSON.stringify(chatEn.placeInSheet)};`));
  expect(await focusIsVisible(page())).toBe(true);
  expect(await axe()).toEqual([]);
  await settledPaint(page());
  await page().screenshot({ path: join(screenshots, 'chat-keyboard.png') });
  await page().keyboard.press('Enter');
  await page().getByTestId('builder').waitFor();
  const expected = await expectedGrid({
    measures: ['sales.total_amount'], dimensions: ['sales.region'],
    timeDimensions: [{ dimension: 'sales.created_at', dateRange: 'last year' }], order: { 'sales.total_amount': 'desc' },
  });
  expect(await cellsOnceWritten(`B2:C${1 + expected.length}`, expected)).toEqual(expected);
});
