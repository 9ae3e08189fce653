import { useSyncExternalStore, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { mountPane, type MountedPane } from '../src/taskpane/mount';
import { RibbonCommands } from '../src/taskpane/mount-ribbon';
import { forgetSavedConnections, rememberConnectionFromFragment } from '../src/taskpane/mount-storage';
import type { CommandCompletion, ExcelHost } from './excel-host';
import type { FunctionsMetadata, RuntimeAddInFunctions } from './excel-host/host/custom-functions';
import { prepareOfficeLoader } from './excel-host/host/custom-functions-loader';
import { HOST_PROFILES, type HostProfile } from './excel-host/host/profiles';
import type { WorkbookModel } from './excel-host/workbook/workbook-model';
import { describeRequest, type LoggedRequest } from './request-log';
import { Ribbon } from './ribbon';
import { clearWorkbook } from './workbook-store';
import { workbenchHost, workbenchLanguage } from './workbench-host';

/**
 * The workbench (development only): the real task pane beside an emulated Excel. The page loads
 * Microsoft's Excel API library (not Office.js's loader, which looks for a real host), and the host
 * emulator carries out every request it sends on the workbook model. Scripts in the page and browser tests
 * act as the user through `window.workbench`. The workbook is kept in IndexedDB, as a saved file would be,
 * so a reload reopens it (with new sheet ids, as Excel gives a reopened file). Query options:
 * `?profile=web|excel2019|desktop`, `?delayMs=50` (a remote host's round trip), `?lang=de-DE`, `?theme=dark`.
 */
/** The workbook, its saving, and the host emulator that carries out Office.js's requests on it. */
interface OpenedWorkbench {
  host: ExcelHost;
  /** The add-in's RS functions, for the workbook's formulas, once Office.js's custom-functions runtime is there. */
  addInFunctions: Promise<RuntimeAddInFunctions>;
  model: WorkbookModel;
  saveNow: () => Promise<void>;
  stopSaving: () => void;
}

interface OpenWorkbook {
  model: WorkbookModel;
  Grid: ComponentType<{ model: WorkbookModel }>;
}

/**
 * Whether the task pane is open. Closing it keeps the pane's page loaded, as Office does with a shared runtime
 * (`Office.addin.hide`/`showAsTaskpane` and the pane's close button), so a ribbon command still runs in it.
 */
class PaneVisibility {
  private open = true;
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };
  readonly isOpen = () => this.open;
  set(open: boolean): void {
    this.open = open;
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * The task pane, mounted in its own element of the pane area (as Office gives it a page of its own) once React has
 * put that element in the page; "Reload pane" mounts a fresh one there, as reloading the pane's page in Office would.
 */
class PaneSlot {
  private element: HTMLElement | null = null;
  private mounted: MountedPane | null = null;

  constructor(private readonly mount: (element: HTMLElement) => MountedPane) {}

  /** React's ref of the pane's element, which stays for the page's life. */
  readonly place = (element: HTMLElement | null) => {
    if (!element || element === this.element) return;
    this.element = element;
    this.mounted = this.mount(element);
  };

  reload(): void {
    if (!this.element) return;
    this.mounted?.unmount();
    this.mounted = this.mount(this.element);
  }
}

interface WorkbenchProps {
  workbook: OpenWorkbook | null;
  profile: HostProfile['name'];
  language: string;
  pane: PaneVisibility;
  paneSlot: PaneSlot;
  /** The ribbon's "Refresh all" click, once the host is connected and where it has a shared runtime. */
  refreshAll: (() => Promise<CommandCompletion>) | null;
}

function Workbench({ workbook, profile, language, pane, paneSlot, refreshAll }: WorkbenchProps) {
  const paneOpen = useSyncExternalStore(pane.subscribe, pane.isOpen);
  return (
    <div className={paneOpen ? 'workbench' : 'workbench pane-closed'}>
      <Ribbon language={language} onShowPane={() => pane.set(true)} refreshAll={refreshAll} />
      {workbook ? <workbook.Grid model={workbook.model} /> : <div className="workbook" aria-busy="true" aria-label="Opening the workbook" />}
      <aside className="pane" aria-label="Task pane" hidden={!paneOpen}>
        <div className="pane-bar">
          <span>Task pane ({profile})</span>
          <span>
            <button onClick={() => paneSlot.reload()}>Reload pane</button>
            <button onClick={() => pane.set(false)}>Close pane</button>
          </span>
        </div>
        <div ref={paneSlot.place} />
      </aside>
    </div>
  );
}

/** Forgets the saved workbook and connections (tests start from here); there before the workbook opens. */
async function reset(): Promise<void> {
  await clearWorkbook();
  forgetSavedConnections();
}

/** How many of the latest requests `window.workbench.requests` keeps. */
const REQUESTS_KEPT = 10_000;

async function start(): Promise<void> {
  // The requests the host answers, from the first (benchmarks count the pane's syncs at start with it); the latest
  // REQUESTS_KEPT only, so a long session does not grow it without end.
  const requests: LoggedRequest[] = [];
  Object.assign(window, { workbench: { reset, requests } });
  // `?fresh` (tests): the saved workbook and connections are forgotten before anything starts. A reset made while a
  // pane resumes a saved connection could be undone by that pane saving it again.
  if (new URLSearchParams(window.location.search).has('fresh')) await reset();
  // An API key in the fragment (printed by `npm start`) connects the pane to the platform behind this server;
  // the local agent's Chat API URL and key (`chatUrl`, `chatKey`) set up the chat.
  // Office.js removes history.replaceState, so the key is cleared from the hash this way.
  if (rememberConnectionFromFragment(window.location.hash, window.location.origin)) window.location.hash = '';
  const params = new URLSearchParams(window.location.search);
  const asked = params.get('profile') ?? 'web';
  const profile: HostProfile['name'] = asked in HOST_PROFILES ? (asked as HostProfile['name']) : 'web';
  // The signed-out pane paints first, on its own script. The workbook (its model and grid), Microsoft's
  // library (1.2 MB of script) and the host emulator behind it load after; the pane waits for them before
  // it reads the workbook.
  let opened: (workbench: Promise<OpenedWorkbench>) => void = () => undefined;
  const opening = new Promise<OpenedWorkbench>((resolve) => (opened = resolve));
  const ready = opening.then(() => undefined);
  // eslint-disable-next-line no-restricted-syntax -- whoever waits for the host (the pane) hears of a failure; nobody waiting is no error of its own.
  ready.catch(() => undefined);
  const paneHost = workbenchHost(params, ready);
  const pane = new PaneVisibility();
  const ribbon = new RibbonCommands();
  const paneSlot = new PaneSlot((element) => mountPane(element, paneHost, { ribbon }));
  const root = createRoot(document.getElementById('root')!);
  const shell = { profile, language: paneHost.displayLanguage, pane, paneSlot };
  root.render(<Workbench workbook={null} refreshAll={null} {...shell} />);
  opened((async () => {
    await afterNextPaint();
    const area = await import('./workbook-area');
    const workbook = await area.openWorkbook();
    const opened = { model: workbook.model, Grid: area.WorkbookGrid };
    root.render(<Workbench workbook={opened} refreshAll={null} {...shell} />);
    const [{ ExcelHost, connectOfficeJs }] = await Promise.all([import('./excel-host'), loadOfficeJs()]);
    const host = new ExcelHost(workbook.model, {
      profile, delayMs: Number(params.get('delayMs') ?? 0), onRequest: (request) => {
        if (requests.push(describeRequest(request)) > REQUESTS_KEPT) requests.shift();
      },
    });
    const office = connectOfficeJs(host, window, workbenchLanguage(params), { show: () => pane.set(true), hide: () => pane.set(false) });
    // As in Office (src/taskpane/index.tsx), the pane's page gives Office the ribbon command's function.
    ribbon.associate();
    const addInFunctions = startAddInFunctions(host, workbenchLanguage(params));
    // Told on the console: the workbook and the pane work without the functions.
    addInFunctions.catch((error: unknown) => console.error('The RS functions did not start:', error));
    if (host.profile.otherSets.sharedruntime) {
      const refreshAll = () => office.runFunctionCommand(ribbon.refreshAllFunction, 'ReportSync.RefreshAll');
      root.render(<Workbench workbook={opened} refreshAll={refreshAll} {...shell} />);
    }
    return { host, addInFunctions, ...workbook };
  })());
  let workbench: OpenedWorkbench;
  try {
    workbench = await opening;
  } catch {
    // The pane says so in words when it connects (it waits for the host).
    return;
  }
  const { host, addInFunctions, model, saveNow, stopSaving } = workbench;
  Object.assign(window, {
    workbench: {
      host,
      addInFunctions,
      model,
      Excel,
      requests,
      /** Saves the workbook now (tests call this before reloading the page). */
      save: saveNow,
      reset: async () => {
        stopSaving();
        await reset();
      },
    },
  });
}

/** Resolves once the browser has painted what was rendered so far. */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
}

/**
 * The RS functions, as Office runs them in the pane's page (the manifest's shared runtime): their module registers
 * them as it loads (src/taskpane/mount-functions.ts, which Office's task pane page loads too), the build's
 * functions.json names them as Excel reads it, and Office.js's own custom-functions runtime carries them out.
 */
async function startAddInFunctions(host: ExcelHost, language: string): Promise<RuntimeAddInFunctions> {
  // The manifest's Metadata URL has a de-DE override (functions-de.json): Excel in German reads the German names, and
  // keeps each function by its id, so the English names (functions.json) still reach it.
  const english = functionsMetadata('functions.json');
  const [{ connectCustomFunctions }, metadata, invariant] = await Promise.all([
    import('./excel-host/host/custom-functions'),
    language.toLowerCase() === 'de-de' ? functionsMetadata('functions-de.json') : english,
    english,
    import('../src/taskpane/mount-functions'),
  ]);
  // The manifest's `Functions.Namespace`; the workbook's formula engine calls them from then on.
  const functions = connectCustomFunctions(host, window, metadata, 'RS', invariant);
  host.model.calculation.addInFunctions = functions;
  return functions;
}

async function functionsMetadata(file: string): Promise<FunctionsMetadata> {
  const response = await fetch(file);
  if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
  return response.json() as Promise<FunctionsMetadata>;
}

/**
 * Runs the Excel API library the page preloads (`<link id="office-js">`), after the first paint, with what Office's
 * loader would have set up first (its custom-functions runtime needs it while it loads).
 */
function loadOfficeJs(): Promise<void> {
  prepareOfficeLoader(window);
  const href = document.querySelector<HTMLLinkElement>('link#office-js')!.href;
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = href;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`Microsoft's Excel API library did not load from ${href}`));
    document.head.appendChild(script);
  });
}

// Fire and forget: start() catches a failed workbook load itself, and the pane tells it in words.
void start();
