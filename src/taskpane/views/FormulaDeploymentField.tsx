import { Caption1, Dropdown, Field, Option } from '@fluentui/react-components';
import { useSyncExternalStore } from 'react';
import type { Deployment } from '../../contract';
import type { FormulaDeploymentChoice } from '../../pane/formula-deployment';
import { useI18n } from '../i18n';

const SHOWN = '';

/**
 * Which deployment the workbook's RS formulas ask when they name none: the store's choice, shown and changed. Offered
 * once the workbook's formulas have answered (`inUse`) or a choice is kept; a workbook without formulas is not asked.
 */
export function FormulaDeploymentField({ choice, inUse, deployments, disabled, onError }: {
  choice: FormulaDeploymentChoice;
  inUse: boolean;
  deployments: readonly Deployment[];
  disabled: boolean;
  onError: (error: unknown) => void;
}) {
  const { m } = useI18n();
  const { chosen, loaded } = useSyncExternalStore(choice.subscribe, choice.getState);
  if (!loaded || (!inUse && chosen === null)) return null;
  const selected = chosen !== null && deployments.some((d) => d.name === chosen) ? chosen : SHOWN;
  return (
    <>
      <Field label={m.formulaDeployment} size="small">
        <Dropdown
          size="small" disabled={disabled} aria-describedby="formula-deployment-hint" data-testid="formula-deployment"
          value={selected === SHOWN ? m.formulaDeploymentShown : selected} selectedOptions={[selected]}
          onOptionSelect={(_, data) => {
            const next = data.optionValue ?? SHOWN;
            if (next !== selected) choice.choose(next === SHOWN ? null : next).catch(onError);
          }}
        >
          <Option value={SHOWN}>{m.formulaDeploymentShown}</Option>
          {deployments.map((d) => <Option key={d.id} value={d.name}>{d.name}</Option>)}
        </Dropdown>
      </Field>
      <Caption1 id="formula-deployment-hint">{m.formulaDeploymentHint}</Caption1>
    </>
  );
}
