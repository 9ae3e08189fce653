import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
  /** What axe says of the first element, e.g. the contrast it measured. */
  detail: string;
}

/**
 * Runs axe-core (WCAG 2.x A/AA rules) on the task pane, or on a whole page such as the sign-in dialog,
 * and returns its serious and critical violations. The simulated workbook beside the pane is not the
 * product and is left out.
 */
export async function axeViolations(page: Page, scope: string | null = '.pane', skipRules: string[] = []): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol, which the sign-in page's strict CSP does not block (as it would a script tag).
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async ({ selector, skipRules }) => {
    type Node = { target: string[]; failureSummary?: string; html: string };
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: Node[] }[] }> } }).axe;
    const result = await axe.run(selector ? document.querySelector(selector) : document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] },
      rules: Object.fromEntries(skipRules.map((id) => [id, { enabled: false }])),
    });
    // Fluent's focus manager (Tabster) brackets arrow-key groups such as a TabList with focusable, aria-hidden
    // `<i data-tabster-dummy>` elements that hand the focus on at once: by design (microsoft/fluentui#27517), and
    // suppressed the same way by Accessibility Insights (microsoft/accessibility-insights-web#7605). Only those
    // nodes are dropped; the rule still runs on everything else.
    const tabsterDummy = (v: { id: string }, n: Node) => v.id === 'aria-hidden-focus' && n.html.includes('data-tabster-dummy');
    return result.violations
      .map((v) => ({ ...v, nodes: v.nodes.filter((n) => !tabsterDummy(v, n)) }))
      .filter((v) => v.nodes.length > 0 && (v.impact === 'serious' || v.impact === 'critical'))
      .map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => n.target.join(' ')), detail: v.nodes[0]?.failureSummary ?? '' }));
  }, { selector: scope, skipRules });
}

/**
 * Under forced colours (Windows high contrast) axe cannot compute contrast (it reads the page's own
 * colours, which the browser replaces); this checks what the browser actually paints: every enabled
 * element with text in the pane, its computed colour against its nearest opaque computed background,
 * at least 4.5 : 1. Returns the ones that fall short.
 */
export function forcedColorsContrastFailures(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (value: string) => (value.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r, g, b]: number[]) => {
      const [R, G, B] = [r!, g!, b!].map((c) => {
        const v = c / 255;
        return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * R! + 0.7152 * G! + 0.0722 * B!;
    };
    /** The painted background: the element's and its ancestors' colours composited by their alpha. */
    const background = (el: Element | null): number[] => {
      const layers: number[][] = [];
      for (let node = el; node; node = node.parentElement) {
        const value = rgb(getComputedStyle(node).backgroundColor);
        const alpha = value.length === 3 ? 1 : value[3]!;
        if (alpha > 0) layers.push([...value.slice(0, 3), alpha]);
        if (alpha === 1) break;
      }
      let painted = layers.at(-1)?.[3] === 1 ? layers.pop()!.slice(0, 3) : rgb(getComputedStyle(document.body).backgroundColor).slice(0, 3);
      for (const [r, g, b, a] of layers.reverse()) painted = [r! * a! + painted[0]! * (1 - a!), g! * a! + painted[1]! * (1 - a!), b! * a! + painted[2]! * (1 - a!)];
      return painted;
    };
    const failures: string[] = [];
    for (const el of document.querySelectorAll('.pane *')) {
      const ownText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (!ownText || el.closest(':disabled, [aria-disabled="true"]') || !(el as HTMLElement).offsetParent) continue;
      const [fg, bg] = [luminance(rgb(getComputedStyle(el).color)), luminance(background(el))];
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      if (ratio < 4.5) failures.push(`${el.textContent!.trim().slice(0, 30)}: ${ratio.toFixed(2)}`);
    }
    return failures;
  });
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

/**
 * Once nothing moves (Fluent's buttons fade between colours as they are enabled): axe and screenshots see what is
 * painted. A spinner's endless turn (a run waiting for the user's sign-in) never ends, so it is not waited for.
 */
export async function settledPaint(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}
