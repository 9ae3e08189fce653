import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useId, useRef, type ReactNode } from 'react';
import { useInView } from './useInView';

export interface QuestionAnswer {
  label: string;
  onClick(): void;
  /**
   * The safe answer the question suggests (at most one): it is the default, shown as primary and focused. Never
   * a destructive one (overwrite, discard, delete); without one, Cancel is the default.
   */
  primary?: boolean;
}

/**
 * A question the pane asks before it acts: title, what it means (naming the cells), the answers, and Cancel last.
 * It is an `alertdialog` (WAI-ARIA: https://www.w3.org/TR/wai-aria-1.2/#alertdialog) so a screen reader announces
 * its title and text when it appears, and it is scrolled into view with its default answer focused (`useInView`), so
 * a question asked while the user looks at a card far below is seen, and Enter never destroys anything.
 */
export function QuestionBar({ intent, title, children, answers, cancelLabel, onCancel }: {
  intent: 'info' | 'warning';
  title: string;
  children: ReactNode;
  answers: QuestionAnswer[];
  cancelLabel: string;
  onCancel(): void;
}) {
  const titleId = useId();
  const bodyId = useId();
  const bar = useRef<HTMLDivElement>(null);
  const defaultButton = useRef<HTMLButtonElement>(null);
  const cancelIsDefault = !answers.some((answer) => answer.primary);
  // Each new question (a new title or a new set of answers) takes the focus once; re-renders of the same one do not.
  const key = `${title}\u0000${answers.map((a) => a.label).join('\u0000')}`;
  useInView(key, bar, defaultButton);
  return (
    <MessageBar ref={bar} intent={intent} layout="multiline" role="alertdialog" aria-labelledby={titleId} aria-describedby={bodyId} data-testid="question">
      <MessageBarBody>
        <MessageBarTitle id={titleId}>{title}</MessageBarTitle>
        <span id={bodyId}>{children}</span>
      </MessageBarBody>
      <MessageBarActions>
        {answers.map((answer) => (
          <Button
            key={answer.label} ref={answer.primary ? defaultButton : undefined}
            appearance={answer.primary ? 'primary' : 'secondary'} data-default={answer.primary ? true : undefined} onClick={answer.onClick}
          >
            {answer.label}
          </Button>
        ))}
        <Button ref={cancelIsDefault ? defaultButton : undefined} appearance={cancelIsDefault ? 'primary' : 'secondary'} data-default={cancelIsDefault ? true : undefined} onClick={onCancel}>{cancelLabel}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
