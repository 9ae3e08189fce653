import { Button, Caption1, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components';
import { memo, useState } from 'react';
import { MAX_CHAT_INPUT_CHARS } from '../../../contract';
import { useI18n } from '../../i18n';
import { useChatWords } from '../../i18n/chat-catalog';

const useStyles = makeStyles({
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
});

export interface ChatComposerProps {
  streaming: boolean;
  stopping: boolean;
  disabled: boolean;
  onSend(text: string): void;
  onStop(): void;
}

/** The question box: Enter sends (Shift+Enter is a new line), Stop stops the answer streaming. Not drawn again for each streamed word. */
export const ChatComposer = memo(Composer);

function Composer({ streaming, stopping, disabled, onSend, onStop }: ChatComposerProps) {
  const styles = useStyles();
  const { number } = useI18n();
  const c = useChatWords();
  const [text, setText] = useState('');
  const tooLong = text.length > MAX_CHAT_INPUT_CHARS;
  const canSend = !disabled && !streaming && !tooLong && text.trim() !== '';
  const send = () => {
    if (!canSend) return;
    onSend(text);
    setText('');
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Field
        label={c.inputLabel}
        validationState={tooLong ? 'error' : 'none'}
        validationMessage={tooLong ? c.tooLong(number(text.length), number(MAX_CHAT_INPUT_CHARS)) : undefined}
      >
        <Textarea
          value={text}
          resize="vertical"
          placeholder={c.inputPlaceholder}
          onChange={(_, data) => setText(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              send();
            }
          }}
        />
      </Field>
      <div className={styles.row}>
        <Caption1 aria-hidden>{c.characters(number(text.length), number(MAX_CHAT_INPUT_CHARS))}</Caption1>
        {streaming ? (
          <Button onClick={onStop} disabled={stopping}>{stopping ? c.stopping : c.stop}</Button>
        ) : (
          <Button type="submit" appearance="primary" disabled={!canSend}>{c.send}</Button>
        )}
      </div>
    </form>
  );
}
