import { sameCellOptions, type CellOptions } from '../core/cell-options';
import type { PlacementNames } from '../ports/workbook-names';

/**
 * After a refresh or a move is recorded: keeps the cell options it wrote with (core/cell-options.ts) when the
 * workbook kept others (a card's switch) or none (a placement from before they were kept: from now on its language is
 * the one it was just written in, and it has no title lines until its card turns them on). A switch that cannot be
 * kept is an error (the next refresh would switch back); for an older placement it is tried again at its next write,
 * the cells being right either way. Resolves to the options the workbook keeps now.
 */
export async function keepCellOptions(
  { workbook }: { workbook: Pick<PlacementNames, 'writeCellOptions'> }, placementId: string, kept: CellOptions | null | undefined, cells: CellOptions, switched: boolean,
): Promise<CellOptions | null> {
  if (sameCellOptions(kept, cells)) return kept ?? null;
  try {
    await workbook.writeCellOptions(placementId, cells);
    return cells;
  } catch (error) {
    if (switched) throw error;
    return kept ?? null;
  }
}
