import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { loadSettings, saveSettings } from './settings-storage';

Office.onReady(() => {
  const saved = loadSettings();
  createRoot(document.getElementById('root')!).render(
    <FluentProvider theme={webLightTheme}>
      <App initialSettings={saved ?? { baseUrl: window.location.origin, accessToken: '' }} autoConnect={saved !== null} saveSettings={saveSettings} />
    </FluentProvider>,
  );
});
