import { Button, Field, ProgressBar, makeStyles, tokens } from '@fluentui/react-components';
import { useRef } from 'react';
import { WriteStoppedError } from '../../placements/errors';
import type { Operation } from '../../pane/pane-state';
import { canStop, offersStop } from '../../pane/write-stop';
import { addErrorWords } from '../errors';
import { useI18n } from '../i18n';
import { stopWordsOf } from '../i18n/stop-words';
import { operationWords } from '../pane-messages';
import { useInView } from './useInView';

// A stop said anywhere else (the error area) in the same words, loaded with this view, never in the initial script.
addErrorWords((error, m) => (error instanceof WriteStoppedError ? stopWordsOf(m).writeStopped : undefined));

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  bar: { flexGrow: 1 },
});

/**
 * The write under way: which report, a bar of rows written of rows, and on a large write Stop (the store decides when,
 * see pane/write-stop.ts). Stopping says that the cells are being put back. When Stop is offered the bar comes into
 * view, wherever in the pane the write was started (`useInView`), leaving the focus where it is.
 */
export function WriteProgressView({ operation, onStop }: { operation: Operation; onStop: () => void }) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m, number } = i18n;
  const words = stopWordsOf(m);
  const total = operation.totalRows;
  const counts = total ? m.rowsWritten(number(operation.rowsWritten ?? 0), number(total)) : undefined;
  const row = useRef<HTMLDivElement>(null);
  useInView(offersStop(operation) ? 'stop offered' : null, row, null, { whenInPane: true });
  return (
    <div ref={row} className={styles.row} data-testid="write-progress">
      <Field className={styles.bar} label={operationWords(operation, i18n)} validationState="none" hint={operation.stopping ? words.stopping : counts}>
        <ProgressBar value={total ? (operation.rowsWritten ?? 0) / total : undefined} />
      </Field>
      {offersStop(operation) && (
        <Button size="small" onClick={onStop} disabled={!canStop(operation)}>{words.stop}</Button>
      )}
    </div>
  );
}
