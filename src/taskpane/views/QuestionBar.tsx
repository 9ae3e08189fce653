import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export interface QuestionAnswer {
  label: string;
  onClick(): void;
  /** The answer the question suggests (at most one). */
  primary?: boolean;
}

/** A question the pane asks before it acts: title, what it means, the answers, and Cancel last. */
export function QuestionBar({ intent, title, children, answers, cancelLabel, onCancel }: {
  intent: 'info' | 'warning';
  title: string;
  children: ReactNode;
  answers: QuestionAnswer[];
  cancelLabel: string;
  onCancel(): void;
}) {
  return (
    <MessageBar intent={intent} layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {children}
      </MessageBarBody>
      <MessageBarActions>
        {answers.map((answer) => (
          <Button key={answer.label} appearance={answer.primary ? 'primary' : 'secondary'} onClick={answer.onClick}>{answer.label}</Button>
        ))}
        <Button onClick={onCancel}>{cancelLabel}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
