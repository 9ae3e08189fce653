import type { AppConfigResponse, Deployment, User } from '../contract';
import { effectiveTimezone } from '../core/timezone';
import { FormulaService } from '../functions/formula-service';
import { consentGiven, installedFormulaService, installFormulaService, removeFormulaService, setFormulaConsent, type FormulaConsent } from '../functions/formula-registry';
import type { Workspace } from '../placements/workspace-parts';
import type { Calculation } from '../ports/calculation';
import { FORMULA_DEPLOYMENT_SETTING } from './formula-deployment';

export interface FormulaWiring {
  workspace: Workspace;
  deployments: () => readonly Deployment[];
  appConfig: () => AppConfigResponse;
  user: () => User;
  /** The deployment the pane shows: formulas' deployment when the workbook names none. */
  browsedDeployment: () => number | null;
  calculation: Calculation;
  /** Told once, when the first formula has its answer. */
  formulasAnswered?: () => void;
  /** Whether this workbook's queries are allowed (issue 39); formulas of one that is not answer #N/A saying where to allow. */
  consent?: FormulaConsent | null;
}

export interface StartedFormulas {
  /** Takes the service away again (signed out, or another workspace). */
  stop(): void;
  /** Settles when the cells that answered "sign in" before have been calculated again (at once when none did). */
  calculated: Promise<void>;
}

/**
 * Answers the workbook's RS formulas over the pane's workspace while it is signed in: installs the formula service,
 * and calculates the add-in's functions again when cells answered "sign in" before.
 */
export function startFormulas(wiring: FormulaWiring): StartedFormulas {
  const { workspace } = wiring;
  const service = new FormulaService({
    data: workspace.data,
    reports: workspace.reports,
    runner: workspace.runner,
    deployments: wiring.deployments,
    appConfig: wiring.appConfig,
    formulasAnswered: wiring.formulasAnswered,
    timezone: () => effectiveTimezone(wiring.appConfig().timezoneSettings, wiring.user().settings?.timezone),
    defaultDeployment: async () => {
      const named = await workspace.workbook.readSetting(FORMULA_DEPLOYMENT_SETTING);
      const kept = named ? wiring.deployments().find((d) => d.name === named) : undefined;
      return kept?.id ?? wiring.browsedDeployment();
    },
  });
  // The consent goes in with the service and out with it, so no formula is ever answered between the two.
  setFormulaConsent(wiring.consent ?? null);
  const calculated = installFormulaService(service) ? wiring.calculation.calculateAddInFunctions() : Promise.resolve();
  return {
    stop: () => {
      if (installedFormulaService() !== service) return;
      removeFormulaService();
      setFormulaConsent(null);
    },
    calculated,
  };
}

/**
 * Refresh all's part for formulas: every kept answer dropped and Excel asked to calculate the add-in's functions
 * again, so no formula keeps a number from before the refresh. Returns how many answers were dropped (0 when not signed in).
 */
export async function refreshFormulas(calculation: Calculation): Promise<number> {
  const service = installedFormulaService();
  if (!service) return 0;
  const dropped = service.refresh();
  const calculated = calculation.calculateAddInFunctions();
  // After the calculation's request, so it goes first: the reads go alongside it rather than after Excel's first calls.
  service.readAgain();
  await calculated;
  return dropped;
}

/** After the user allowed the workbook's queries: the formulas that answered "allow first" are calculated again. */
export async function formulasAfterConsent(calculation: Calculation): Promise<void> {
  if (consentGiven()) await calculation.calculateAddInFunctions();
}
