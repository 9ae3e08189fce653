import { MessageBar, MessageBarActions, MessageBarBody, createFocusOutlineStyle, makeStyles, type MessageBarProps } from '@fluentui/react-components';
import { useRef, useState, type ReactNode } from 'react';
import { useInView } from './useInView';

const useStyles = makeStyles({
  // Focused by script: a keyboard user sees where the next Tab starts.
  text: createFocusOutlineStyle(),
});

export interface MessageInViewProps {
  /** What is said, by identity: each new one is a bar of its own, brought into view. */
  message: unknown;
  intent: MessageBarProps['intent'];
  /** Its text takes the focus as it appears (a refusal, a failure): read out, and the next Tab starts there. */
  takeFocus?: boolean;
  /** Said by the pane itself or after a ribbon command: brought into view only while the user is in the pane. */
  whenInPane?: boolean;
  /** Said by a check the pane runs by itself: it appears where it is, nothing moves and no focus is taken. */
  quiet?: boolean;
  actions?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A message bar for what a click caused (issue 42): it comes into view where the user is looking (`useInView`), and
 * with `takeFocus` its text takes the focus (focusable by script only, `tabIndex={-1}`). Each new message mounts
 * a bar of its own, which Fluent announces as it mounts, so one failure following another is read out too.
 */
export function MessageInView(props: MessageInViewProps) {
  // "Storing information from previous renders" (React's pattern): a new message is a new bar.
  const [seen, setSeen] = useState({ message: props.message, generation: 0 });
  if (seen.message !== props.message) setSeen({ message: props.message, generation: seen.generation + 1 });
  return <Bar key={seen.generation} {...props} />;
}

function Bar({ message, intent, takeFocus = false, whenInPane = false, quiet = false, actions, children, 'data-testid': testId }: MessageInViewProps) {
  const styles = useStyles();
  const bar = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLDivElement>(null);
  useInView(quiet ? null : message, bar, takeFocus ? text : null, { whenInPane });
  return (
    <MessageBar ref={bar} intent={intent} layout="multiline" data-testid={testId}>
      <MessageBarBody ref={text} className={styles.text} tabIndex={takeFocus ? -1 : undefined}>{children}</MessageBarBody>
      {actions && <MessageBarActions>{actions}</MessageBarActions>}
    </MessageBar>
  );
}
