import type { Rect } from '../core/a1';
import { toQuery, type Exploration } from '../core/exploration';
import type { CellGrid } from '../core/cell-grid';
import { captionRows } from '../core/table-header';
import type { Workbook } from '../ports/workbook';
import type { Permissions } from '../placements/write-outcome';
import type { BuilderQuestion } from './builder-model';
import type { BuilderHost } from './builder-host';
import { draftCellsId, explorationKey, saveDraft, writeDraftCells, type DraftRecord, type DraftWritten } from './exploration-draft';
import type { RunStatus } from './exploration-runs';

/** What writing a run's result needs of the builder, besides what its parts all need. */
export interface WritingHost extends BuilderHost {
  /** The builder closed: nothing is written or shown any more. */
  readonly closed: boolean;
  /** The platform's record of an opened placement's cells: the hand-edit baseline before the draft's first write. */
  readonly baseline: DraftRecord['written'];
  /** Shows where the result is (`written`: the address just written). */
  showLocation(written?: string): Promise<void>;
}

/**
 * The work of the builder's runs (see `ExplorationRuns`): the query run and its result written into the draft's
 * cells — with the permission the user's last answer gave, for that write only — or the question the write stopped
 * at; and each status of the runs shown in the builder's state.
 */
export class ExplorationWrites {
  /** Permission given by the user's answer to the last question, for the next write only. */
  private permission: Permissions = {};
  private lastDone: { rows: number; location: string; cutAt: number | null } | null = null;
  /** The draft's cells as last written in this session (read along with their name before the next write). */
  private lastRect: Rect | null = null;

  constructor(private readonly builder: WritingHost) {}

  /** The user's "go ahead" to the question asked, for the next write. */
  allow(question: BuilderQuestion['kind']): void {
    this.permission = question === 'overwrite' ? { ...this.permission, overwrite: true } : { ...this.permission, overwriteHandEdits: true };
  }

  /** Takes back the permission given (the exploration changed, or the question was dismissed). */
  forget(): void {
    this.permission = {};
  }

  async execute(exploration: Exploration, signal: AbortSignal, stillCurrent: () => boolean): Promise<void> {
    const { builder } = this;
    const { ports } = builder.context;
    const query = toQuery(exploration, builder.typeOf);
    const { rows, columns, measures, display } = exploration;
    const { grid, cutAt } = await ports.runner.runDefinition(builder.draft.deploymentId, query, { rows, columns, measures, ...display }, signal);
    let fitted: DraftWritten | null = null;
    await builder.exclusive(async () => {
      // A newer change, or the builder closed, while the query ran: this result is never written.
      if (!stillCurrent() || builder.closed) return;
      // The draft as it is when the cells are written (a change meanwhile is kept), with what was written: saved
      // in the write's own request (a change while it is on its way waits its turn, `exclusive`).
      const draftOf = (written: DraftRecord['written']): DraftRecord => ({ ...builder.draft, written, writtenFor: explorationKey(exploration), cellsSaved: false });
      const outcome = await writeDraftCells(ports, builder.draft, grid, {
        ...this.permission, placementIds: builder.placementIds, baseline: builder.baseline, signal, lastRect: this.lastRect,
        keepRecord: (written) => JSON.stringify(draftOf(written)),
        record: async (written, kept) => {
          builder.draft = draftOf(written);
          if (!kept) await saveDraft(ports.workbook, builder.draft);
        },
      });
      if (outcome.kind === 'needs-confirmation') {
        builder.set({ question: { kind: 'overwrite', target: outcome.target, foreignCells: outcome.foreignCells } });
        return;
      }
      if (outcome.kind === 'hand-edits') {
        builder.set({ question: { kind: 'hand-edits', cells: outcome.cells } });
        return;
      }
      this.permission = {};
      this.lastRect = outcome.rect;
      this.lastDone = { rows: grid.values.length, location: outcome.location, cutAt };
      await builder.showLocation(outcome.location);
      fitted = outcome;
    });
    if (!fitted) return;
    const cells = fitted;
    // The columns' fit is cosmetic: it follows the numbers instead of holding them back (its own request, queued
    // before the next change's), and a fit Excel refuses leaves widths as they were, never the cells.
    // eslint-disable-next-line no-restricted-syntax -- A failed fit changes nothing the user relies on; the next write fits again.
    void builder.exclusive(() => fitColumns(ports.workbook, draftCellsId(builder.draft), cells, grid)).catch(() => undefined); // Fire and forget: cosmetic.
  }

  onStatus(status: RunStatus<Exploration>): void {
    const { builder } = this;
    if (builder.closed) return;
    switch (status.kind) {
      case 'idle': return builder.set({ run: { kind: 'idle' } });
      case 'pending': return builder.set({ run: { kind: 'pending' } });
      case 'running': return builder.set({ run: { kind: 'running' } });
      case 'failed': return builder.set({ run: { kind: 'failed', message: builder.context.describe(status.error) } });
      case 'done':
        if (builder.getState().question || !this.lastDone) return builder.set({ run: { kind: 'pending' } });
        return builder.set({ run: { kind: 'done', ...this.lastDone } });
    }
  }
}

/**
 * The draft's columns fit as a placed report's are, by the Workbook port's `finishPlacement` with no table: to the
 * header and data rows, never to the caption rows above them, and only ever wider (a column others use keeps what
 * it needs). Its answer (why no table) does not apply here.
 */
async function fitColumns(workbook: Pick<Workbook, 'finishPlacement'>, cellsId: string, written: Pick<DraftWritten, 'sheetName' | 'rect'>, grid: CellGrid): Promise<void> {
  await workbook.finishPlacement({
    placementId: cellsId, sheetName: written.sheetName, rect: written.rect,
    headerRow: captionRows(grid), tableName: null, tablesBefore: [],
  });
}
