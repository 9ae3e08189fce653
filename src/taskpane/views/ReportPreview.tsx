import { Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { OpenPreview } from '../../pane/report-preview-store';
import type { PreviewMember, PreviewSize } from '../../placements/report-preview';
import { describeError } from '../errors';
import { useI18n, type I18n } from '../i18n';
import { previewWordsOf } from '../i18n/preview-words';
import { timeHeader } from '../../layout/time-header';
import { PreviewSampleRows } from './PreviewSampleRows';

const useStyles = makeStyles({
  box: {
    marginBlock: tokens.spacingVerticalXS, padding: tokens.spacingHorizontalS,
    backgroundColor: tokens.colorNeutralBackground2, borderRadius: tokens.borderRadiusMedium,
    fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200,
  },
  list: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, margin: 0 },
  term: { fontWeight: tokens.fontWeightSemibold },
  value: { margin: 0, minWidth: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-line' },
  size: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  note: { margin: 0, marginBlockStart: tokens.spacingVerticalXS, color: tokens.colorNeutralForeground3 },
});

type CountWords = { one: (count: string) => string; other: (count: string) => string };

/** "12 rows", "1 column": a count in its plural category. */
function counted(words: CountWords, n: number, { number, locale }: Pick<I18n, 'number' | 'locale'>): string {
  return words[new Intl.PluralRules(locale).select(n) === 'one' ? 'one' : 'other'](number(n));
}

/** "12 rows × 3 columns". */
const gridWords = (rows: number, columns: number, i18n: I18n) =>
  `${counted(previewWordsOf(i18n.m).rowCount, rows, i18n)} × ${counted(previewWordsOf(i18n.m).columnCount, columns, i18n)}`;

/** The size of the result in words: exact, about, at least, or why it is not known. */
export function sizeWords(size: PreviewSize, i18n: I18n): string {
  const p = previewWordsOf(i18n.m);
  switch (size.kind) {
    case 'counting': return p.counting;
    case 'slow': return p.estimating;
    case 'exact': {
      const grid = gridWords(size.rows, size.columns, i18n);
      return size.cutAt === null ? grid : `${grid}. ${p.cut(i18n.number(size.cutAt))}`;
    }
    case 'about': return p.about(gridWords(size.rows, size.columns, i18n));
    case 'at-least': return p.atLeast(gridWords(size.rows, size.columns, i18n));
    case 'unknown':
      if (size.maxRows !== null && size.columns !== null) return p.upTo(gridWords(size.maxRows, size.columns, i18n));
      if (size.columns !== null) return p.unknownRows(counted(p.columnCount, size.columns, i18n));
      return p.unknown;
    case 'unavailable': return size.reason === 'unplaceable' ? p.unplaceable : p.restricted;
    case 'failed': return p.failed(describeError(size.error, i18n));
  }
}

export interface ReportPreviewProps {
  preview: OpenPreview;
}

/**
 * A report's preview before placing: description, folder, when it last changed and whose it is, its members
 * where the layout puts them (the model's titles), the size of its result, counted on the data API, and its first
 * rows (`PreviewSampleRows`). Every text the platform gave is rendered as text (React escapes it). There is no link
 * to the report on the platform: neither the report nor its deployment gives an address for it.
 */
export function ReportPreview({ preview }: ReportPreviewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const { m, locale } = i18n;
  const p = previewWordsOf(m);
  const name = (member: PreviewMember) =>
    member.title === null ? member.name : member.granularity ? timeHeader(member.title, member.granularity, m.cells) : member.title;
  const names = (list: PreviewMember[]) => (list.length ? list.map(name).join(', ') : p.noMembers);
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(preview.updatedAt));
  // A report kept in the workbook names who saved it and no email: the name alone, never "(null)".
  const { name: ownerName, email } = preview.owner;
  const owner = ownerName ? (email ? `${ownerName} (${email})` : ownerName) : email ?? p.formerOwner;
  const busy = preview.size.kind === 'counting' || preview.size.kind === 'slow';
  const box = useRef<HTMLDivElement>(null);
  // Opened below its row, maybe past the pane's bottom edge: brought into view once.
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest' });
  }, [preview.reportId]);
  const sized = preview.size.kind === 'exact' || preview.size.kind === 'about' || preview.size.kind === 'at-least';
  const entry = (term: string, value: string, testId: string) => (
    <>
      <dt className={styles.term}>{term}</dt>
      <dd className={styles.value} data-testid={testId}>{value}</dd>
    </>
  );
  return (
    <div ref={box} className={styles.box} role="group" aria-label={p.label(preview.title)} data-testid="report-preview">
      <dl className={styles.list}>
        {entry(p.description, preview.description ?? p.noDescription, 'preview-description')}
        {entry(p.folder, preview.folderPath.length ? preview.folderPath.map((f) => f.name).join(' / ') : m.topLevel, 'preview-folder')}
        {entry(p.changed, when, 'preview-changed')}
        {entry(p.owner, owner, 'preview-owner')}
        {preview.members && entry(p.rows, names(preview.members.rows), 'preview-rows')}
        {preview.members && preview.members.columns.length > 0 && entry(p.columns, names(preview.members.columns), 'preview-columns')}
        {preview.members && entry(p.measures, names(preview.members.measures), 'preview-measures')}
        <dt className={styles.term}>{p.size}</dt>
        <dd className={styles.value}>
          <span className={styles.size} role="status" data-testid="preview-size">
            {busy && <Spinner size="extra-tiny" aria-hidden />}
            {sizeWords(preview.size, i18n)}
          </span>
        </dd>
      </dl>
      <PreviewSampleRows sample={preview.sample} />
      {sized && <p className={styles.note}>{p.fromDataApi}</p>}
    </div>
  );
}
