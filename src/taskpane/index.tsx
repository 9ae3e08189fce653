import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';
import type { ConnectionSettings } from '../placement/connection';
import { App } from './App';

const STORAGE_KEY = 'report-sync.connection';

/** The add-in's own storage: per user and origin, never inside the workbook. */
function loadSettings(): ConnectionSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as ConnectionSettings | null;
    if (saved && typeof saved.baseUrl === 'string' && typeof saved.accessToken === 'string') return saved;
  } catch {
    // Unreadable storage is the same as none: the user connects again.
  }
  return { baseUrl: window.location.origin, accessToken: '' };
}

function saveSettings(settings: ConnectionSettings | null): void {
  if (settings) localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  else localStorage.removeItem(STORAGE_KEY);
}

Office.onReady(() => {
  createRoot(document.getElementById('root')!).render(
    <FluentProvider theme={webLightTheme}>
      <App initialSettings={loadSettings()} saveSettings={saveSettings} />
    </FluentProvider>,
  );
});
