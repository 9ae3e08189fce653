import { Caption1, Dropdown, Field, MessageBar, MessageBarBody, Option, Subtitle2, Switch, makeStyles, tokens } from '@fluentui/react-components';
import { useState, useSyncExternalStore } from 'react';
import type { ChatSettings } from '../../chat/chat-settings';
import type { PaneConnection } from '../../pane/pane-connection';
import { sheetSettingPatch, sheetSettingViews, type SheetSettingKey } from '../../core/sheet-settings';
import { describeError } from '../errors';
import { useI18n } from '../i18n';
import { useCubeWords } from '../i18n/cube-words';
import { usePaneRoot } from '../pane-context';
import { ChatSettingsSection } from './chat/ChatSettingsSection';

const useStyles = makeStyles({ column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

export interface SettingsViewProps {
  connection: PaneConnection;
  chatSettings: ChatSettings | null;
  onChatSettingsChange(settings: ChatSettings | null): void;
}

/**
 * The user's sheet settings, saved with the merge PATCH (inherited ones show the default they inherit), and
 * where the agent chat reaches its agent (with the platform: a Cube API alone has no agent).
 */
export function SettingsView({ connection, chatSettings, onChatSettingsChange }: SettingsViewProps) {
  const styles = useStyles();
  const i18n = useI18n();
  const cw = useCubeWords();
  const { m } = i18n;
  const root = usePaneRoot();
  useSyncExternalStore(connection.subscribe, () => connection.state);
  const { user } = connection;
  const [error, setError] = useState<string | null>(null);
  // The add-in's own setting (the platform has no field for it), per user: read once, saved at each change.
  const [newPlacements, setNewPlacements] = useState(() => root.newPlacementSettings(user.id));

  const saveNewPlacements = (titleAndSource: boolean) => {
    setError(null);
    try {
      root.saveNewPlacementSettings(user.id, { titleAndSource });
      setNewPlacements({ titleAndSource });
    } catch (e) {
      setError(describeError(e, i18n));
    }
  };

  const save = async (key: SheetSettingKey, value: boolean | null) => {
    setError(null);
    try {
      // Saved, the connection holds the user the platform answered: every later layout follows the change.
      await connection.updateSettings(sheetSettingPatch(key, value));
    } catch (e) {
      setError(describeError(e, i18n));
    }
  };

  return (
    <section className={styles.column} aria-labelledby="settings-heading">
      <Subtitle2 as="h2" id="settings-heading">{m.settingsHeading}</Subtitle2>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {sheetSettingViews(user, connection.appConfig).map((view) => {
        const selected = view.own === null ? 'default' : view.own ? 'on' : 'off';
        const labels = { default: m.settingDefault(view.inherited), on: m.on, off: m.off };
        return (
          <Field key={view.key} label={m.settingLabels[view.key]} hint={m.settingHints[view.key]}>
            <Dropdown
              value={labels[selected]}
              selectedOptions={[selected]}
              // Fire and forget: save shows its own failure above the settings.
              onOptionSelect={(_, data) => void save(view.key, data.optionValue === 'default' ? null : data.optionValue === 'on')}
            >
              <Option value="default">{labels.default}</Option>
              <Option value="on">{labels.on}</Option>
              <Option value="off">{labels.off}</Option>
            </Dropdown>
          </Field>
        );
      })}
      <Subtitle2 as="h2">{m.newPlacementsHeading}</Subtitle2>
      <Field hint={m.titleAndSourceHint}>
        <Switch
          checked={newPlacements.titleAndSource} label={m.titleAndSourceSetting} data-testid="setting-title-and-source"
          onChange={(_, data) => saveNewPlacements(data.checked)}
        />
      </Field>
      {connection.platform
        ? <ChatSettingsSection settings={chatSettings} onChange={onChatSettingsChange} />
        : <Caption1 data-testid="chat-unavailable">{cw.cube.chatUnavailable}</Caption1>}
    </section>
  );
}
