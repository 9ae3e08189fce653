import type { CubeQuery, Report } from '../contract';
import type { ExplorationController } from '../builder/exploration-controller';
import type { DraftRecord } from '../builder/exploration-draft';
import { placementAtSelection } from '../builder/exploration-open';
import type { BuilderContext } from '../builder/builder-host';
import type { BuilderStart } from '../builder/builder-state';
import type { AnswerTarget } from '../chat/chat-placement';
import type { WorkbookPlacement } from '../placements/workbook-placements';
import type { ReportStore } from '../ports/report-store';
import { Store } from './store';

/**
 * Which exploration the pane shows, if any: a new one, a query from the chat or pasted, a placement's report ("Edit",
 * or a selected cell inside a placement when `openExplorationFromSheet` is on), a report opened from Browse, or the
 * draft kept in the workbook (resumed when the pane opens). With `revealSheetOnOpen` on, opening a placement's report
 * selects its cells.
 * One builder at a time: an opening while one is open (or on its way) is ignored.
 */

/** What the opener works with: narrow, each a port's method or a function the composition root gives. */
export interface ExplorationOpenerDeps {
  /** Makes the builder's controller for a start (async: its code loads when an exploration first opens). */
  createBuilder(how: BuilderStart): Promise<ExplorationController>;
  getReport: ReportStore['getReport'];
  /** Selects a placement's cells (`revealSheetOnOpen`). */
  locate(entry: WorkbookPlacement): Promise<unknown>;
  /** The draft kept in the workbook, if any. */
  readDraft(): Promise<DraftRecord | null>;
  /** The user's sheet settings on opening, as they are now. */
  preferences(): { openFromSheet: boolean; revealOnOpen: boolean };
  /** Shows a failure to open (the pane's error area). */
  onError(error: unknown): void;
}

/** Makes builders over `context`; the builder's code is loaded when an exploration first opens. */
export function explorationBuilders(context: BuilderContext): (how: BuilderStart) => Promise<ExplorationController> {
  return async (how) => {
    const { ExplorationController: Controller } = await import('../builder/exploration-controller');
    return new Controller(context, how);
  };
}

export interface ExplorationOpenerState {
  /** The builder shown; null: none. */
  builder: ExplorationController | null;
}

export class ExplorationOpener extends Store<ExplorationOpenerState> {
  /** A builder is open or on its way. */
  private open = false;
  /** The selection when the builder last closed: selecting inside that placement again is needed to reopen it. */
  private closedAt: string | null = null;
  /**
   * The selection last looked at: only a change of it (the user selecting a cell) opens a placement's report,
   * never a new list of placements under the same selection (a Place leaves the selection inside the placement
   * it just wrote; a refresh reloads the list). Undefined until the placements and the selection are first known,
   * which are where the workbook was when the pane opened, not a choice of the user's.
   */
  private considered: string | null | undefined = undefined;
  /** The selection as last told (`selectionChanged`). */
  private selection: string | null = null;

  constructor(private readonly deps: ExplorationOpenerDeps) {
    super({ builder: null });
  }

  /** Opens a builder for `how`, unless one is open; a failure is shown and leaves none open. */
  async start(how: BuilderStart): Promise<void> {
    if (this.open) return;
    this.open = true;
    try {
      const controller = await this.deps.createBuilder(how);
      this.update({ builder: controller });
      await controller.open();
    } catch (error) {
      this.open = false;
      this.deps.onError(error);
    }
  }

  openNew(deploymentId: number): Promise<void> {
    return this.start({ kind: 'new', deploymentId });
  }

  /**
   * A query from outside the builder (an agent's answer's "Place in sheet", a pasted Cube query): a new exploration of
   * it, placed at the selection. `meta` is the model the caller checked it against, so it is not read again.
   */
  openQuery({ deploymentId, meta }: AnswerTarget, query: CubeQuery): Promise<void> {
    return this.start({ kind: 'answer', deploymentId, query, meta });
  }

  /** A placement's report, as it is now (the builder saves into this version); `reveal`: its cells are selected first. */
  async openPlacement(entry: WorkbookPlacement, reveal: boolean): Promise<void> {
    if (!entry.placement.id || this.open) return;
    const placementId = entry.placement.id;
    try {
      const report = await this.deps.getReport(entry.deploymentId, entry.reportId);
      if (reveal && this.deps.preferences().revealOnOpen) await this.deps.locate(entry);
      await this.start({ kind: 'placement', report, placementId });
    } catch (error) {
      this.deps.onError(error);
    }
  }

  /** A report without a placement (Browse's "Open in builder" of a report kept in the workbook): Save saves into it. */
  async openReport(report: Report): Promise<void> {
    if (this.open) return;
    try {
      // The report as it is now: the builder saves into this version.
      await this.start({ kind: 'report', report: await this.deps.getReport(report.deploymentId, report.id) });
    } catch (error) {
      this.deps.onError(error);
    }
  }

  /** The draft kept in the workbook, resumed when the pane opens. */
  async resumeDraft(): Promise<void> {
    try {
      const draft = await this.deps.readDraft();
      if (draft) await this.start({ kind: 'draft', draft });
    } catch (error) {
      this.deps.onError(error);
    }
  }

  /** The builder closed: the pane shows the workbook again. */
  closed(): void {
    this.open = false;
    this.closedAt = this.selection;
    this.update({ builder: null });
  }

  /**
   * Told on every change of the workbook's placements or selection: with `openExplorationFromSheet` on, the user
   * selecting a cell inside a placement opens its report.
   */
  selectionChanged(placements: readonly WorkbookPlacement[] | null, selection: string | null): void {
    this.selection = selection;
    if (selection !== this.closedAt) this.closedAt = null;
    if (!placements || selection === null) return;
    if (this.considered === undefined || selection === this.considered) {
      this.considered = selection;
      return;
    }
    this.considered = selection;
    if (this.open || this.closedAt !== null) return;
    if (!this.deps.preferences().openFromSheet) return;
    const entry = placementAtSelection(placements, selection);
    // Fire and forget: `openPlacement` shows its own failure.
    if (entry) void this.openPlacement(entry, false);
  }
}
