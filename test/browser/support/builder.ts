import type { Page } from 'playwright-core';
import { selectCell } from './actions';

/**
 * The exploration builder as a user drives it: opens one at a cell, picks a view, adds members from the member list's
 * menus, saves it as a report.
 */

/** Picks a view (or cube) in the builder's view picker and waits for its members. */
export async function chooseView(page: Page, view: string): Promise<void> {
  await page.getByTestId('builder-view-picker').click();
  await page.locator(`[role="option"][data-view="${view}"]`).click();
  await page.locator('li[draggable][data-member]').first().waitFor();
}

/** Opens a member's menu in the member list and picks the menu item (e.g. "Add to Measures"). */
export async function addMember(page: Page, member: string, item: string, axis: string): Promise<void> {
  await page.locator(`li[draggable][data-member="${member}"]`).getByRole('button').first().click();
  await page.getByRole('menuitem', { name: item }).click();
  await page.locator(`ul[data-axis="${axis}"] > li[data-member^="${member}"]`).waitFor();
}

/**
 * Selects `cell`, waits until the pane offers it as the place, opens a new exploration there on `view`, and turns
 * Auto-run on so that each member added writes the cells.
 */
export async function newExplorationAt(page: Page, cell: string, view: string): Promise<void> {
  await selectCell(page, cell);
  await page.getByTestId('place-target').filter({ hasText: `Sheet1!${cell}` }).waitFor();
  await page.getByRole('button', { name: 'New exploration' }).click();
  await page.getByTestId('builder-view-picker').waitFor();
  await chooseView(page, view);
  const autoRun = page.getByTestId('builder').getByRole('switch', { name: 'Auto-run' });
  if (!(await autoRun.isChecked())) await autoRun.click();
}

/** Saves the open exploration as report `name` (its cells become the report's placement) and closes the builder. */
export async function saveAsReport(page: Page, name: string): Promise<void> {
  const builder = page.getByTestId('builder');
  await builder.getByRole('button', { name: 'Save as report…' }).click();
  await builder.getByRole('textbox', { name: 'Report name' }).fill(name);
  await builder.getByRole('button', { name: 'Save report' }).click();
  await builder.getByText(`Saved as “${name}”. These cells are now its placement.`).waitFor();
  await builder.getByRole('button', { name: 'Close', exact: true }).click();
  await builder.waitFor({ state: 'detached' });
}
