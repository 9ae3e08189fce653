import type { Rect } from '../core/a1';
import { toQuery, type Exploration } from '../core/exploration';
import type { CellGrid } from '../core/cell-grid';
import { captionRows } from '../core/table-header';
import type { Workbook } from '../ports/workbook';
import type { ColumnFit } from '../ports/workbook-tables';
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

  /**
   * Runs the exploration and writes its result, which keeps the draft (the change that scheduled the run left that to
   * it): a run that ends without keeping it (its query failed, a question stopped the write) keeps it then, and one
   * superseded leaves it to the change that superseded it.
   */
  async execute(exploration: Exploration, signal: AbortSignal, stillCurrent: () => boolean): Promise<void> {
    let kept = false;
    try {
      kept = await this.runAndWrite(exploration, signal, stillCurrent);
    } finally {
      // Fire and forget: `persist` shows its own failure in the builder, and the run's outcome need not wait for it.
      if (!kept && stillCurrent() && !this.builder.closed) void this.builder.persist();
    }
  }

  /** True once the result is written and, with it, the draft kept. */
  private async runAndWrite(exploration: Exploration, signal: AbortSignal, stillCurrent: () => boolean): Promise<boolean> {
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
      // in the write's own request (a change while it is on its way waits its turn, `exclusive`). A write of nothing
      // new keeps it by `record`, after the cells were found as the grid says.
      const draftOf = (written: DraftRecord['written']): DraftRecord => ({ ...builder.draft, written, writtenFor: explorationKey(exploration), cellsSaved: false });
      const outcome = await writeDraftCells(ports, builder.draft, grid, {
        ...this.permission, placementIds: builder.placementIds, baseline: builder.baseline, signal, lastRect: this.lastRect,
        keepRecord: (written) => JSON.stringify(draftOf(written)),
        record: async (written, recordKept) => {
          builder.draft = draftOf(written);
          if (!recordKept) await saveDraft(ports.workbook, builder.draft);
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
    if (!fitted) return false;
    const cells: DraftWritten = fitted;
    // The write autofit the columns; only those it made narrower are set back, in a request of their own when there
    // are any. The fit is cosmetic: it follows the numbers instead of holding them back (queued before the next
    // change's write), and a fit Excel refuses leaves widths as they were, never the cells.
    if (cells.fit && !narrowedAny(cells.fit)) return true;
    // eslint-disable-next-line no-restricted-syntax -- A failed fit changes nothing the user relies on; the next write fits again.
    void builder.exclusive(() => fitColumns(ports.workbook, draftCellsId(builder.draft), cells, grid)).catch(() => undefined); // Fire and forget: cosmetic.
    return true;
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
async function fitColumns(workbook: Pick<Workbook, 'finishPlacement'>, cellsId: string, written: Pick<DraftWritten, 'sheetName' | 'rect' | 'fit'>, grid: CellGrid): Promise<void> {
  await workbook.finishPlacement({
    placementId: cellsId, sheetName: written.sheetName, rect: written.rect,
    headerRow: captionRows(grid), fit: written.fit, tableName: null, tablesBefore: [],
  });
}

/** Whether the autofit made any column narrower than it was (what `finishPlacement` then sets back). */
const narrowedAny = ({ before, fitted }: ColumnFit): boolean => fitted.some((width, i) => width < before[i]!);
