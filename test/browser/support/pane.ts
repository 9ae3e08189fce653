import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.x A/AA rules) on the task pane, or on a whole page such as the sign-in dialog,
 * and returns its serious and critical violations. The simulated workbook beside the pane is not the
 * product and is left out.
 */
export async function axeViolations(page: Page, scope: string | null = '.pane'): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol, which the sign-in page's strict CSP does not block (as it would a script tag).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (selector) => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[] }> } }).axe;
    const result = await axe.run(selector ? document.querySelector(selector) : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
    });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')) }));
  }, scope);
}

/**
 * Presses Tab until the focused element matches, as a keyboard user would; fails if it is not reached
 * within `limit` presses. Returns the accessible names passed on the way, to check the order.
 */
export async function tabTo(page: Page, matches: (element: Element) => boolean, limit = 60): Promise<string[]> {
  const passed: string[] = [];
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    const found = await page.evaluate(`(${matches.toString()})(document.activeElement)`);
    const name = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el) return '';
      const label = el instanceof HTMLInputElement ? el.labels?.[0]?.textContent : null;
      return (el.getAttribute('aria-label') ?? label ?? el.textContent ?? el.tagName).trim().slice(0, 40);
    });
    passed.push(name);
    if (found) return passed;
  }
  throw new Error(`not reached by Tab in ${limit} presses; passed: ${passed.join(' | ')}`);
}

/** Whether the focused element shows a visible focus indicator (Fluent marks keyboard focus). */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return false;
    const style = getComputedStyle(el);
    const ownRing = el.matches(':focus-visible') && (style.outlineStyle !== 'none' || style.boxShadow !== 'none');
    return el.hasAttribute('data-fui-focus-visible') || el.closest('[data-fui-focus-within]') !== null || ownRing;
  });
}

/** Signs in through the sign-in page that the pane opens (in the workbench, a popup window). */
export async function signInThroughDialog(page: Page, who: RegExp): Promise<Page> {
  const [dialog] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).first().click()]);
  await dialog.getByRole('radio', { name: who }).check();
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  return dialog;
}
