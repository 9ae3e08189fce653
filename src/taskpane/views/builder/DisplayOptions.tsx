import { Dropdown, Field, Option, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { DISPLAY_SCALES, MEASURES_AXES, MEASURES_POSITIONS } from '../../../contract';
import type { ExplorationDisplay } from '../../../core/exploration';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { useNarrowStyles } from './styles';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

type Choice = 'default' | 'show' | 'hide';
const CHOICES: Choice[] = ['default', 'show', 'hide'];
const choiceOf = (value: boolean | null): Choice => (value === null ? 'default' : value ? 'show' : 'hide');
const valueOf = (choice: Choice): boolean | null => (choice === 'default' ? null : choice === 'show');

export interface DisplayOptionsProps {
  display: ExplorationDisplay;
  suppressDuplicates: boolean;
  onChange(display: Partial<ExplorationDisplay>): void;
  onSuppressDuplicates(on: boolean): void;
}

interface ChoiceFieldProps<T extends string> {
  label: string;
  choices: readonly T[];
  value: T;
  words: Record<T, string>;
  onChoose(choice: T): void;
}

/** One display option with a fixed set of choices, each in words. */
function ChoiceField<T extends string>({ label, choices, value, words, onChoose }: ChoiceFieldProps<T>) {
  const narrow = useNarrowStyles();
  return (
    <Field label={label}>
      <Dropdown
        className={narrow.fill}
        value={words[value]}
        selectedOptions={[value]}
        onOptionSelect={(_, data) => {
          const choice = choices.find((c) => c === data.optionValue);
          if (choice && choice !== value) onChoose(choice);
        }}
      >
        {choices.map((choice) => <Option key={choice} value={choice}>{words[choice]}</Option>)}
      </Dropdown>
    </Field>
  );
}

/**
 * How the result is laid out: where the measures go and in which position, the number scale, totals,
 * repeated row values, and the applied-filter summary (the user's own default, shown, or hidden).
 */
export function DisplayOptions({ display, suppressDuplicates, onChange, onSuppressDuplicates }: DisplayOptionsProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  return (
    <div className={styles.column}>
      <ChoiceField label={b.measuresAxis} choices={MEASURES_AXES} value={display.measuresAxis} words={b.measuresAxes} onChoose={(measuresAxis) => onChange({ measuresAxis })} />
      <ChoiceField
        label={b.measuresPosition} choices={MEASURES_POSITIONS} value={display.measuresPosition} words={b.measuresPositions}
        onChoose={(measuresPosition) => onChange({ measuresPosition })}
      />
      <ChoiceField label={b.displayScale} choices={DISPLAY_SCALES} value={display.displayScale} words={b.displayScales} onChoose={(displayScale) => onChange({ displayScale })} />
      <Switch label={b.columnTotals} checked={display.showColumnTotals} onChange={(_, data) => onChange({ showColumnTotals: data.checked })} />
      <Switch label={b.rowTotals} checked={display.showRowTotals} onChange={(_, data) => onChange({ showRowTotals: data.checked })} />
      <Switch label={b.suppressDuplicates} checked={suppressDuplicates} onChange={(_, data) => onSuppressDuplicates(data.checked)} />
      <ChoiceField
        label={b.appliedFilters} choices={CHOICES} value={choiceOf(display.showAppliedFilters)} words={b.appliedFilterChoices}
        onChoose={(choice) => onChange({ showAppliedFilters: valueOf(choice) })}
      />
    </div>
  );
}
