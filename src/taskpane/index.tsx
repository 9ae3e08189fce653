import { createRoot } from 'react-dom/client';
import { officeHost, runsInOffice } from '../excel/office-host';
import { associateRefreshAll, showTaskpane } from '../excel/ribbon-commands';
import { RibbonRefreshRequests, runRibbonRefreshAll } from '../monitoring/ribbon-requests';
import { Pane } from './App';
import { loadSettings, saveSettings } from './settings-storage';
import { OutsideOffice } from './views/OutsideOffice';

// The ribbon's "Refresh all" runs in this page (the manifest's shared runtime). Associated as the script loads, as
// Microsoft's shared-runtime template does, so the click that loaded this page finds its function.
const ribbon = new RibbonRefreshRequests();
associateRefreshAll(() => runRibbonRefreshAll(ribbon, showTaskpane));

// The RS functions live in this page too (the manifest's shared runtime): Microsoft's metadata plugin appends their
// `CustomFunctions.associate` calls to that module, so importing it registers them as the script loads.
import '../functions/functions';

// Office calls back once the host is ready; what it resolves with is not needed (the callback gets the same info).
void Office.onReady((info) => {
  const root = createRoot(document.getElementById('root')!);
  if (!runsInOffice(info)) {
    // webpack's mode sets NODE_ENV; the workbench is built in development only.
    const workbenchUrl = process.env.NODE_ENV !== 'production' ? new URL('workbench.html', window.location.href).href : null;
    root.render(<OutsideOffice displayLanguage={navigator.language} workbenchUrl={workbenchUrl} />);
    return;
  }
  const saved = loadSettings();
  root.render(
    <Pane
      host={officeHost()}
      initialSettings={saved ?? { baseUrl: window.location.origin, accessToken: '' }}
      autoConnect={saved !== null}
      saveSettings={saveSettings}
      ribbon={ribbon}
    />,
  );
});
