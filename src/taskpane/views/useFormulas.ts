import { useEffect, useMemo, useRef } from 'react';
import { ExcelCalculation } from '../../excel/calculation';
import { FormulaDeploymentChoice } from '../../pane/formula-deployment';
import { recalculateFormulas, startFormulas } from '../../pane/formula-wiring';
import { connectionUser, type PaneConnection } from '../../pane/pane-connection';
import type { WorkspaceStore } from '../../pane/workspace-store';
import type { Workspace } from '../../placements/workspace-parts';
import { localLastValues } from '../last-values-storage';

/** Excel's calculation: the RS functions calculated again after sign-in and by Refresh all. */
export const excelCalculation = new ExcelCalculation();

/**
 * The workbook's RS formulas are answered over this workspace while the view is shown (signed in); the deployment
 * the pane shows is theirs when the workbook names none; their last values are kept in the add-in's storage
 * (`localLastValues`). A failure to calculate them again after sign-in is shown.
 */
export function useFormulas(workspace: Workspace, connection: PaneConnection, browsedDeployment: number, store: WorkspaceStore): FormulaDeploymentChoice {
  const browsed = useRef(browsedDeployment);
  browsed.current = browsedDeployment;
  useEffect(() => {
    const started = startFormulas({
      workspace,
      deployments: () => connection.deployments,
      appConfig: () => connection.appConfig,
      user: () => connection.user,
      browsedDeployment: () => browsed.current,
      calculation: excelCalculation,
      formulasAnswered: () => store.formulasAnswered(),
      formulasSettled: store.formulasSettled,
      consent: store.consent,
      lastValues: localLastValues,
      lastValuesUser: () => connectionUser(connection),
    });
    started.calculated.catch((error: unknown) => store.showError(error));
    return started.stop;
  }, [workspace, connection, store]);
  const choice = useMemo(() => new FormulaDeploymentChoice(workspace.workbook, () => recalculateFormulas(excelCalculation)), [workspace]);
  useEffect(() => {
    choice.start().catch((error: unknown) => store.showError(error));
  }, [choice, store]);
  return choice;
}
