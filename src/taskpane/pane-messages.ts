import type { Operation, PaneError, PaneNotice } from '../pane/pane-state';
import { describeError, describeFailedCheck, tableRefusalReason } from './errors';
import type { I18n } from './i18n';
import { consentWordsOf } from './i18n/consent-words';
import { convertWordsOf } from './i18n/convert-words';
import { stopWordsOf } from './i18n/stop-words';

/** The pane store's typed messages in the pane's words. */

/** The error area's text for what failed, by the part of the pane it came from. */
export function paneErrorWords({ source, error }: PaneError, i18n: I18n): string {
  const { m } = i18n;
  switch (source) {
    case 'hand-edit-check': return describeFailedCheck(m.errors.handEditCheckFailed, error, i18n);
    case 'status-read': return describeFailedCheck(m.errors.statusRefreshFailed, error, i18n);
    case 'ribbon-refused': return m.ribbonRefreshRefused(m.downloadRestricted);
    case 'action':
    case 'list': return describeError(error, i18n);
  }
}

/** The success area's text. */
export function paneNoticeWords(notice: PaneNotice, { m, number }: I18n): string {
  switch (notice.kind) {
    case 'nothing-to-refresh': return m.ribbonNothingToRefresh;
    case 'consent-declined': return consentWordsOf(m).ribbonDeclined;
    case 'table-still-plain': return m.tableStillPlain(tableRefusalReason(notice.refusal, m));
    case 'stopped': {
      const title = notice.title ?? m.noAccessTitle;
      const words = stopWordsOf(m);
      return notice.operation === 'placing' ? words.stoppedPlacing(title) : words.stoppedRefreshing(title);
    }
    case 'converted': return convertWordsOf(m).converted(notice.title, notice.location, number(notice.formulas));
    case 'written': {
      const { rows, cutAt, table } = notice;
      const cut = cutAt ? ` ${m.cutNotice(number(cutAt))}` : '';
      // A refresh says when the row count changed: "12 rows, was 10" (never "10 rows, was 10").
      const counts = rows && rows.was !== null && rows.was !== rows.now ? ` ${m.rowsNowWas(number(rows.now), rows.now, number(rows.was))}` : '';
      // Excel refused the table: the placement is plain cells, and the notice says why.
      const plain = table ? ` ${m.tablePlainCells(tableRefusalReason(table, m))}` : '';
      return `${m.placedNotice(notice.title, notice.location)}${counts}${cut}${plain}`;
    }
  }
}

/** The progress bar's label: placing or refreshing which report. */
export function operationWords(operation: Operation, { m }: Pick<I18n, 'm'>): string {
  const title = operation.title ?? m.noAccessTitle;
  if (operation.kind === 'converting') return convertWordsOf(m).converting(title);
  return operation.kind === 'placing' ? m.placing(title) : m.refreshing(title);
}
