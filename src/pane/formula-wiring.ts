import type { AppConfigResponse, Deployment, User } from '../contract';
import { effectiveTimezone } from '../core/timezone';
import type { FormulaTally } from '../functions/formula-calls';
import { FormulaService } from '../functions/formula-service';
import { consentGiven, installedFormulaService, installFormulaService, removeFormulaService, setFormulaConsent, type FormulaConsent } from '../functions/formula-registry';
import type { ReportRunner } from '../placements/report-run';
import type { DataSource } from '../ports/data-source';
import type { ReportStore } from '../ports/report-store';
import type { WorkbookDocument } from '../ports/workbook-document';
import type { Calculation } from '../ports/calculation';
import { lastValuesScope, type LastValueStore } from '../ports/last-values';
import { ExcelFormulaCellFormats } from '../excel/formula-cell-formats';
import { showsFormattedNumberResults } from '../excel/requirements';
import type { CellFormatWriter } from '../ports/formula-cell-formats';
import { FORMULA_DEPLOYMENT_SETTING } from './formula-deployment';
import { FormulaFollowUp } from './formula-follow-up';

/** What answering formulas takes: data, reports and the runner, and the workbook's settings (its default deployment, its id). */
export interface FormulaPorts {
  data: DataSource;
  reports: ReportStore;
  runner: ReportRunner;
  document: Pick<WorkbookDocument, 'readSetting' | 'keepWorkbookId'>;
}

export interface FormulaWiring {
  ports: FormulaPorts;
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
  /** Where each formula's last answer is kept (the add-in's own storage), to show through an outage. */
  lastValues?: LastValueStore;
  /** Whom the last values are kept for (as consent keys its allowances): the platform's user, or the Cube API's. */
  lastValuesUser?: () => string;
  /**
   * Gives formula cells the model's formats where Excel shows no formatted numbers (null: nothing to give); absent,
   * Excel's own cells, where the host lacks CustomFunctionsRuntime 1.4.
   */
  cellFormats?: CellFormatWriter | null;
  /** What the formulas answered, after each calculation has settled (the pane says which show values from before). */
  formulasSettled?: (tally: FormulaTally) => void;
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
  const { ports } = wiring;
  let followUp: FormulaFollowUp | null = null;
  const service = new FormulaService({
    calculated: () => followUp?.calculated(),
    data: ports.data,
    reports: ports.reports,
    runner: ports.runner,
    deployments: wiring.deployments,
    appConfig: wiring.appConfig,
    formulasAnswered: wiring.formulasAnswered,
    lastValues: wiring.lastValues,
    // Kept per user as well: another user's numbers, from rows they may see and this one may not, are never shown.
    lastValuesScope: async () => lastValuesScope(wiring.lastValuesUser?.() ?? String(wiring.user().id), await ports.document.keepWorkbookId()),
    timezone: () => effectiveTimezone(wiring.appConfig().timezoneSettings, wiring.user().settings?.timezone),
    defaultDeployment: async () => {
      const named = await ports.document.readSetting(FORMULA_DEPLOYMENT_SETTING);
      const kept = named ? wiring.deployments().find((d) => d.name === named) : undefined;
      return kept?.id ?? wiring.browsedDeployment();
    },
  });
  const cellFormats = wiring.cellFormats !== undefined ? wiring.cellFormats : showsFormattedNumberResults() ? null : new ExcelFormulaCellFormats();
  followUp = new FormulaFollowUp(service, { cellFormats, settled: (tally) => wiring.formulasSettled?.(tally) });
  // The consent goes in with the service and out with it, so no formula is ever answered between the two.
  setFormulaConsent(wiring.consent ?? null);
  const calculated = installFormulaService(service) ? wiring.calculation.calculateAddInFunctions() : Promise.resolve();
  return {
    stop: () => {
      followUp.stop();
      if (installedFormulaService() !== service) return;
      removeFormulaService();
      setFormulaConsent(null);
    },
    calculated,
  };
}

/**
 * Refresh all's part for formulas (`recalculateFormulas`), resolving with what the formulas answered once the calls
 * of that calculation have settled (`FormulaService.settled`): the summary then says what happened, not what was asked.
 */
export async function refreshFormulas(calculation: Calculation): Promise<FormulaTally> {
  const service = installedFormulaService();
  if (!service) return { recalculated: 0, failed: 0, stale: null };
  await recalculateFormulas(calculation);
  return service.settled();
}

/**
 * Every kept answer dropped and Excel asked to calculate the add-in's functions again, so no formula keeps a number
 * from before (but through an outage its last value, counted stale). Nothing when not signed in.
 */
export async function recalculateFormulas(calculation: Calculation): Promise<void> {
  const service = installedFormulaService();
  if (!service) return;
  service.refresh();
  const calculated = calculation.calculateAddInFunctions();
  // After the calculation's request, so it goes first: the reads go alongside it rather than after Excel's first calls.
  service.readAgain();
  await calculated;
}

/** After the user allowed the workbook's queries: the formulas that answered "allow first" are calculated again. */
export async function formulasAfterConsent(calculation: Calculation): Promise<void> {
  if (consentGiven()) await calculation.calculateAddInFunctions();
}
