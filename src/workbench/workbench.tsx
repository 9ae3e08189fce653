import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { PaneHost } from '../excel/office-host';
import { Pane } from '../taskpane/App';
import { loadSettings, saveSettings } from '../taskpane/settings-storage';
import { ExcelSimulator, installSimulator, WorkbookModel, type SerializedWorkbook } from './excel-sim';
import { WorkbookGrid } from './WorkbookGrid';
import { workbenchHost } from './workbench-host';

/**
 * The workbench (development only): the real task pane beside a simulated workbook that is the page's
 * global `Excel`. Scripts in the page, and browser tests, act as the user through `window.workbench.Excel`.
 * The workbook is kept in localStorage, as a saved file would be, so a reload reopens it.
 */
const WORKBOOK_KEY = 'report-sync.workbench.workbook';

function openWorkbook(): WorkbookModel {
  try {
    const saved = localStorage.getItem(WORKBOOK_KEY);
    if (saved) return WorkbookModel.fromJSON(JSON.parse(saved) as SerializedWorkbook);
  } catch {
    localStorage.removeItem(WORKBOOK_KEY);
  }
  return new WorkbookModel('Book1.xlsx');
}

function Workbench({ simulator, host }: { simulator: ExcelSimulator; host: PaneHost }) {
  const [paneKey, setPaneKey] = useState(0);
  const saved = loadSettings();
  return (
    <div className="workbench">
      <WorkbookGrid model={simulator.model} />
      <aside className="pane" aria-label="Task pane">
        <div className="pane-bar">
          <span>Task pane</span>
          <button onClick={() => setPaneKey((k) => k + 1)}>Reload pane</button>
        </div>
        <Pane
          key={paneKey}
          host={host}
          initialSettings={saved ?? { baseUrl: window.location.origin, accessToken: '' }}
          autoConnect={saved !== null}
          saveSettings={saveSettings}
        />
      </aside>
    </div>
  );
}

Office.onReady(() => {
  // An API key in the fragment (printed by `npm start`) connects the pane to the platform behind this server.
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) {
    saveSettings({ kind: 'api-key', baseUrl: window.location.origin, accessToken: token });
    // Office.js removes history.replaceState (outside Office too), so the token is cleared from the hash.
    window.location.hash = '';
  }
  const params = new URLSearchParams(window.location.search);
  const model = openWorkbook();
  const simulator = new ExcelSimulator(model, { syncDelayMs: Number(params.get('syncDelayMs') ?? 0) });
  installSimulator(simulator);
  let timer: ReturnType<typeof setTimeout> | undefined;
  model.onChange(() => {
    clearTimeout(timer);
    timer = setTimeout(() => localStorage.setItem(WORKBOOK_KEY, JSON.stringify(model.toJSON())), 100);
  });
  Object.assign(window, {
    workbench: {
      simulator,
      model,
      Excel: simulator,
      /** Saves the workbook now (tests call this before reloading the page). */
      save: () => localStorage.setItem(WORKBOOK_KEY, JSON.stringify(model.toJSON())),
      reset: () => {
        localStorage.removeItem(WORKBOOK_KEY);
        saveSettings(null);
      },
    },
  });
  createRoot(document.getElementById('root')!).render(<Workbench simulator={simulator} host={workbenchHost(params)} />);
});
