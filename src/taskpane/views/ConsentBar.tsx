import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useId, useRef } from 'react';
import type { ConsentState } from '../../pane/workbook-consent';
import type { QueriedSheet } from '../../core/workbook-consent';
import { useI18n } from '../i18n';
import { consentWordsOf, type ConsentWords } from '../i18n/consent-words';
import { MessageInView } from './MessageInView';
import { useInView } from './useInView';

/**
 * The consent bar (issue 39): what a workbook this user has not allowed would query by itself — its reports with
 * their members and filters, the sheets it writes into (hidden ones said so), refresh on open, formulas — with Allow
 * and Not now. Not now is the focused default, so Enter never sends a query. Titles and members are the file's text:
 * React renders them as text, never markup. After Not now, one line says what waits, with a way back to the bar.
 * Asked again from Refresh all far down the pane, the bar is scrolled into view (`useInView`); the line after Not now
 * takes the focus the gone button had.
 */
export function ConsentBar({ consent, onAllow, onNotNow, onReview }: {
  consent: ConsentState;
  onAllow(): void;
  onNotNow(): void;
  onReview(): void;
}) {
  const { m } = useI18n();
  const words = consentWordsOf(m);
  const titleId = useId();
  const bar = useRef<HTMLDivElement>(null);
  const notNow = useRef<HTMLButtonElement>(null);
  // Each time it asks (not each time what it lists is read again while it asks).
  useInView(consent.kind === 'asking' ? 'asking' : null, bar, notNow);
  if (consent.kind === 'declined') {
    return (
      <MessageInView
        message="declined" intent="info" takeFocus data-testid="consent-declined"
        actions={<Button onClick={onReview}>{words.reconsider}</Button>}
      >
        {words.declined}
      </MessageInView>
    );
  }
  if (consent.kind !== 'asking') return null;
  const { reports, sheets, refreshOnOpen, formulas } = consent.queries;
  return (
    <MessageBar ref={bar} intent="warning" layout="multiline" role="alertdialog" aria-labelledby={titleId} data-testid="consent-bar">
      <MessageBarBody>
        <MessageBarTitle id={titleId}>{words.title}</MessageBarTitle>
        <p>{words.intro}</p>
        {reports.length > 0 && (
          <>
            <strong>{words.reportsHeading}</strong>
            <ul data-testid="consent-reports">
              {reports.map((r) => (
                <li key={`${r.deploymentId}:${r.reportId}`}>
                  {r.title}
                  {r.members.length > 0 && <div>{words.members(r.members.join(', '))}</div>}
                  {r.filters.length > 0 && <div>{words.filters(r.filters.join('; '))}</div>}
                </li>
              ))}
            </ul>
          </>
        )}
        {sheets.length > 0 && (
          <>
            <strong>{words.sheetsHeading}</strong>
            <ul data-testid="consent-sheets">{sheets.map((s) => <li key={s.name}>{sheetWords(s, words)}</li>)}</ul>
          </>
        )}
        {refreshOnOpen && <p data-testid="consent-refresh-on-open">{words.refreshOnOpen}</p>}
        {formulas > 0 && <p data-testid="consent-formulas">{words.formulas}</p>}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onAllow}>{words.allow}</Button>
        <Button ref={notNow} appearance="primary" data-default onClick={onNotNow}>{words.notNow}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

function sheetWords(sheet: QueriedSheet, words: ConsentWords): string {
  if (sheet.visibility === 'VeryHidden') return `${sheet.name} (${words.veryHidden})`;
  return sheet.visibility === 'Hidden' ? `${sheet.name} (${words.hidden})` : sheet.name;
}
