import { useState } from 'react';
import { COMMAND_SUCCEEDED, type CommandCompletion } from './excel-host/host/function-commands';

/** The manifest's ribbon words (its bt:ShortStrings, with their de-DE overrides). */
const LABELS = {
  en: { tab: 'Home', group: 'Reports', openPane: 'Report Sync', refreshAll: 'Refresh all' },
  de: { tab: 'Start', group: 'Berichte', openPane: 'Report Sync', refreshAll: 'Alle aktualisieren' },
};

export interface RibbonProps {
  language: string;
  /** The "Report Sync" button: `ShowTaskpane`. */
  onShowPane(): void;
  /**
   * The "Refresh all" button: `ExecuteFunction refreshAll`, run by Office's command machinery in the pane's page.
   * Null until the host is connected, and on hosts without a shared runtime, where the manifest shows no ribbon.
   */
  refreshAll: (() => Promise<CommandCompletion>) | null;
}

/**
 * The Home tab's add-in group as the manifest declares it. A function command's button stays pressed-looking (busy)
 * until the function calls `completed()`, as Office shows the add-in working on it; a command Office could not run
 * is reported under the buttons.
 */
export function Ribbon({ language, onShowPane, refreshAll }: RibbonProps) {
  const words = language.toLowerCase().startsWith('de') ? LABELS.de : LABELS.en;
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const runRefreshAll = async () => {
    if (!refreshAll || running) return;
    setRunning(true);
    setFailure(null);
    try {
      const { status } = await refreshAll();
      if (status !== COMMAND_SUCCEEDED) setFailure(`Office could not run the command (status ${status}).`);
    } catch (e) {
      setFailure(e instanceof Error ? e.message : String(e));
    } finally {
      setRunning(false);
    }
  };
  return (
    <div className="ribbon" role="toolbar" aria-label={`${words.tab}: ${words.group}`}>
      <div className="ribbon-group" role="group" aria-label={words.group}>
        <div className="buttons">
          <button type="button" onClick={onShowPane}>
            <img src="assets/icon-32.png" alt="" />
            {words.openPane}
          </button>
          <button
            type="button"
            aria-disabled={!refreshAll || running}
            aria-busy={running}
            data-testid="ribbon-refresh-all"
            // Fire and forget: runRefreshAll shows its own failure under the buttons.
            onClick={() => void runRefreshAll()}
          >
            <img src="assets/refresh-all-32.png" alt="" />
            {words.refreshAll}
          </button>
        </div>
        <span className="group-label">{words.group}</span>
      </div>
      {failure && <span role="alert">{failure}</span>}
    </div>
  );
}
