import type { Page } from 'playwright-core';
import { readCells } from './actions';

const column = (letter: string, offset: number) => String.fromCharCode(letter.charCodeAt(0) + offset);

/** The range a grid takes when written at `anchor` (a cell in columns A–Z). */
export function rangeOf(anchor: string, grid: unknown[][]): string {
  const [, col, row] = /^([A-Z])(\d+)$/.exec(anchor)!;
  const width = Math.max(...grid.map((r) => r.length));
  return `${anchor}:${column(col!, width - 1)}${Number(row) + grid.length - 1}`;
}

/** Waits until the cells at `range` hold `expected`; fails with the difference otherwise. */
export async function untilCells(page: Page, range: string, expected: unknown[][], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown[][] = [];
  while (Date.now() < deadline) {
    last = (await readCells(page, range)).values;
    if (JSON.stringify(last) === JSON.stringify(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  expect(last).toEqual(expected);
}
