import { Caption1, Checkbox, makeStyles, tokens, useId } from '@fluentui/react-components';
import type { MetaCube } from '../../../contract';
import { catalogSegments } from '../../../core/member-catalog';
import { useBuilderWords } from '../../i18n/builder-catalog';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, margin: 0, padding: 0, border: 'none', minWidth: 0 },
  hint: { color: tokens.colorNeutralForeground2 },
  description: { display: 'block', color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
});

export interface SegmentListProps {
  /** The view explored: its segments are offered. */
  cube: MetaCube;
  /** The segments applied (a saved one the view no longer has stays listed, so it can be taken off). */
  applied: readonly string[];
  onApply(segment: string, applied: boolean): void;
}

/** The view's segments (filters the model names), each a checkbox: checked is applied. */
export function SegmentList({ cube, applied, onApply }: SegmentListProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  const hintId = useId('segments-hint');
  const offered = catalogSegments(cube);
  const missing = applied.filter((name) => !offered.some((segment) => segment.name === name));
  return (
    <div role="group" aria-label={b.segmentsList} aria-describedby={hintId} className={styles.list} data-testid="builder-segments">
      <Caption1 id={hintId} className={styles.hint}>{b.segmentsHint}</Caption1>
      {offered.map((segment) => (
        <Checkbox
          key={segment.name}
          checked={applied.includes(segment.name)}
          onChange={(_, data) => onApply(segment.name, data.checked === true)}
          label={(
            <>
              {segment.shortTitle}
              {segment.description && <Caption1 className={styles.description}>{segment.description}</Caption1>}
            </>
          )}
        />
      ))}
      {missing.map((name) => (
        <Checkbox key={name} checked onChange={() => onApply(name, false)} label={b.segmentMissing(name)} />
      ))}
    </div>
  );
}
