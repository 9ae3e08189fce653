import type { CubeLoadResult, Deployment } from '../../src/contract';
import { installedFormulaService, removeFormulaService } from '../../src/functions/formula-registry';
import { FORMULA_DEPLOYMENT_SETTING, FormulaDeploymentChoice } from '../../src/pane/formula-deployment';
import { startFormulas } from '../../src/pane/formula-wiring';
import type { FormulaPorts } from '../../src/pane/formula-wiring';
import { FORMULA_META } from '../support/formula-meta';

/** A workbook's document settings, in memory. */
function settings(initial: Record<string, string> = {}) {
  const kept = new Map(Object.entries(initial));
  return {
    kept,
    reads: 0,
    async readSetting(key: string) {
      this.reads += 1;
      return kept.get(key) ?? null;
    },
    async writeSetting(key: string, value: string | null) {
      if (value === null) kept.delete(key);
      else kept.set(key, value);
    },
  };
}

const DEPLOYMENTS = [{ id: 1, name: 'Sales Analytics' }, { id: 2, name: 'Finance Sandbox' }] as Deployment[];
const EMPTY: CubeLoadResult = { query: {}, data: [], annotation: { measures: {}, dimensions: {}, segments: {}, timeDimensions: {} } };

/** The formula service over a fake workspace: which deployment's data API each formula asks. */
function formulasOver(workbook: ReturnType<typeof settings>, browsed: number) {
  const asked: number[] = [];
  const ports = {
    document: workbook,
    data: { forDeployment: async (id: number) => (asked.push(id), { meta: async () => FORMULA_META, load: async () => EMPTY }) },
  } as unknown as FormulaPorts;
  const started = startFormulas({
    ports, deployments: () => DEPLOYMENTS, appConfig: () => ({ restrictDataDownload: false }) as never, user: () => ({}) as never,
    browsedDeployment: () => browsed, calculation: { calculateAddInFunctions: async () => undefined },
  });
  return { asked, started };
}

afterEach(() => removeFormulaService());

describe('the deployment RS formulas ask when they name none', () => {
  it('is the one the workbook keeps, by name; else the one the pane shows', async () => {
    const kept = formulasOver(settings({ [FORMULA_DEPLOYMENT_SETTING]: 'Finance Sandbox' }), 1);
    await installedFormulaService()!.value('orders.count', []);
    expect(new Set(kept.asked)).toEqual(new Set([2]));
    kept.started.stop();

    const shown = formulasOver(settings(), 1);
    await installedFormulaService()!.value('orders.count', []);
    expect(new Set(shown.asked)).toEqual(new Set([1]));
  });

  it('is chosen in the pane, kept in the workbook, and the formulas are calculated again', async () => {
    const workbook = settings();
    const recalculate = jest.fn(async () => 3);
    const choice = new FormulaDeploymentChoice(workbook, recalculate);
    await choice.start();
    expect(choice.getState()).toEqual({ chosen: null, loaded: true });
    await choice.choose('Finance Sandbox');
    expect([workbook.kept.get(FORMULA_DEPLOYMENT_SETTING), choice.getState().chosen, recalculate.mock.calls.length]).toEqual(['Finance Sandbox', 'Finance Sandbox', 1]);
    await choice.choose(null);
    expect([workbook.kept.has(FORMULA_DEPLOYMENT_SETTING), choice.getState().chosen, recalculate.mock.calls.length]).toEqual([false, null, 2]);
  });
});
