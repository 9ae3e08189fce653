import { supportsRequirementSet } from './requirements';

/**
 * Whether Office loads the add-in when this document opens: `Office.addin.setStartupBehavior`
 * (https://learn.microsoft.com/office/dev/add-ins/develop/run-code-on-document-open). It is part of the
 * SharedRuntime 1.1 requirement set
 * (https://learn.microsoft.com/javascript/api/requirement-sets/common/shared-runtime-requirement-sets), so it is
 * asked for only where the host says it has that set; `load` takes effect from the next time the document opens,
 * `none` stops it. The choice itself is kept in the workbook (workbook-state.ts), never here.
 */
export const SHARED_RUNTIME_REQUIREMENT = { name: 'SharedRuntime', version: '1.1' } as const;

/** Whether this host can be asked to load the add-in with the document. */
export function supportsStartupBehavior(): boolean {
  if (!supportsRequirementSet(SHARED_RUNTIME_REQUIREMENT.name, SHARED_RUNTIME_REQUIREMENT.version)) return false;
  return typeof Office !== 'undefined' && typeof Office.addin?.setStartupBehavior === 'function';
}

/**
 * Asks Office to load the add-in when this document opens (`on`), or not. False, without asking, where the host
 * lacks SharedRuntime 1.1.
 */
export async function setLoadOnOpen(on: boolean): Promise<boolean> {
  if (!supportsStartupBehavior()) return false;
  await Office.addin.setStartupBehavior(on ? Office.StartupBehavior.load : Office.StartupBehavior.none);
  return true;
}
