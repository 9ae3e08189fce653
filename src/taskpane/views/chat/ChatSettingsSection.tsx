import { Button, Caption1, Field, Input, MessageBar, MessageBarBody, Subtitle2, makeStyles, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { chatUrlDeployment, type ChatSettings } from '../../../chat/chat-settings';
import { useChatWords } from '../../i18n/chat-catalog';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

export interface ChatSettingsSectionProps {
  settings: ChatSettings | null;
  /** Keeps them in the add-in's own storage (null forgets them). */
  onChange(settings: ChatSettings | null): void;
}

/** The agent's Chat API URL and key (none for a deployment's agent). The key is never shown back: a saved one shows as dots until replaced. */
export function ChatSettingsSection({ settings, onChange }: ChatSettingsSectionProps) {
  const styles = useStyles();
  const words = useChatWords().settings;
  const [url, setUrl] = useState(settings?.chatApiUrl ?? '');
  const [key, setKey] = useState('');
  const [notice, setNotice] = useState<'saved' | 'forgotten' | 'incomplete' | null>(null);

  const save = () => {
    // A deployment's agent takes the user's sign-in only, never a key; an agent's URL needs one, typed or kept.
    const apiKey = chatUrlDeployment(url) !== null ? null : key.trim() || settings?.apiKey || null;
    if (!url.trim() || (!apiKey && chatUrlDeployment(url) === null)) {
      setNotice('incomplete');
      return;
    }
    onChange({ chatApiUrl: url.trim(), apiKey });
    setKey('');
    setNotice('saved');
  };

  return (
    <section className={styles.column} aria-labelledby="chat-settings-heading">
      <Subtitle2 as="h3" id="chat-settings-heading">{words.heading}</Subtitle2>
      <Caption1>{words.hint}</Caption1>
      <Field label={words.url}>
        <Input type="url" value={url} onChange={(_, data) => setUrl(data.value)} autoComplete="off" spellCheck={false} />
      </Field>
      <Field label={words.key}>
        <Input
          type="password"
          value={key}
          placeholder={settings?.apiKey ? '••••••••' : undefined}
          onChange={(_, data) => setKey(data.value)}
          autoComplete="off"
        />
      </Field>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={save}>{words.save}</Button>
        {settings && (
          <Button
            onClick={() => {
              onChange(null);
              setUrl('');
              setKey('');
              setNotice('forgotten');
            }}
          >
            {words.forget}
          </Button>
        )}
      </div>
      {notice && (
        <MessageBar intent={notice === 'incomplete' ? 'warning' : 'success'} role="status">
          <MessageBarBody>{words[notice]}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
