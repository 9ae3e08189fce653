import type { FormulaTally } from '../functions/formula-calls';
import type { FormulaService } from '../functions/formula-service';
import type { CellFormatWriter } from '../ports/formula-cell-formats';

export interface FormulaFollowUpPorts {
  /** Gives formula cells the model's formats; null where Excel shows formatted number values itself (CustomFunctionsRuntime 1.4). */
  cellFormats: CellFormatWriter | null;
  /** What the formulas answered, once a calculation has settled: the pane says which show values from before. */
  settled(tally: FormulaTally): void;
}

/**
 * What follows any calculation of the RS formulas (opening the workbook, an edit, Refresh all), once its calls have
 * settled (`FormulaService.settled`): the pane is told what they answered, and where Excel shows no formatted numbers,
 * the cells that answered get the model's formats, every formula's in one batch. One follow-up at a time; calls that
 * answer during it are followed up by the next, so a calculation's cells are never formatted cell by cell.
 */
export class FormulaFollowUp {
  private running = false;
  private again = false;
  private stopped = false;

  constructor(private readonly service: Pick<FormulaService, 'settled' | 'takeCellFormats'>, private readonly ports: FormulaFollowUpPorts) {}

  /** A call answered (or cells await formats): follow the calculation up once it settles. */
  calculated(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    // Not awaited: the call that told must not wait for the whole calculation; `followUp` settles its own failures.
    void this.followUp();
  }

  /** The service is gone (signed out): nothing more is told or formatted. */
  stop(): void {
    this.stopped = true;
  }

  private async followUp(): Promise<void> {
    try {
      do {
        this.again = false;
        const tally = await this.service.settled();
        if (this.stopped) return;
        this.ports.settled(tally);
        await this.format();
      } while (this.again && !this.stopped);
    } finally {
      this.running = false;
    }
  }

  private async format(): Promise<void> {
    const cells = this.service.takeCellFormats();
    if (!this.ports.cellFormats || !cells.length) return;
    try {
      await this.ports.cellFormats.formatWhereGeneral(cells);
    } catch {
      // Excel refused the batch (a cell being edited, a sheet renamed since): the numbers stand unformatted until the
      // formulas answer again, which formats them then; nothing the user could act on now.
    }
  }
}
