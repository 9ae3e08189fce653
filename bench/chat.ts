import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startPlatform } from '../server/app';
import { freshWorkbench } from '../test/browser/support/actions';
import { launchBrowser } from '../test/browser/support/browser';
import { buildForBrowserTests } from '../test/browser/support/build';
import { serveBuild } from '../test/browser/support/serve';
import { median, type BenchResult } from './measure';

/** Issue 13: the answer's first words on screen within this many times the agent's own time to its first answer frame. */
const BOUND = 1.5;
const QUESTION = 'revenue by region last year';
const WARM_UP = 2;

/**
 * The agent's own time to the first frame of its answer (`graphPath[0] === "final"` with content), read in the page
 * with a bare `fetch` of the Chat API through the same origin: the floor any client can reach. It asks in a thread
 * of its own that grows as the pane's does, so the agent does the same work for both.
 */
function agentFirstAnswerFrame(page: Page, url: string, key: string, email: string, chatId: string | null): Promise<{ ms: number; chatId: string }> {
  return page.evaluate(async ({ url, key, email, question, chatId }) => {
    const start = performance.now();
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Api-Key ${key}` },
      body: JSON.stringify({ ...(chatId ? { chatId } : {}), input: question, messageId: `${Date.now()}-message`, sessionSettings: { internalId: email, email } }),
    });
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let buffered = '';
    let first: number | null = null;
    let thread = chatId ?? '';
    // Read to the end, so the agent has finished before the next measurement.
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffered.indexOf('\n')) >= 0) {
        const line = buffered.slice(0, end).trim();
        buffered = buffered.slice(end + 1);
        if (!line) continue;
        const frame = JSON.parse(line) as { id?: string; graphPath?: string[]; content?: string; state?: { chatId?: string } };
        if (frame.id === '__cutoff__' && frame.state?.chatId) thread = frame.state.chatId;
        if (first === null && frame.graphPath?.[0] === 'final' && frame.content) first = performance.now() - start;
      }
    }
    if (first === null) throw new Error('the agent sent no answer');
    return { ms: first, chatId: thread };
  }, { url, key, email, question: QUESTION, chatId });
}

/** The pane: from the Enter that sends the question to the answer's first words painted in the conversation. */
async function paneFirstWords(page: Page): Promise<{ painted: number; dom: number }> {
  await page.evaluate(() => {
    const timing: { start?: number; first?: number; dom?: number } = {};
    Object.assign(window, { chatTiming: timing });
    const before = document.querySelectorAll('[data-testid="chat-answer"]').length;
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') timing.start = performance.now();
    }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      const answers = document.querySelectorAll('[data-testid="chat-answer"]');
      const words = answers.length > before ? answers[answers.length - 1]!.querySelector('p')?.textContent : null;
      if (!words) return;
      observer.disconnect();
      timing.dom = performance.now();
      // After the frame that shows them is painted.
      requestAnimationFrame(() => setTimeout(() => (timing.first = performance.now()), 0));
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  const box = page.getByRole('textbox', { name: 'Ask about your data' });
  await box.fill(QUESTION);
  await box.press('Enter');
  const elapsed = await page.waitForFunction(() => {
    const timing = (window as unknown as { chatTiming: { start?: number; first?: number; dom?: number } }).chatTiming;
    return timing.first !== undefined && timing.start !== undefined ? { painted: timing.first - timing.start, dom: timing.dom! - timing.start } : null;
  });
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
  return (await elapsed.jsonValue()) as { painted: number; dom: number };
}

export async function chatBenchmark(runs: number): Promise<BenchResult[]> {
  const build = await buildForBrowserTests();
  const server = await serveBuild(build, join(__dirname, '..', 'node_modules', '@microsoft', 'office-js', 'dist'));
  // The agent at its default pace, as `npm start` runs it.
  const platform = await startPlatform({ dataDir: ':memory:', port: 0, publicUrl: server.url });
  server.platformUrl = platform.url;
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    const { tokens } = platform;
    await freshWorkbench(page, `${server.url}/workbench.html`, `token=${tokens.admin}&chatUrl=${encodeURIComponent(tokens.chatApiUrl)}&chatKey=${tokens.chatApiKey}`);
    await page.getByRole('tab', { name: 'Ask the agent' }).click();
    const agent: number[] = [];
    const pane: number[] = [];
    const paneDom: number[] = [];
    let agentThread: string | null = null;
    for (let i = 0; i < WARM_UP + runs; i++) {
      // Alternating which goes first, so neither always runs on a warmer agent.
      const order = i % 2 ? ['pane', 'agent'] : ['agent', 'pane'];
      for (const who of order) {
        if (who === 'agent') {
          const { ms, chatId } = await agentFirstAnswerFrame(page, tokens.chatApiUrl, tokens.chatApiKey, 'admin@example.com', agentThread);
          agentThread = chatId;
          if (i >= WARM_UP) agent.push(ms);
        } else {
          const { painted, dom } = await paneFirstWords(page);
          if (i >= WARM_UP) {
            pane.push(painted);
            paneDom.push(dom);
          }
        }
      }
    }
    const ratio = median(pane) / median(agent);
    return [{
      name: `Agent chat: first answer words on screen vs the agent's own first answer frame (${runs} questions each, Chromium)`,
      figures: {
        'agent first answer frame ms (median)': median(agent), 'pane first words in the page ms (median)': median(paneDom),
        'pane first words painted ms (median)': median(pane), ratio,
      },
      bound: { description: `ratio ≤ ${BOUND}`, met: ratio <= BOUND },
    }];
  } finally {
    await browser.close();
    await server.close();
    await platform.close();
  }
}
