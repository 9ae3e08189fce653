import { liveHandEdits, type LiveHandEdits } from '../monitoring/live-edits';
import { outcomesAfterCheck, relocated } from '../monitoring/live-edit-results';
import { selectionRenamed, SheetNames, withSheetRenamed, type SheetNamesWorkbook } from '../monitoring/sheet-names';
import { mergeStatuses, readStatuses, StatusRefresh, type ListedStatus, type StatusRefreshTimers } from '../monitoring/status-refresh';
import type { WorkbookPlacement } from '../placements/placement-service';
import type { PlacementRegistry } from '../ports/placement-registry';
import type { PaneError, WorkspaceState } from './pane-state';

/**
 * What the pane checks while it is open, without being asked: hand edits as the user makes them (the sheets'
 * `onChanged`) and, once, those made before it opened; sheets renamed (the cards' names follow); and the registry's
 * sync statuses (on focus and every few minutes). They wait while the pane writes or an exploration is open. A
 * check's failure is shown in the error area and taken back when that check succeeds again — only if it is still the
 * message shown, so another part's message is never taken back.
 */

export interface BackgroundChecksHost {
  getState(): WorkspaceState;
  set(change: Partial<WorkspaceState> | ((state: WorkspaceState) => Partial<WorkspaceState>)): void;
  /** The pane writes, asks, or an exploration is open. */
  paused(): boolean;
  reload(): Promise<void>;
  /** A placement's cells hold what was last written again: the hand edits a finished run found there go. */
  handEditsUndone(key: string): void;
}

/** What the checks watch: the workbook's cells and the placement use cases (live hand edits), its sheets' names, the registry (statuses). */
export type BackgroundCheckPorts = Parameters<typeof liveHandEdits>[0] & { workbook: SheetNamesWorkbook; registry: Pick<PlacementRegistry, 'statuses'> };

export interface BackgroundCheckOptions {
  statusIntervalMs?: number;
  liveDebounceMs?: number;
  timers?: StatusRefreshTimers;
}

export class BackgroundChecks {
  private readonly live: LiveHandEdits;
  private readonly names: SheetNames;
  /** The first list's cells were compared with their records (`LiveHandEdits.lookFirst`). */
  private looked = false;
  private readonly status: StatusRefresh<{ statuses: ListedStatus[]; of: readonly WorkbookPlacement[] } | null>;
  /** Per kind of check, the failure it put in the error area and has not taken back. */
  private readonly shown = new Map<PaneError['source'], PaneError>();

  constructor(ports: BackgroundCheckPorts, private readonly host: BackgroundChecksHost, options: BackgroundCheckOptions = {}) {
    this.live = liveHandEdits(ports, {
      busy: () => host.paused(),
      debounceMs: options.liveDebounceMs,
      onError: (error) => this.failed('hand-edit-check', error),
      onRecovered: () => this.recovered('hand-edit-check'),
      onResult: (result) => {
        if (result.kind === 'failed') return this.failed('hand-edit-check', result.error);
        if (result.kind === 'moved') {
          // Rows or columns inserted or deleted: the cards' addresses follow at once, as the names did in Excel.
          this.relocate(result.locations);
          return;
        }
        host.set((state) => {
          const outcomes = outcomesAfterCheck(state.outcomes, result);
          return outcomes === state.outcomes ? {} : { outcomes };
        });
        if (result.kind === 'clean') host.handEditsUndone(result.key);
      },
    });
    this.names = new SheetNames(ports.workbook, {
      placements: () => host.getState().placements,
      // The cards and "Place writes at" both say the sheet's new name.
      onRenamed: (rename) => host.set((state) => ({
        ...(state.placements ? { placements: withSheetRenamed(state.placements, rename) } : {}), selection: selectionRenamed(state.selection, rename),
      })),
      onFound: (locations) => this.relocate(locations),
      busy: () => host.paused(),
    });
    this.status = new StatusRefresh({
      intervalMs: options.statusIntervalMs ?? 180_000,
      timers: options.timers,
      busy: () => host.paused(),
      fetch: async (signal) => {
        const of = host.getState().placements;
        const workbookId = of?.[0]?.placement.workbookId;
        if (!of || !workbookId) return null;
        const deploymentIds = [...new Set(of.map((e) => e.deploymentId))];
        return { statuses: await readStatuses(ports.registry, workbookId, deploymentIds, signal), of };
      },
      apply: (result) => {
        // Listed again meanwhile (a write's reload): the newer list stands.
        if (!result || host.getState().placements !== result.of) return;
        const merged = mergeStatuses(result.of, result.statuses);
        // Fire and forget: the reload reports its own failure in the error area.
        if (merged.kind === 'reload') void host.reload();
        else if (merged.kind === 'updated') host.set({ placements: merged.placements });
      },
      // The cards keep what they showed, and the next read is tried at its time.
      onError: (error) => this.failed('status-read', error),
      onRecovered: () => this.recovered('status-read'),
    });
  }

  /** Starts the status re-reads (the pane is shown). */
  start(visible: boolean): void {
    if (visible) this.status.start();
  }

  /**
   * The placements listed now: the sheets holding them are watched, and renames followed from the first list on (after
   * it, so the pane's start waits for no registration); resolves once the handlers are in place.
   */
  async watch(placements: readonly WorkbookPlacement[]): Promise<void> {
    const watching = this.live.watch(placements);
    if (!this.looked) {
      // The first list: its cells may hold what was typed before the pane opened (or before a reload).
      this.looked = true;
      this.live.lookFirst();
    }
    await Promise.all([watching, this.names.start()]);
  }

  /** The pane regained focus or became visible: statuses are read again (unless read moments ago). */
  focused(): void {
    this.status.focused();
    // Fire and forget: a failed read leaves the names shown (see `SheetNames.focused`).
    void this.names.focused();
  }

  hidden(): void {
    this.status.hidden();
  }

  async stop(): Promise<void> {
    this.status.stop();
    await Promise.all([this.live.stop(), this.names.stop()]);
  }

  /** Where the placements are now, as read with their names: the cards follow. */
  private relocate(locations: Parameters<typeof relocated>[1]): void {
    this.host.set((state) => (state.placements ? { placements: relocated(state.placements, locations) } : {}));
  }

  private failed(source: PaneError['source'], error: unknown): void {
    const shown: PaneError = { source, error };
    this.shown.set(source, shown);
    this.host.set({ error: shown });
  }

  private recovered(source: PaneError['source']): void {
    const shown = this.shown.get(source);
    this.shown.delete(source);
    if (shown) this.host.set((state) => (state.error === shown ? { error: null } : {}));
  }
}
