import { FormulaError } from './formula-errors';
import type { FormulaService } from './formula-service';

/**
 * The one formula service of the shared runtime: the pane installs it when it is signed in and takes it away when it
 * signs out. Excel may calculate the workbook's formulas before the pane has restored its session (Excel calls
 * custom functions as the workbook opens), so a call waits until the pane has said once whether it is signed in.
 */
let current: FormulaService | null = null;
/** Calls answered "sign in" since the last install: those cells need calculating again once signed in. */
let refused = 0;
let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => { settle = resolve; });

export const SIGN_IN_MESSAGE = 'Sign in to Report Sync in the task pane to get this number.';

/** The pane is signed in: formulas are answered by `service`. Returns whether cells answered "sign in" meanwhile (to calculate again). */
export function installFormulaService(service: FormulaService): boolean {
  current = service;
  settle();
  const anyRefused = refused > 0;
  refused = 0;
  return anyRefused;
}

/** The service answering formulas now, or null when the pane is not signed in. */
export function installedFormulaService(): FormulaService | null {
  return current;
}

/** The pane is not signed in (or signed out): formulas answer #N/A asking to sign in. */
export function removeFormulaService(): void {
  current = null;
  settle();
}

/** The service answering formulas now, once the pane has started; not signed in is an error Excel shows as #N/A. */
export async function formulaService(): Promise<FormulaService> {
  await settled;
  if (!current) {
    refused += 1;
    throw new FormulaError('notAvailable', SIGN_IN_MESSAGE);
  }
  return current;
}
