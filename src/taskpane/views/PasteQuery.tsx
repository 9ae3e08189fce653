import {
  Button, Field, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Textarea, makeStyles, tokens,
} from '@fluentui/react-components';
import { ClipboardPasteRegular } from '@fluentui/react-icons';
import { useEffect, useRef, type FormEvent } from 'react';
import { describeError } from '../errors';
import { useI18n } from '../i18n';
import { pasteProblemWords, usePasteWords } from '../i18n/paste-words';
import { sendIntent, useConnectedPane, useStoreState } from '../pane-context';

const useStyles = makeStyles({
  form: {
    display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, padding: tokens.spacingVerticalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium,
  },
  query: { fontFamily: tokens.fontFamilyMonospace },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  problem: { overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', flexWrap: 'wrap' },
});

/** "Paste a query", beside New exploration: shows the form (`PasteQueryForm`). */
export function PasteQueryButton({ disabled }: { disabled: boolean }) {
  const { pasteQuery } = useConnectedPane();
  const { shown } = useStoreState(pasteQuery);
  const w = usePasteWords();
  return (
    <Button size="small" icon={<ClipboardPasteRegular />} disabled={disabled || shown} aria-expanded={shown} onClick={() => pasteQuery.show()}>
      {w.open}
    </Button>
  );
}

/**
 * The pasted query's form: the JSON, then Open in builder, which checks it against the browsed deployment's model
 * (`PasteQueryStore`) and opens it in the builder; every problem found is listed in words, scrolled into view and
 * focused. What was pasted is rendered as the text field's value only, never as markup.
 */
export function PasteQueryForm({ deploymentId, disabled }: { deploymentId: number; disabled: boolean }) {
  const styles = useStyles();
  const i18n = useI18n();
  const w = usePasteWords();
  const { pasteQuery } = useConnectedPane();
  const { shown, text, checking, problems, error, noModel } = useStoreState(pasteQuery);
  const field = useRef<HTMLTextAreaElement>(null);
  const refusal = useRef<HTMLDivElement>(null);
  const refused = problems.length > 0 || error !== null || noModel;

  useEffect(() => {
    if (shown) field.current?.focus();
  }, [shown]);
  // What a click on Open in builder found is brought into view and focused, wherever the form is in the pane.
  useEffect(() => {
    if (!refused) return;
    refusal.current?.scrollIntoView({ block: 'nearest' });
    refusal.current?.focus();
  }, [refused, problems, error]);

  if (!shown) return null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    sendIntent(() => pasteQuery.submit(deploymentId))();
  };
  const count = new Intl.PluralRules(i18n.locale).select(problems.length) === 'one' ? 'one' : 'other';
  return (
    <form className={styles.form} aria-label={w.formLabel} onSubmit={submit} data-testid="paste-query">
      <Field label={w.field} hint={w.hint}>
        <Textarea
          ref={field}
          textarea={{ className: styles.query, spellCheck: false }}
          resize="vertical"
          rows={8}
          value={text}
          onChange={(_, data) => pasteQuery.setText(data.value)}
        />
      </Field>
      {refused && (
        <div ref={refusal} tabIndex={-1} role="alert" data-testid="paste-problems">
          <MessageBar intent="error" layout="multiline">
            <MessageBarBody>
              {problems.length > 0 && (
                <>
                  <MessageBarTitle>{w.problemsTitle[count](i18n.number(problems.length))}</MessageBarTitle>
                  <ul className={styles.problems}>
                    {problems.map((problem, index) => (
                      <li key={index} className={styles.problem}>{pasteProblemWords(problem, i18n)}</li>
                    ))}
                  </ul>
                </>
              )}
              {noModel && w.noModel}
              {error !== null && w.checkFailed(describeError(error, i18n))}
            </MessageBarBody>
          </MessageBar>
        </div>
      )}
      <div className={styles.actions}>
        <Button type="submit" appearance="primary" disabled={disabled || checking}>{w.submit}</Button>
        <Button onClick={() => pasteQuery.hide()}>{w.cancel}</Button>
        {checking && <Spinner size="tiny" labelPosition="after" label={w.checking} role="status" />}
      </div>
    </form>
  );
}
