import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PaneHost } from '../excel/office-host';
import { Pane } from '../taskpane/App';
import { loadSettings, saveSettings } from '../taskpane/settings-storage';
import { connectOfficeJs, ExcelHost, HOST_PROFILES, WorkbookModel, type HostProfile } from './excel-host';
import { WorkbookGrid } from './WorkbookGrid';
import { clearWorkbook, loadWorkbook, saveWorkbook } from './workbook-store';
import { workbenchHost } from './workbench-host';

/**
 * The workbench (development only): the real task pane beside an emulated Excel. The page loads
 * Microsoft's Excel API library (not Office.js's loader, which looks for a real host), and the host
 * emulator carries out every request it sends on the workbook model. Scripts in the page and browser tests
 * act as the user through `window.workbench`. The workbook is kept in IndexedDB, as a saved file would be,
 * so a reload reopens it (with new sheet ids, as Excel gives a reopened file). Query options:
 * `?profile=web|excel2019|desktop`, `?delayMs=50` (a remote host's round trip), `?lang=de-DE`, `?theme=dark`.
 */
function Workbench({ host, paneHost }: { host: ExcelHost; paneHost: PaneHost }) {
  const [paneKey, setPaneKey] = useState(0);
  const saved = loadSettings();
  return (
    <div className="workbench">
      <WorkbookGrid model={host.model} />
      <aside className="pane" aria-label="Task pane">
        <div className="pane-bar">
          <span>Task pane ({host.profile.name})</span>
          <button onClick={() => setPaneKey((k) => k + 1)}>Reload pane</button>
        </div>
        <Pane
          key={paneKey}
          host={paneHost}
          initialSettings={saved ?? { baseUrl: window.location.origin, accessToken: '' }}
          autoConnect={saved !== null}
          saveSettings={saveSettings}
        />
      </aside>
    </div>
  );
}

/** Forgets the saved workbook and connection (tests start from here); there before the workbook opens. */
async function reset(): Promise<void> {
  await clearWorkbook();
  saveSettings(null);
}

async function start(): Promise<void> {
  Object.assign(window, { workbench: { reset } });
  // An API key in the fragment (printed by `npm start`) connects the pane to the platform behind this server.
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) {
    saveSettings({ kind: 'api-key', baseUrl: window.location.origin, accessToken: token });
    // Office.js removes history.replaceState, so the token is cleared from the hash this way.
    window.location.hash = '';
  }
  const params = new URLSearchParams(window.location.search);
  const profile = (params.get('profile') ?? 'web') as HostProfile['name'];
  let model: WorkbookModel;
  try {
    const saved = await loadWorkbook();
    model = saved ? WorkbookModel.fromJSON(saved) : new WorkbookModel('Book1.xlsx');
  } catch {
    model = new WorkbookModel('Book1.xlsx');
  }
  const host = new ExcelHost(model, { profile: profile in HOST_PROFILES ? profile : 'web', delayMs: Number(params.get('delayMs') ?? 0) });
  const paneHost = workbenchHost(params);
  connectOfficeJs(host, window, paneHost.displayLanguage);
  let timer: ReturnType<typeof setTimeout> | undefined;
  model.onChange(() => {
    clearTimeout(timer);
    timer = setTimeout(() => void saveWorkbook(model.toJSON()), 200);
  });
  Object.assign(window, {
    workbench: {
      host,
      model,
      Excel,
      /** Saves the workbook now (tests call this before reloading the page). */
      save: () => saveWorkbook(model.toJSON()),
      reset: async () => {
        clearTimeout(timer);
        await reset();
      },
    },
  });
  createRoot(document.getElementById('root')!).render(<Workbench host={host} paneHost={paneHost} />);
}

void start();
