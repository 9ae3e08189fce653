import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startPlatform } from '../server/app';
import { freshWorkbench } from '../test/browser/support/actions';
import { launchBrowser } from '../test/browser/support/browser';
import { serveBuild } from '../test/browser/support/serve';
import { startAgentTimingProxy } from './agent-timing-proxy';
import { median, type BenchResult } from './measure';
import { productionBuild } from './production-build';

/** Issue 13: the answer's first words on screen within this many times the agent's own time to its first answer frame. */
const BOUND = 1.5;
const QUESTION = 'revenue by region last year';
const WARM_UP = 2;

/**
 * A bare question: the time to the first frame of the answer (`graphPath[0] === "final"` with content), read in
 * the page with a bare `fetch` of the Chat API through the same origin while the page is otherwise idle. It asks in
 * a thread of its own that grows as the pane's does, so the agent does the same work for both.
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

/**
 * The pane: from the Enter that sends the question to the answer's first words painted in the conversation. The
 * page reports them itself (a promise awaited once), not by polling on every animation frame: polling would make
 * the page draw frames, on the pane's side only, while the agent answers on the same two cores.
 */
async function paneFirstWords(page: Page): Promise<{ painted: number; dom: number }> {
  await page.evaluate(() => {
    const before = document.querySelectorAll('[data-testid="chat-answer"]').length;
    let start = 0;
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') start = performance.now();
    }, { capture: true, once: true });
    const firstWords = new Promise<{ painted: number; dom: number }>((resolve) => {
      const observer = new MutationObserver(() => {
        const answers = document.querySelectorAll('[data-testid="chat-answer"]');
        const words = answers.length > before ? answers[answers.length - 1]!.querySelector('p')?.textContent : null;
        if (!words) return;
        observer.disconnect();
        const dom = performance.now() - start;
        // After the frame that shows them is painted.
        requestAnimationFrame(() => setTimeout(() => resolve({ painted: performance.now() - start, dom }), 0));
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    Object.assign(window, { chatFirstWords: firstWords });
  });
  const box = page.getByRole('textbox', { name: 'Ask about your data' });
  await box.fill(QUESTION);
  await box.press('Enter');
  const elapsed = await page.evaluate(() => (window as unknown as { chatFirstWords: Promise<{ painted: number; dom: number }> }).chatFirstWords);
  await page.getByRole('button', { name: 'Stop' }).waitFor({ state: 'detached' });
  return elapsed;
}

export async function chatBenchmark(runs: number): Promise<BenchResult[]> {
  // The production build, as users run it.
  const build = mkdtempSync(join(tmpdir(), 'report-sync-bench-chat-'));
  await productionBuild(build);
  const server = await serveBuild(build, join(__dirname, '..', 'node_modules', '@microsoft', 'office-js', 'dist'));
  // The agent at its default pace, as `npm start` runs it.
  const platform = await startPlatform({ dataDir: ':memory:', port: 0, publicUrl: server.url });
  const timing = await startAgentTimingProxy(platform.url);
  server.platformUrl = timing.url;
  const browser = await launchBrowser();
  /** The agent's time to its first answer frame for the one stream request just made, taken at the proxy. */
  const agentAtOrigin = () => {
    const taken = timing.take();
    if (taken.length !== 1) throw new Error(`expected one chat request, saw ${taken.length}`);
    return taken[0]!;
  };
  try {
    const page = await browser.context.newPage();
    const { tokens } = platform;
    await freshWorkbench(page, `${server.url}/workbench.html`, `token=${tokens.admin}&chatUrl=${encodeURIComponent(tokens.chatApiUrl)}&chatKey=${tokens.chatApiKey}`);
    await page.getByRole('tab', { name: 'Ask the agent' }).click();
    timing.take();
    const bare = { inPage: [] as number[], atOrigin: [] as number[] };
    const pane = { painted: [] as number[], dom: [] as number[], agentAtOrigin: [] as number[], ratios: [] as number[] };
    let agentThread: string | null = null;
    for (let i = 0; i < WARM_UP + runs; i++) {
      // Alternating which goes first, so neither always runs on a warmer agent.
      const order = i % 2 ? ['pane', 'bare'] : ['bare', 'pane'];
      for (const who of order) {
        if (who === 'bare') {
          const { ms, chatId } = await agentFirstAnswerFrame(page, tokens.chatApiUrl, tokens.chatApiKey, 'admin@example.com', agentThread);
          const atOrigin = agentAtOrigin();
          agentThread = chatId;
          if (i < WARM_UP) continue;
          bare.inPage.push(ms);
          bare.atOrigin.push(atOrigin);
        } else {
          const { painted, dom } = await paneFirstWords(page);
          const agent = agentAtOrigin();
          if (i < WARM_UP) continue;
          pane.painted.push(painted);
          pane.dom.push(dom);
          pane.agentAtOrigin.push(agent);
          pane.ratios.push(painted / agent);
        }
      }
    }
    const ratio = median(pane.ratios);
    return [{
      name: `Agent chat: first answer words on screen vs the agent's own time to its first answer frame for the same question (${runs} questions, Chromium)`,
      figures: {
        'agent for the pane\'s questions, at the origin ms (median)': median(pane.agentAtOrigin),
        'pane first words in the page ms (median)': median(pane.dom),
        'pane first words painted ms (median)': median(pane.painted),
        'ratio painted / agent, same question (median)': ratio,
        'agent for bare questions, page idle, at the origin ms (median)': median(bare.atOrigin),
        'agent for bare questions, page idle, read in the page ms (median)': median(bare.inPage),
        'pane painted / bare agent read in the page (medians)': median(pane.painted) / median(bare.inPage),
      },
      bound: { description: `ratio painted / agent, same question ≤ ${BOUND}`, met: ratio <= BOUND },
    }];
  } finally {
    await browser.close();
    await server.close();
    await timing.close();
    await platform.close();
    rmSync(build, { recursive: true, force: true });
  }
}
