import { createRoot } from 'react-dom/client';
import type { PaneHost } from '../ports/pane-host';
import { Pane } from './App';
import type { RibbonCommands } from './mount-ribbon';
import { createPane } from '../pane/create-pane';
import type { SessionConnecting } from '../pane/session-store';
import { i18nFor } from './i18n';
import { paneOptions } from './mount-options';

/**
 * The task pane as a page mounts it: Office's task pane page (index.tsx) and the workbench, which shows it beside an
 * emulated Excel. Both mount it here, so the pane is wired once.
 */
export interface PaneMountOptions {
  /**
   * The page's ribbon commands, where the host runs them in the pane's page (the manifest's shared runtime). They
   * belong to the page, not to one pane: a request made while no pane is mounted waits for the next.
   */
  ribbon?: RibbonCommands;
  /** The saved connection, begun as the page's script loaded (`resumeAhead`), for the pane to take. */
  resumed?: SessionConnecting | null;
}

/** A pane mounted in an element of the page. */
export interface MountedPane {
  /** Takes the pane out of its element (a new one may be mounted there after). */
  unmount(): void;
}

/**
 * Renders the whole task pane into `element`: its stores made once (`createPane`), then connected again with what the
 * add-in's storage kept.
 */
export function mountPane(element: HTMLElement, host: PaneHost, options: PaneMountOptions = {}): MountedPane {
  const i18n = i18nFor(host.displayLanguage);
  const pane = createPane({ ...paneOptions(host, i18n, options.ribbon?.refreshAllRequests), resumed: options.resumed });
  const root = createRoot(element);
  root.render(<Pane root={pane} i18n={i18n} />);
  pane.start();
  return {
    unmount: () => {
      root.unmount();
      // Fire and forget: disposing only stops the pane's handlers and timers; nothing waits for it.
      void pane.dispose();
    },
  };
}
