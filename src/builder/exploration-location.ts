import { sheetAddress } from '../core/a1';
import type { BuilderPorts } from './builder-ports';
import type { BuilderState } from './builder-model';
import { draftCellsId, type DraftRecord } from './exploration-draft';

/**
 * Where the builder shows the result is (the "result location"): the draft's cells where it has them, else the
 * selection, followed as it changes until the draft has cells of its own.
 */
export class ResultLocation {
  /** Stops following the selection. */
  private stopWatching: (() => Promise<void>) | null = null;

  constructor(
    private readonly ports: { workbook: Pick<BuilderPorts['workbook'], 'locate'>; placements: Pick<BuilderPorts['placements'], 'watchSelection'> },
    private readonly draft: () => DraftRecord,
    private readonly set: (partial: Pick<Partial<BuilderState>, 'resultLocation' | 'hasCells'>) => void,
  ) {}

  /** Shows where the result is (`written`: the address just written); with no cells, follows the selection. */
  async show(written?: string): Promise<void> {
    const draft = this.draft();
    const hasCells = draft.written !== null || draft.placementId !== null;
    const excel = this.ports.workbook;
    const location = !hasCells ? null : written ?? (await excel.locate(draftCellsId(draft)).then((l) => (l ? sheetAddress(l.sheetName, l.rect) : null)));
    if (location) {
      await this.stop();
      this.set({ resultLocation: location, hasCells: true });
      return;
    }
    this.set({ hasCells: false });
    this.stopWatching ??= await this.ports.placements.watchSelection((address) => this.set({ resultLocation: address }));
  }

  /** Stops following the selection (the builder closes, or the draft has cells). */
  async stop(): Promise<void> {
    const stop = this.stopWatching;
    this.stopWatching = null;
    await stop?.();
  }
}
