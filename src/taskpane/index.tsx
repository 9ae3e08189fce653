import { createRoot } from 'react-dom/client';
import { officeHost } from '../excel/office-host';
import { Pane } from './App';
import { loadSettings, saveSettings } from './settings-storage';

Office.onReady(() => {
  const saved = loadSettings();
  createRoot(document.getElementById('root')!).render(
    <Pane
      host={officeHost()}
      initialSettings={saved ?? { baseUrl: window.location.origin, accessToken: '' }}
      autoConnect={saved !== null}
      saveSettings={saveSettings}
    />,
  );
});
