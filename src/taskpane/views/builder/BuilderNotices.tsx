import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Text, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef } from 'react';
import type { BuilderState } from '../../../builder/builder-model';
import { reportTitle } from '../../../core/report-definition';
import { useBuilderWords, type BuilderWords } from '../../i18n/builder-catalog';
import { MessageInView } from '../MessageInView';
import { QuestionBar } from '../QuestionBar';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: { margin: 0, paddingInlineStart: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  unknown: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  name: { overflowWrap: 'anywhere', minWidth: 0 },
});

export interface BuilderNoticesProps {
  state: BuilderState;
  onAllow(): void;
  onDismissQuestion(): void;
  onRemoveUnknown(member: string): void;
  onReload(): void;
  onSaveCopy(): void;
}

/**
 * What the builder has to tell or ask: a question before it writes, members the model no longer has (each
 * removable), parts it cannot show, a report changed elsewhere, and the last action's outcome.
 */
export function BuilderNotices({ state, onAllow, onDismissQuestion, onRemoveUnknown, onReload, onSaveCopy }: BuilderNoticesProps) {
  const styles = useStyles();
  const b = useBuilderWords();
  const list = (items: readonly string[], max: number) => `${items.slice(0, max).join(', ')}${items.length > max ? ` ${b.andMore}` : ''}`;
  const { question } = state;
  const unsupportedParts = b.unsupportedParts as Record<string, string>;
  const viewMissing = state.viewName !== null && !state.cubes.some((cube) => cube.name === state.viewName);
  // Removing an unknown member moves focus to the next one's Remove button (the view's own fallback otherwise).
  const unknownList = useRef<HTMLUListElement>(null);
  const focusAfter = useRef<number | null>(null);
  const unknownSignature = state.unknownMembers.join('\n');
  useEffect(() => {
    const index = focusAfter.current;
    focusAfter.current = null;
    if (index === null) return;
    const buttons = unknownList.current?.querySelectorAll<HTMLButtonElement>('button') ?? [];
    buttons[Math.min(index, buttons.length - 1)]?.focus();
  }, [unknownSignature]);

  return (
    <div className={styles.column}>
      {question && (
        <QuestionBar
          intent="warning"
          title={question.kind === 'overwrite' ? b.overwriteTitle : b.handEditsTitle}
          answers={[{ label: b.overwrite, onClick: onAllow }]}
          cancelLabel={b.cancel}
          onCancel={onDismissQuestion}
        >
          {question.kind === 'overwrite' ? b.overwriteBody(question.target, list(question.foreignCells, 5)) : b.handEditsBody(list(question.cells, 5))}
        </QuestionBar>
      )}
      {state.changedElsewhere && state.opened && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{b.changedElsewhere(reportTitle(state.opened.report))}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={onReload}>{b.reload}</Button>
            <Button onClick={onSaveCopy}>{b.saveCopy}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {state.actionError && (
        <MessageInView message={state.actionError} intent="error" takeFocus>{state.actionError}</MessageInView>
      )}
      {state.notice && (
        <MessageBar intent="success" layout="multiline">
          <MessageBarBody>{noticeWords(state, b)}</MessageBarBody>
        </MessageBar>
      )}
      {viewMissing && (
        <MessageBar intent="warning" layout="multiline">
          <MessageBarBody>{b.viewMissing(state.viewName!)}</MessageBarBody>
        </MessageBar>
      )}
      {state.unknownMembers.length > 0 && (
        <MessageBar intent="warning" layout="multiline" data-testid="builder-unknown-members">
          <MessageBarBody>
            <MessageBarTitle>{b.unknownTitle}</MessageBarTitle>
            {b.unknownBody}
            <ul className={styles.list} ref={unknownList}>
              {state.unknownMembers.map((member, index) => (
                <li key={member} className={styles.unknown} data-unknown-member={member}>
                  <Text className={styles.name}>{member}</Text>
                  <Button
                    size="small"
                    aria-label={b.removeUnknown(member)}
                    onClick={() => {
                      focusAfter.current = index;
                      onRemoveUnknown(member);
                    }}
                  >
                    {b.remove}
                  </Button>
                </li>
              ))}
            </ul>
          </MessageBarBody>
        </MessageBar>
      )}
      {state.unsupported.length > 0 && (
        <MessageBar intent="warning" layout="multiline" data-testid="builder-unsupported">
          <MessageBarBody>{b.unsupported(state.unsupported.map((part) => unsupportedParts[part] ?? part).join(', '))}</MessageBarBody>
        </MessageBar>
      )}
    </div>
  );
}

/** The last action's success in words, naming the report it concerned. */
function noticeWords(state: BuilderState, b: BuilderWords): string {
  const title = state.opened ? reportTitle(state.opened.report) : '';
  switch (state.notice) {
    case 'saved': return b.notices.saved(title);
    case 'saved-as': return b.notices['saved-as'](title);
    case 'updated': return b.notices.updated(title);
    case 'deleted': return b.notices.deleted;
    default: return '';
  }
}
