import { Dropdown, Field, Input, Option, Radio, RadioGroup, makeStyles, tokens } from '@fluentui/react-components';
import type { ChangeGesture } from '../../../builder/builder-model';
import type { FilterOperator, MemberType } from '../../../contract';
import { DATE_RANGE_PRESETS, OPERATORS_BY_TYPE, defaultFilter, filterProblem, type DateRangePreset, type ExplorationFilter } from '../../../core/exploration-filters';
import { useBuilderWords, type BuilderWords } from '../../i18n/builder-catalog';
import { useNarrowStyles } from './styles';
import { ValuesPicker } from './ValuesPicker';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
});

const VALUELESS: readonly FilterOperator[] = ['set', 'notSet'];
const RANGES: readonly FilterOperator[] = ['inDateRange', 'notInDateRange'];
const COMPARISONS: readonly FilterOperator[] = ['gt', 'gte', 'lt', 'lte', 'beforeDate', 'beforeOrOnDate', 'afterDate', 'afterOrOnDate'];

/** The values a filter keeps when its operator changes (no values for "has a value"; one for a comparison). */
function valuesFor(filter: ExplorationFilter, operator: FilterOperator, type: MemberType): string[] {
  if (VALUELESS.includes(operator)) return [];
  if (type === 'time' && RANGES.includes(operator) !== RANGES.includes(filter.operator)) {
    return RANGES.includes(operator) ? defaultFilter(filter.member, 'time').values : [];
  }
  if (COMPARISONS.includes(operator)) return filter.values.slice(0, 1);
  return filter.values;
}

export interface FilterEditorProps {
  filter: ExplorationFilter;
  /** The member's title and type (text when the view no longer has the member). */
  title: string;
  type: MemberType;
  /** The values the member has, once read. */
  suggestions: string[] | undefined;
  /** `typing`: from a text field as the user types (the run waits for the typing to pause). */
  onChange(filter: ExplorationFilter, gesture?: ChangeGesture): void;
  /** Reads the member's values for the picker (text members the view has). */
  onLoadValues?(): void;
}

/**
 * One filter: its condition (the operators the member's type offers) and its values, edited the way the
 * type needs. A filter that cannot run yet says why; it is left out of the query until it can.
 */
export function FilterEditor({ filter, title, type, suggestions, onChange, onLoadValues }: FilterEditorProps) {
  const styles = useStyles();
  const narrow = useNarrowStyles();
  const b = useBuilderWords();
  const offered = OPERATORS_BY_TYPE[type];
  const operators = offered.includes(filter.operator) ? offered : [filter.operator, ...offered];
  const reason = filterProblem(filter, type);
  const problem = reason ? b.incomplete(b.problems[reason]) : null;
  const setValues = (values: string[], gesture?: ChangeGesture) => onChange({ ...filter, values }, gesture);

  return (
    <div className={styles.column}>
      <Field label={b.conditionOf(title)}>
        <Dropdown
          className={narrow.fill}
          value={b.operators[filter.operator]}
          selectedOptions={[filter.operator]}
          onOptionSelect={(_, data) => {
            const operator = data.optionValue as FilterOperator | undefined;
            if (operator && operator !== filter.operator) onChange({ ...filter, operator, values: valuesFor(filter, operator, type) });
          }}
        >
          {operators.map((operator) => <Option key={operator} value={operator}>{b.operators[operator]}</Option>)}
        </Dropdown>
      </Field>
      {VALUELESS.includes(filter.operator) ? null
        : type === 'time' ? <DateValues filter={filter} title={title} problem={problem} onChange={setValues} />
        : type === 'boolean' ? (
          <Field label={b.valueOf(title)} validationState={problem ? 'warning' : 'none'} validationMessage={problem ?? undefined}>
            <RadioGroup layout="horizontal" value={filter.values[0] ?? ''} onChange={(_, data) => setValues([data.value])}>
              <Radio value="true" label={b.booleanValues.true} />
              <Radio value="false" label={b.booleanValues.false} />
            </RadioGroup>
          </Field>
        )
        : type === 'number' && COMPARISONS.includes(filter.operator) ? (
          <Field label={b.valueOf(title)} validationState={problem ? 'warning' : 'none'} validationMessage={problem ?? undefined}>
            <Input type="number" value={filter.values[0] ?? ''} onChange={(_, data) => setValues([data.value], 'typing')} />
          </Field>
        ) : (
          <ValuesPicker
            title={title}
            values={filter.values}
            onChange={setValues}
            problem={problem}
            {...(type === 'string' && onLoadValues ? { suggestions, onLoad: onLoadValues } : {})}
          />
        )}
    </div>
  );
}

const CUSTOM = '\u0000custom';
const OTHER = '\u0000other';
const ISO_PREFIX = /^\d{4}-\d{2}-\d{2}/;
/** A value as a date input shows it (`YYYY-MM-DD`), or empty. */
const dateInput = (value: string | undefined) => (value && ISO_PREFIX.test(value) ? value.slice(0, 10) : '');
const presetLabel = (preset: string, b: BuilderWords) => b.presets[preset as DateRangePreset] ?? b.otherRange(preset);

/** A time filter's values: a preset range (words Cube resolves) or two dates; one date for before/after. */
function DateValues({ filter, title, problem, onChange }: {
  filter: ExplorationFilter;
  title: string;
  problem: string | null;
  onChange(values: string[], gesture?: ChangeGesture): void;
}) {
  const styles = useStyles();
  const narrow = useNarrowStyles();
  const b = useBuilderWords();
  const hint = { validationState: problem ? 'warning' : 'none', validationMessage: problem ?? undefined } as const;
  if (!RANGES.includes(filter.operator)) {
    return (
      <Field label={b.dateOf(title)} {...hint}>
        <Input type="date" value={dateInput(filter.values[0])} onChange={(_, data) => onChange([data.value], 'typing')} />
      </Field>
    );
  }
  const single = filter.values.length === 1 ? filter.values[0]! : null;
  const choice = single === null ? CUSTOM : (DATE_RANGE_PRESETS as readonly string[]).includes(single) ? single : OTHER;
  const from = dateInput(filter.values[0]);
  const to = dateInput(filter.values[1]);
  return (
    <div className={styles.column}>
      <Field label={b.rangeOf(title)} {...hint}>
        <Dropdown
          className={narrow.fill}
          value={choice === CUSTOM ? b.customRange : presetLabel(single!, b)}
          selectedOptions={[choice]}
          onOptionSelect={(_, data) => {
            const next = data.optionValue;
            if (!next || next === choice || next === OTHER) return;
            onChange(next === CUSTOM ? [from, to] : [next]);
          }}
        >
          {DATE_RANGE_PRESETS.map((preset) => <Option key={preset} value={preset}>{b.presets[preset]}</Option>)}
          {choice === OTHER && <Option value={OTHER} text={presetLabel(single!, b)}>{presetLabel(single!, b)}</Option>}
          <Option value={CUSTOM}>{b.customRange}</Option>
        </Dropdown>
      </Field>
      {choice === CUSTOM && (
        <div className={styles.column}>
          <Field label={b.rangeFrom}>
            <Input type="date" value={from} onChange={(_, data) => onChange([data.value, to], 'typing')} />
          </Field>
          <Field label={b.rangeTo}>
            <Input type="date" value={to} onChange={(_, data) => onChange([from, data.value], 'typing')} />
          </Field>
        </div>
      )}
    </div>
  );
}
