import { Dropdown, Field, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { DISPLAY_SCALES, MEASURES_AXES, MEASURES_POSITIONS } from '../../../contract';
import type { ExplorationDisplay } from '../../../core/exploration';
import { useI18n } from '../../i18n';
import { useNarrowStyles } from './styles';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Choice = 'default' | 'show' | 'hide';
const CHOICES: Choice[] = ['default', 'show', 'hide'];
const choiceOf = (value: boolean | null): Choice => (value === null ? 'default' : value ? 'show' : 'hide');
const valueOf = (choice: Choice): boolean | null => (choice === 'default' ? null : choice === 'show');

/**
 * How the result is laid out: where the measures go and in which position, the number scale, totals, and
 * the applied-filter summary (the user's own default, shown, or hidden).
 */
export interface DisplayOptionsProps {
  display: ExplorationDisplay;
  suppressDuplicates: boolean;
  onChange(display: Partial<ExplorationDisplay>): void;
  onSuppressDuplicates(on: boolean): void;
}

export function DisplayOptions({ display, suppressDuplicates, onChange, onSuppressDuplicates }: DisplayOptionsProps) {
  const styles = useStyles();
  const narrow = useNarrowStyles();
  const { m } = useI18n();
  const b = m.builder;
  const applied = choiceOf(display.showAppliedFilters);
  return (
    <div className={styles.column}>
      <Field label={b.measuresAxis}>
        <Dropdown
          className={narrow.fill}
          value={b.measuresAxes[display.measuresAxis]}
          selectedOptions={[display.measuresAxis]}
          onOptionSelect={(_, data) => {
            const axis = MEASURES_AXES.find((a) => a === data.optionValue);
            if (axis) onChange({ measuresAxis: axis });
          }}
        >
          {MEASURES_AXES.map((axis) => <Option key={axis} value={axis}>{b.measuresAxes[axis]}</Option>)}
        </Dropdown>
      </Field>
      <Field label={b.measuresPosition}>
        <Dropdown
          className={narrow.fill}
          value={b.measuresPositions[display.measuresPosition]}
          selectedOptions={[display.measuresPosition]}
          onOptionSelect={(_, data) => {
            const position = MEASURES_POSITIONS.find((p) => p === data.optionValue);
            if (position) onChange({ measuresPosition: position });
          }}
        >
          {MEASURES_POSITIONS.map((position) => <Option key={position} value={position}>{b.measuresPositions[position]}</Option>)}
        </Dropdown>
      </Field>
      <Field label={b.displayScale}>
        <Dropdown
          className={narrow.fill}
          value={b.displayScales[display.displayScale]}
          selectedOptions={[display.displayScale]}
          onOptionSelect={(_, data) => {
            const scale = DISPLAY_SCALES.find((s) => s === data.optionValue);
            if (scale) onChange({ displayScale: scale });
          }}
        >
          {DISPLAY_SCALES.map((scale) => <Option key={scale} value={scale}>{b.displayScales[scale]}</Option>)}
        </Dropdown>
      </Field>
      <Switch label={b.columnTotals} checked={display.showColumnTotals} onChange={(_, data) => onChange({ showColumnTotals: data.checked })} />
      <Switch label={b.rowTotals} checked={display.showRowTotals} onChange={(_, data) => onChange({ showRowTotals: data.checked })} />
      <Switch label={b.suppressDuplicates} checked={suppressDuplicates} onChange={(_, data) => onSuppressDuplicates(data.checked)} />
      <Field label={b.appliedFilters}>
        <Dropdown
          className={narrow.fill}
          value={b.appliedFilterChoices[applied]}
          selectedOptions={[applied]}
          onOptionSelect={(_, data) => {
            const choice = CHOICES.find((c) => c === data.optionValue);
            if (choice && choice !== applied) onChange({ showAppliedFilters: valueOf(choice) });
          }}
        >
          {CHOICES.map((choice) => <Option key={choice} value={choice}>{b.appliedFilterChoices[choice]}</Option>)}
        </Dropdown>
      </Field>
    </div>
  );
}
