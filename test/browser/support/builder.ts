import type { Page } from 'playwright-core';

/** The exploration builder as a user drives it: picks a view, adds members from the member list's menus. */

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
