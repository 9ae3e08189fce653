import { createRoot } from 'react-dom/client';
import { officeHost, runsInOffice } from '../excel/office-host';
import { mountPane } from './mount';
// Registers the RS functions as the script loads (see the module).
import './mount-functions';
import { RibbonCommands } from './mount-ribbon';
import { OutsideOffice } from './views/OutsideOffice';
import { resumeAhead } from '../pane/pane-modules';
import { loadSettings, saveSettings } from '../storage/settings-storage';

// The ribbon's "Refresh all" runs in this page (the manifest's shared runtime). Associated as the script loads, as
// Microsoft's shared-runtime template does, so the click that loaded this page finds its function.
const ribbon = new RibbonCommands();
ribbon.associate();

// Office's start (its library's handshake with Excel) takes a while: a saved connection resumes meanwhile (its tokens
// renewed, the platform asked who the user is), and the pane takes it once mounted. Opened outside Office, its answer
// goes unused.
const resumed = resumeAhead({ load: loadSettings, save: saveSettings });

// Office calls back once the host is ready; what it resolves with is not needed (the callback gets the same info).
void Office.onReady((info) => {
  const element = document.getElementById('root')!;
  if (!runsInOffice(info)) {
    // webpack's mode sets NODE_ENV; the workbench is built in development only.
    const workbenchUrl = process.env.NODE_ENV !== 'production' ? new URL('workbench.html', window.location.href).href : null;
    createRoot(element).render(<OutsideOffice displayLanguage={navigator.language} workbenchUrl={workbenchUrl} />);
    return;
  }
  mountPane(element, officeHost(), { ribbon, resumed });
});
