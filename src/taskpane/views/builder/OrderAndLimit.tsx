import { Button, Caption1, Dropdown, Field, Input, Option, makeStyles, tokens } from '@fluentui/react-components';
import { AddRegular, DismissRegular } from '@fluentui/react-icons';
import { useEffect, useRef, useState } from 'react';
import type { ChangeGesture } from '../../../builder/builder-model';
import type { Exploration } from '../../../core/exploration';
import { useI18n } from '../../i18n';
import { useBuilderWords } from '../../i18n/builder-catalog';
import { placedLabel, type MemberLookup } from './members';
import { useNarrowStyles } from './styles';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  entry: { display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr) auto', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground2 },
});

type Order = Exploration['order'];

export interface OrderAndLimitProps {
  exploration: Exploration;
  lookup: MemberLookup;
  onOrder(order: Order): void;
  /** The limit typed (`typing`: the run waits for the typing to pause). */
  onLimit(limit: number | null, gesture: ChangeGesture): void;
}

/** The sort keys (any member on the axes, either direction) and the row limit (empty: none). */
export function OrderAndLimit({ exploration, lookup, onOrder, onLimit }: OrderAndLimitProps) {
  const styles = useStyles();
  const narrow = useNarrowStyles();
  const { m, number } = useI18n();
  const b = useBuilderWords();
  const { order } = exploration;
  const listRef = useRef<HTMLUListElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const focusAfter = useRef<'last' | 'add' | null>(null);
  const candidates = [...exploration.rows, ...exploration.columns, ...exploration.measures];
  const unused = candidates.filter((member) => !order.some((o) => o.member === member));
  const label = (member: string) => placedLabel(member, lookup, m);

  useEffect(() => {
    const request = focusAfter.current;
    focusAfter.current = null;
    if (request === 'add') addRef.current?.focus();
    if (request === 'last') listRef.current?.querySelector<HTMLElement>(':scope > li:last-child button')?.focus();
  }, [order.length]);

  const change = (index: number, entry: Partial<Order[number]>) => onOrder(order.map((o, i) => (i === index ? { ...o, ...entry } : o)));

  return (
    <div className={styles.column}>
      {order.length === 0 && <Caption1 className={styles.muted}>{b.noSort}</Caption1>}
      {order.length > 0 && (
        <ul className={styles.list} aria-label={b.sortList} ref={listRef}>
          {order.map((entry, index) => {
            const options = candidates.includes(entry.member) ? candidates : [entry.member, ...candidates];
            const title = label(entry.member);
            return (
              <li key={`${index}:${entry.member}`} className={styles.entry} data-order-member={entry.member}>
                <Dropdown
                  className={narrow.fill}
                  aria-label={b.sortBy(number(index + 1))}
                  value={title}
                  selectedOptions={[entry.member]}
                  onOptionSelect={(_, data) => data.optionValue && change(index, { member: data.optionValue })}
                >
                  {options
                    .filter((member) => member === entry.member || !order.some((o) => o.member === member))
                    .map((member) => <Option key={member} value={member}>{label(member)}</Option>)}
                </Dropdown>
                <Dropdown
                  className={narrow.fill}
                  aria-label={b.direction(title)}
                  value={entry.direction === 'asc' ? b.ascending : b.descending}
                  selectedOptions={[entry.direction]}
                  onOptionSelect={(_, data) => (data.optionValue === 'asc' || data.optionValue === 'desc') && change(index, { direction: data.optionValue })}
                >
                  <Option value="asc">{b.ascending}</Option>
                  <Option value="desc">{b.descending}</Option>
                </Dropdown>
                <Button
                  appearance="subtle"
                  icon={<DismissRegular />}
                  aria-label={b.removeSort(title)}
                  onClick={() => {
                    focusAfter.current = 'add';
                    onOrder(order.filter((_, i) => i !== index));
                  }}
                />
              </li>
            );
          })}
        </ul>
      )}
      <div>
        <Button
          ref={addRef}
          icon={<AddRegular />}
          disabled={unused.length === 0}
          onClick={() => {
            focusAfter.current = 'last';
            onOrder([...order, { member: unused[0]!, direction: 'asc' }]);
          }}
        >
          {b.addSort}
        </Button>
      </div>
      {candidates.length === 0 && <Caption1 className={styles.muted}>{b.sortNeedsMembers}</Caption1>}
      <LimitField limit={exploration.limit} onLimit={onLimit} />
    </div>
  );
}

/** The row limit as typed: a whole number above zero, or empty for none; other text stays until corrected. */
function LimitField({ limit, onLimit }: { limit: number | null; onLimit(limit: number | null, gesture: ChangeGesture): void }) {
  const b = useBuilderWords();
  const [text, setText] = useState(limit === null ? '' : String(limit));
  // A limit changed elsewhere (a report reloaded) replaces what was typed.
  useEffect(() => {
    setText((current) => (parseLimit(current) === limit ? current : limit === null ? '' : String(limit)));
  }, [limit]);
  const parsed = parseLimit(text);
  const invalid = parsed === undefined;
  return (
    <Field
      label={b.limit}
      hint={b.limitHint}
      validationState={invalid ? 'error' : 'none'}
      validationMessage={invalid ? b.limitInvalid : undefined}
    >
      <Input
        type="number"
        min={1}
        step={1}
        value={text}
        onChange={(_, data) => {
          setText(data.value);
          const next = parseLimit(data.value);
          if (next !== undefined && next !== limit) onLimit(next, 'typing');
        }}
      />
    </Field>
  );
}

/** A typed limit: null for empty, undefined for text that is not a whole number above zero. */
function parseLimit(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}
