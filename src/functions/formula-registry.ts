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
/** Calls made since the runtime loaded, answered or not: a workbook's own formulas call as it opens (see `formulaCalls`). */
let calls = 0;
/** The pane's consent for this workbook's queries (issue 39); null: nothing to ask (no pane has said). */
let consent: FormulaConsent | null = null;
/** Calls answered "allow first" since consent was last given: those cells need calculating again once allowed. */
let awaitingConsent = 0;
let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => { settle = resolve; });

export const SIGN_IN_MESSAGE = 'Connect Report Sync in the task pane to get this number.';
export const CONSENT_MESSAGE = 'This workbook\'s Report Sync formulas wait for your permission: open the Report Sync task pane and choose Allow in its bar above the tabs.';

/** Whether this workbook may query now; resolves once the pane knows (it waits while the pane decides). */
export interface FormulaConsent {
  mayQuery(): Promise<boolean>;
}

/**
 * The pane's consent for this workbook (issue 39): formulas of a workbook this user has not allowed answer #N/A saying
 * where to allow. Null: taken away (the pane signed out or closed its workspace).
 */
export function setFormulaConsent(gate: FormulaConsent | null): void {
  consent = gate;
}

/** How many formula calls were made since the runtime loaded: those made before the pane decided are the file's own. */
export function formulaCalls(): number {
  return calls;
}

/** Consent was given: whether cells answered "allow first" meanwhile (to calculate them again). */
export function consentGiven(): boolean {
  const any = awaitingConsent > 0;
  awaitingConsent = 0;
  return any;
}

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

/**
 * The service answering formulas now, once the pane has started; not signed in, or a workbook whose queries this user
 * has not allowed, is an error Excel shows as #N/A with what to do.
 */
export async function formulaService(): Promise<FormulaService> {
  calls += 1;
  await settled;
  if (!current) {
    refused += 1;
    throw new FormulaError('notAvailable', SIGN_IN_MESSAGE);
  }
  const service = current;
  if (consent && !(await consent.mayQuery())) {
    awaitingConsent += 1;
    throw new FormulaError('notAvailable', CONSENT_MESSAGE);
  }
  return service;
}
