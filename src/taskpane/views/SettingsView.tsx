import { Dropdown, Field, MessageBar, MessageBarBody, Option, Spinner, makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { AppConfig } from '../../contract';
import type { Connection } from '../../placement/connection';
import { sheetSettingPatch, sheetSettingViews, type SheetSettingKey } from '../../placement/sheet-settings';
import { describeError } from '../errors';

const LABELS: Record<SheetSettingKey, string> = {
  autoRunQueryOnChange: 'Run the query when an exploration changes',
  openExplorationFromSheet: 'Open explorations from the sheet',
  revealSheetOnOpen: 'Show the sheet of a placement when opening it',
  showAppliedFilters: 'Show applied filters above tables',
  suppressDuplicateValues: 'Write repeated row values once',
};

const useStyles = makeStyles({ column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM } });

/** The user's sheet settings, saved with the merge PATCH; inherited ones show the default they inherit. */
export function SettingsView({ connection }: { connection: Connection }) {
  const styles = useStyles();
  const [appConfig, setAppConfig] = useState<AppConfig | null | undefined>(undefined);
  const [user, setUser] = useState(connection.user);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    connection.platform.getAppConfig(controller.signal).then(setAppConfig, (e: unknown) => {
      if (!controller.signal.aborted) {
        setAppConfig(null);
        setError(describeError(e));
      }
    });
    return () => controller.abort();
  }, [connection]);

  if (appConfig === undefined) return <Spinner size="tiny" label="Loading settings…" />;

  const save = async (key: SheetSettingKey, value: boolean | null) => {
    setError(null);
    try {
      const updated = await connection.platform.updateSettings(sheetSettingPatch(key, value));
      // The session reads the user's settings for every layout, so later writes follow the change.
      connection.user = updated;
      setUser(updated);
    } catch (e) {
      setError(describeError(e));
    }
  };

  return (
    <div className={styles.column}>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {sheetSettingViews(user, appConfig).map((view) => {
        const selected = view.own === null ? 'default' : view.own ? 'on' : 'off';
        const labels = { default: `Default (${view.inherited ? 'on' : 'off'})`, on: 'On', off: 'Off' };
        return (
          <Field key={view.key} label={LABELS[view.key]}>
            <Dropdown
              value={labels[selected]}
              selectedOptions={[selected]}
              onOptionSelect={(_, data) => void save(view.key, data.optionValue === 'default' ? null : data.optionValue === 'on')}
            >
              <Option value="default">{labels.default}</Option>
              <Option value="on">On</Option>
              <Option value="off">Off</Option>
            </Dropdown>
          </Field>
        );
      })}
    </div>
  );
}
