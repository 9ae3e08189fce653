import type { Workbook } from '../ports/workbook';
import { Store } from './store';

/** The workbook setting naming the deployment formulas ask when they name none (by name: ids differ between tenants). */
export const FORMULA_DEPLOYMENT_SETTING = 'ReportSync.FormulaDeployment';

export interface FormulaDeploymentState {
  /** The deployment's name the workbook keeps for its formulas; null: the one the pane shows. */
  chosen: string | null;
  /** Read from the workbook (until then the choice is not offered). */
  loaded: boolean;
}

/**
 * The pane's setting of the deployment RS formulas use when they name none, kept in the workbook (a document
 * setting), so it travels with the file to whoever opens it. Choosing one has the formulas calculated again.
 */
export class FormulaDeploymentChoice extends Store<FormulaDeploymentState> {
  constructor(private readonly workbook: Pick<Workbook, 'readSetting' | 'writeSetting'>, private readonly recalculate: () => Promise<unknown>) {
    super({ chosen: null, loaded: false });
  }

  async start(): Promise<void> {
    this.update({ chosen: await this.workbook.readSetting(FORMULA_DEPLOYMENT_SETTING), loaded: true });
  }

  /** Keeps `name` (null: the deployment the pane shows) and has the formulas calculated again with it. */
  async choose(name: string | null): Promise<void> {
    await this.workbook.writeSetting(FORMULA_DEPLOYMENT_SETTING, name);
    this.update({ chosen: name });
    await this.recalculate();
  }
}
