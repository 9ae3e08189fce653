import { Button, Combobox, Field, Option, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { useBuilderWords } from '../../i18n/builder-catalog';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  entry: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS },
  field: { flexGrow: 1, minWidth: 0 },
  combobox: { minWidth: 0, width: '100%' },
  chosen: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  chip: { maxWidth: '100%', overflowWrap: 'anywhere', fontWeight: tokens.fontWeightRegular },
});

/** The most suggestions listed at once; typing narrows them. */
const MAX_SUGGESTIONS = 100;

export interface ValuesPickerProps {
  /** The member's title, for the labels. */
  title: string;
  values: string[];
  onChange(values: string[]): void;
  /** The member's values to pick from: undefined until asked for (`onLoad`), absent for free text only. */
  suggestions?: string[] | undefined;
  onLoad?(): void;
  /** Why the filter cannot run yet, in words. */
  problem: string | null;
}

/**
 * Several values for one filter: picked from the member's values (read when the field is first focused) or
 * typed freely (Add, or Enter when nothing listed matches). Each chosen value has its own Remove button.
 */
export function ValuesPicker({ title, values, onChange, suggestions, onLoad, problem }: ValuesPickerProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  const [text, setText] = useState('');
  const [asked, setAsked] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const typed = text.trim();
  const needle = typed.toLocaleLowerCase();
  const offered = (suggestions ?? [])
    .filter((value) => value !== '' && !values.includes(value) && value.toLocaleLowerCase().includes(needle))
    .slice(0, MAX_SUGGESTIONS);

  const add = (value: string) => {
    if (value === '' || values.includes(value)) return;
    onChange([...values, value]);
    setText('');
  };
  const removeAt = (index: number) => {
    onChange(values.filter((_, i) => i !== index));
    inputRef.current?.focus();
  };
  const load = () => {
    if (asked || !onLoad) return;
    setAsked(true);
    onLoad();
  };
  const loading = asked && onLoad !== undefined && suggestions === undefined;

  return (
    <div className={styles.column}>
      <div className={styles.entry}>
        <Field
          className={styles.field}
          label={b.valuesOf(title)}
          hint={loading ? b.loadingValues : undefined}
          validationState={problem ? 'warning' : 'none'}
          validationMessage={problem ?? undefined}
        >
          <Combobox
            className={styles.combobox}
            freeform
            ref={inputRef}
            placeholder={b.pickValue}
            value={text}
            selectedOptions={[]}
            onFocus={load}
            onChange={(event) => setText(event.target.value)}
            onOptionSelect={(_, data) => data.optionValue !== undefined && add(data.optionValue)}
            onKeyDown={(event) => {
              // Enter adds what was typed when no listed value matches (one that does is picked by Enter itself).
              if (event.key === 'Enter' && typed && offered.length === 0) {
                event.preventDefault();
                add(typed);
              }
            }}
          >
            {offered.map((value) => <Option key={value} value={value}>{value}</Option>)}
          </Combobox>
        </Field>
        <Button icon={<AddRegular />} aria-label={b.addTypedValue(title)} disabled={!typed || values.includes(typed)} onClick={() => add(typed)}>
          {b.addValue}
        </Button>
      </div>
      {values.length > 0 && (
        <ul className={styles.chosen} aria-label={b.chosenValues(title)}>
          {values.map((value, index) => (
            <li key={`${index}:${value}`}>
              <Button
                size="small"
                className={styles.chip}
                icon={<DismissRegular />}
                iconPosition="after"
                aria-label={b.removeValue(value === '' ? b.emptyValue : value)}
                onClick={() => removeAt(index)}
              >
                {value === '' ? b.emptyValue : value}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
