import { Spinner, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import { shownValue } from '../../core/shown-value';
import { sampleTable } from '../../layout/sample-table';
import type { SampleRows } from '../../placements/report-sample';
import { describeError } from '../errors';
import { useI18n } from '../i18n';
import { previewWordsOf } from '../i18n/preview-words';

const useStyles = makeStyles({
  section: { marginBlockStart: tokens.spacingVerticalS },
  // A wide result scrolls sideways in the narrow pane rather than squeezing its columns; focusable, so keys scroll it.
  scroll: {
    overflowX: 'auto', maxWidth: '100%', borderRadius: tokens.borderRadiusSmall,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  table: { borderCollapse: 'collapse', fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, backgroundColor: tokens.colorNeutralBackground1 },
  caption: { margin: 0, fontWeight: tokens.fontWeightSemibold, paddingBlockEnd: tokens.spacingVerticalXXS },
  cell: {
    paddingBlock: tokens.spacingVerticalXXS, paddingInline: tokens.spacingHorizontalS, whiteSpace: 'nowrap', textAlign: 'start',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  head: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground3 },
  number: { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  status: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, margin: 0 },
});

/**
 * A report's first rows in its preview: a small table whose headers are the titles placing writes and whose values
 * read as the cells placing writes would show them (their number formats, in the pane's language); a pivot's are the
 * query's rows, before the pivot lays them out, and its caption says so. Loading, a slow query and a failed load are
 * told in words; the rest of the preview stays. Every title and value is rendered as text (React escapes it).
 */
export function PreviewSampleRows({ sample }: { sample: SampleRows }) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m, locale } = i18n;
  const p = previewWordsOf(m);
  const captionId = useId();
  if (sample.kind === 'none') return null;
  if (sample.kind !== 'loaded') {
    const words = sample.kind === 'loading' ? p.loadingRows : sample.kind === 'slow' ? p.slowRows : p.rowsFailed(describeError(sample.error, i18n));
    return (
      <p className={mergeClasses(styles.section, styles.status)} role="status" data-testid="preview-sample-status">
        {sample.kind === 'loading' && <Spinner size="extra-tiny" aria-hidden />}
        {words}
      </p>
    );
  }
  // Five rows at most: laid out again at each render, as cheap as keeping them.
  const table = sampleTable(sample.result, sample.query, sample.pivot, m.cells);
  if (table.rows.length === 0) return <p className={mergeClasses(styles.section, styles.status)} role="status" data-testid="preview-sample-status">{p.noRows}</p>;
  const count = table.rows.length;
  const words = sample.flat ? p.firstRows : p.firstQueryRows;
  const caption = words[new Intl.PluralRules(locale).select(count) === 'one' ? 'one' : 'other'](i18n.number(count));
  const valueWords = { locale, true: p.true, false: p.false };
  // The caption stands outside the box that scrolls, so it stays in view however far the table is scrolled.
  return (
    <div className={styles.section}>
      <p id={captionId} className={styles.caption} data-testid="preview-sample-caption">{caption}</p>
      <div className={styles.scroll} role="region" aria-labelledby={captionId} tabIndex={0} data-testid="preview-sample">
        <table className={styles.table} aria-labelledby={captionId}>
          <thead>
            <tr>
              {table.columns.map((column, i) => (
                <th key={i} scope="col" className={mergeClasses(styles.cell, styles.head, column.numeric && styles.number)}>{column.title}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c} className={mergeClasses(styles.cell, table.columns[c]!.numeric && styles.number)}>{shownValue(cell.value, cell.format, valueWords)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
