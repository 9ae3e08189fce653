import type { CellOptions } from '../core/cell-options';
import { readRefreshOnOpen, saveRefreshOnOpen } from '../monitoring/refresh-on-open';
import type { RibbonRefreshRequests } from '../monitoring/ribbon-requests';
import type { Report } from '../contract';
import type { RoomHow } from '../placements/make-room';
import type { PlacementService, SharedRun, WorkbookPlacement } from '../placements/placement-service';
import type { WorkbookDocument, WorkbookStart } from '../ports/workbook-document';
import { CardsOnScreen } from './cards-on-screen';
import { BackgroundChecks, type BackgroundCheckOptions, type BackgroundCheckPorts } from './background-checks';
import type { ConversionPorts } from '../placements/convert-to-formulas';
import { askDisconnect, convertToFormulas, disconnect, locate, relink, setTable, type CardActionsHost } from './card-actions';
import { place, placeAgain, refresh, refreshReport, setCellOptions, type PlacementWritesHost } from './placement-writes';
import { RefreshAllRuns } from './refresh-all-runs';
import { RunBanners } from './run-banners';
import { isBusy, type WorkspaceState } from './pane-state';
import { placementCards, type PlacementCard } from './placement-cards';
import type { PaneWords } from './pane-words';
import { Store } from './store';
import { WriteAttempts } from './write-attempts';
import { WorkbookConsent, type ConsentOptions } from './workbook-consent';
import type { FormulaTally } from '../functions/formula-calls';

/** What the pane store works with: the placement use cases, the workbook's own settings, and what the checks watch. */
export interface WorkspaceStorePorts extends BackgroundCheckPorts {
  placements: PlacementService;
  /** Refresh on open and what the workbook holds as it opens (consent). */
  document: WorkbookDocument;
}

export interface WorkspaceStoreOptions extends BackgroundCheckOptions {
  ports: WorkspaceStorePorts;
  /** The admin turned off data download: nothing may be written into cells (read at each use). */
  writeDisabled(): boolean;
  words: PaneWords;
  /** "Refresh all" asked for from the ribbon, run here as the pane's own. */
  ribbon?: RibbonRefreshRequests;
  /** Refresh all's part for the workbook's RS formulas (pane/formula-wiring.ts): what they answered. */
  refreshFormulas?: () => Promise<FormulaTally>;
  /**
   * How long what the first cards do not need (the sheets' watchers, following the selection, the status re-reads)
   * waits for the view to say they are on screen (`cardsShown`); without (no view: tests), it does not wait.
   */
  viewPatienceMs?: number;
  /** Consent before the workbook queries anything by itself (workbook-consent.ts); without it, nothing is asked. */
  consent?: ConsentOptions;
  /** How formulas are answered, for "Convert to formulas" (card-actions.ts); without it, nothing is converted. */
  conversion?: ConversionPorts;
}

const initialState: WorkspaceState = {
  placements: null, listFailed: false, selection: null, asTable: true, outcomes: new Map(), operation: null, question: null,
  error: null, notice: null, run: null, refreshOnOpen: null, builderOpen: false, formulasInUse: false, staleFormulas: null, consent: { kind: 'allowed' },
};

/**
 * What the connected pane shows and does, outside React: this workbook's placements and each card's outcome, the
 * write under way, the open question and the user's answer, the Refresh all run, the error and success areas, and
 * what follows on its own (live hand edits, status re-reads, refresh on open, the ribbon's requests). Views render
 * `getState()` and call the intents; they hold no rules of their own.
 */
export class WorkspaceStore extends Store<WorkspaceState> {
  private readonly attempts: WriteAttempts;
  private readonly checks: BackgroundChecks;
  private readonly runs: RefreshAllRuns;
  /** How long a banner about a run stands (run-banners.ts). */
  private readonly banners: RunBanners;
  /** What the workbook may query by itself; null when this pane asks nothing (tests of other parts). */
  readonly consent: WorkbookConsent | null;
  private stopSelection: (() => Promise<void>) | null = null;
  private disposed = false;
  private refreshOnOpenStarted = false;
  /** The placements list the checks watch the sheets of. */
  private watched: WorkbookPlacement[] | null = null;
  /** The first cards are on screen: the checks follow the workbook from now on. */
  private following = false;
  private readonly onScreen: CardsOnScreen;
  private shownCards: { of: WorkspaceState; cards: ReadonlyMap<string, PlacementCard> } | null = null;

  constructor(private readonly options: WorkspaceStoreOptions) {
    super(options.consent ? { ...initialState, consent: { kind: 'deciding' } } : initialState);
    this.onScreen = new CardsOnScreen(options.viewPatienceMs);
    this.banners = new RunBanners({ clearNotice: () => this.update({ notice: null }), dismissRun: () => this.runs.dismiss() });
    const host = { getState: this.getState, set: (change: Parameters<WorkspaceStore['update']>[0]) => this.update(change), reload: () => this.reload() };
    this.consent = options.consent ? new WorkbookConsent({ ...host, showError: (error) => this.showError(error) }, options.ports.document, options.consent) : null;
    this.attempts = new WriteAttempts({ ...host, clearMessages: () => this.clearMessages(), placements: options.ports.placements, words: options.words });
    this.runs = new RefreshAllRuns({ ...host, placements: options.ports.placements, words: options.words, writeDisabled: options.writeDisabled, ribbon: options.ribbon, refreshFormulas: options.refreshFormulas });
    this.checks = new BackgroundChecks(options.ports, {
      ...host, paused: () => isBusy(this.getState()) || this.getState().builderOpen, handEditsUndone: (key) => this.runs.handEditsUndone(key),
    }, options);
  }

  /**
   * Lists the placements from one read of the workbook (its id, its choices, its sheets and the add-in's names: see
   * `WorkbookStart`): `opening` when the pane took it ahead (create-pane.ts), else read now. What the first cards do
   * not need (following the selection, the checks) starts once they are listed.
   */
  async start({ visible, opening = this.options.ports.document.readStart() }: { visible: boolean; opening?: Promise<WorkbookStart> }): Promise<void> {
    const { document } = this.options.ports;
    this.consent?.start(opening);
    readRefreshOnOpen(document, opening).then(
      (refreshOnOpen) => !this.disposed && this.update({ refreshOnOpen }),
      // The listing fails with the same read and says so (with Try again).
      () => undefined,
    );
    await this.reload(opening);
    await this.onScreen.wait();
    if (this.disposed) return;
    this.following = true;
    this.watchListed();
    // Fire and forget: following the selection settles its own failure (no address shown).
    void this.followSelection();
    this.checks.start(visible);
  }

  /** The view has committed the first cards (or the listing's failure): what they do not need may start. */
  cardsShown(): void {
    this.onScreen.shown();
  }

  /** "Place" writes at the selection: its address is shown live. */
  private async followSelection(): Promise<void> {
    try {
      const stop = await this.options.ports.placements.watchSelection((selection) => this.update({ selection }));
      if (this.disposed) await stop();
      else this.stopSelection = stop;
    } catch {
      // The pane then says it cannot tell where Place writes, and Place asks for a range when clicked.
      this.update({ selection: null });
    }
  }

  async dispose(): Promise<void> {
    this.disposed = true;
    this.consent?.dispose();
    this.runs.dispose();
    await this.stopSelection?.();
    await this.checks.stop();
  }

  /** Each placement card's one state for a state of this store (the same map while the state is the same). */
  cards(state: WorkspaceState = this.getState()): ReadonlyMap<string, PlacementCard> {
    if (this.shownCards?.of !== state) this.shownCards = { of: state, cards: placementCards(state, (item) => this.options.words.attention(item)) };
    return this.shownCards.cards;
  }

  /** Lists this workbook's placements again: one read of the workbook (or `opening`, read already), then the registry. */
  async reload(opening?: Promise<WorkbookStart>): Promise<void> {
    try {
      const placements = await this.options.ports.placements.workbookPlacements(undefined, opening ?? this.options.ports.document.readStart());
      this.update({ placements, listFailed: false });
      await this.consent?.listed(placements);
    } catch (error) {
      this.update({ listFailed: true, error: { source: 'list', error } });
      await this.consent?.listed(null);
    }
  }

  /** "Try again" after the list failed. */
  retryList(): Promise<void> {
    this.update({ placements: null });
    return this.reload();
  }

  setAsTable(asTable: boolean): void {
    this.update({ asTable });
  }

  setBuilderOpen(builderOpen: boolean): void {
    this.update({ builderOpen });
  }

  /** The workbook's RS formulas have answered: Refresh all refreshes them even without placements. */
  formulasAnswered(): void {
    if (!this.getState().formulasInUse) this.update({ formulasInUse: true });
  }

  /** A calculation of the formulas settled: those showing values from before stay said until one answers them afresh. */
  formulasSettled = ({ stale }: FormulaTally): void => this.update({ staleFormulas: stale });

  /** A failure of something the views started (opening an exploration, say), shown in the error area. */
  showError(error: unknown): void {
    this.update({ error: { source: 'action', error } });
  }

  focused(): void {
    this.checks.focused();
  }

  hidden(): void {
    this.checks.hidden();
  }

  // --- Writes: each through the attempts (ask, then retry) and so through the one pipeline. ---

  /** Placing into the workbook makes it the user's: what it queries is allowed from then on. */
  place = (report: Report): Promise<boolean> => place(this.writesHost(), report);
  /** `run`: part of a run over many placements, sharing its reads and queries (a report's placements). */
  refresh = (entry: WorkbookPlacement, run?: SharedRun): Promise<boolean> => refresh(this.writesHost(), entry, run);
  /** One at a time, a question or a failure stopping the rest; the report read and its query sent once. */
  refreshReport = (entries: readonly WorkbookPlacement[]): Promise<void> => refreshReport(this.writesHost(), entries);
  /** "Place again here" (placement-writes.ts). */
  placeAgain = (entry: WorkbookPlacement): Promise<void> => placeAgain(this.writesHost(), entry);
  /** A card's choice of its cells' language or title lines: refreshed with them, then kept. */
  setCellOptions = (entry: WorkbookPlacement, cellOptions: CellOptions): Promise<boolean> => setCellOptions(this.writesHost(), entry, cellOptions);

  answerOverwrite = (): Promise<boolean> => this.attempts.overwrite();
  answerHandEdits = (): Promise<boolean> => this.attempts.overwriteHandEdits();
  makeRoom = (how: RoomHow): Promise<boolean> => this.attempts.makeRoom(how);
  moveHere = (): Promise<boolean> => this.attempts.moveHere();
  locateHandEdits = (): Promise<void> => this.attempts.locateHandEdits();
  cancelQuestion = (): void => this.attempts.cancel();
  /** Stop on a large write: ends it between requests, its cells put back (see write-stop.ts). */
  stopWrite = (): boolean => this.attempts.stop();

  /** "As an Excel table" from a placement's card (card-actions.ts). */
  setTable = (entry: WorkbookPlacement, on: boolean): Promise<void> => setTable(this.cardHost(), entry, on);
  relink = (entry: WorkbookPlacement): Promise<void> => relink(this.cardHost(), entry);

  /** Disconnect: asked first (clear the cells or keep them), unless its cells are gone already (card-actions.ts). */
  askDisconnect = (entry: WorkbookPlacement): Promise<void> => askDisconnect(this.cardHost(), entry, this.getState());
  disconnect = (entry: WorkbookPlacement, clearCells = false): Promise<void> => disconnect(this.cardHost(), entry, clearCells);

  locate = (entry: WorkbookPlacement): Promise<void> => locate(this.cardHost(), entry);
  /** "Convert to formulas": asked first, Cancel the default; the answer converts (card-actions.ts). */
  askConvert = (entry: WorkbookPlacement): void => this.update({ question: { kind: 'convert', entry } });
  convertToFormulas = (entry: WorkbookPlacement): Promise<void> => convertToFormulas(this.cardHost(), entry);

  private writesHost(): PlacementWritesHost {
    return {
      attempts: this.attempts, placements: this.options.ports.placements, asTable: () => this.getState().asTable,
      placed: async () => this.consent?.placed(), disconnect: (entry) => this.disconnect(entry),
    };
  }

  private cardHost(): CardActionsHost {
    return {
      set: (change) => this.update(change), placements: this.options.ports.placements, reload: () => this.reload(),
      showError: (error) => this.showError(error), clearMessages: () => this.clearMessages(),
      cancelQuestion: () => this.attempts.cancel(), conversion: this.options.conversion,
    };
  }

  async toggleRefreshOnOpen(on: boolean): Promise<void> {
    try {
      this.update({ refreshOnOpen: await saveRefreshOnOpen(this.options.ports.document, on) });
      // The user's own choice joins what the workbook is allowed to do.
      await this.consent?.listed(this.getState().placements);
    } catch (error) {
      this.showError(error);
    }
  }

  // --- Refresh all (refresh-all-runs.ts) ---

  /** Waits for the user's Allow when the workbook's queries are not allowed yet: the bar asks (again). */
  refreshAll = async (): Promise<void> => {
    if (this.getState().consent.kind !== 'allowed') {
      this.consent?.askAgain();
      return;
    }
    await this.runs.start();
  };
  stopRun = (): void => this.runs.stop();

  private clearMessages(): void {
    this.update({ error: null, notice: null });
    this.runs.dismiss();
  }

  /** The sheets of the placements listed now watched (once the first cards are on screen). */
  private watchListed(): void {
    const { placements } = this.getState();
    if (!this.following || !placements || placements === this.watched) return;
    this.watched = placements;
    // Fire and forget: watching reports its own failures in the error area.
    void this.checks.watch(placements);
  }

  /** What follows from each change: the sheets watched, refresh on open, the ribbon's offer, a banner no longer true gone. */
  protected override changed(): void {
    this.banners.changed(this.getState());
    const state = this.getState();
    this.watchListed();
    const canRun = !this.options.writeDisabled() && !isBusy(state) && state.consent.kind === 'allowed';
    if (!this.refreshOnOpenStarted && state.refreshOnOpen?.on && state.placements !== null && canRun) {
      this.refreshOnOpenStarted = true;
      // Fire and forget: the run's progress and outcomes are the state's.
      void this.refreshAll();
    }
    this.runs.offerRibbon(state);
  }
}
