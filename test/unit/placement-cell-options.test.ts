import type { CellOptions } from '../../src/core/cell-options';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { entry, started } from '../support/workspace-store-fakes';

/** The pane store's side of a placement's cell options: the card's switch and Place again here. */

const german: CellOptions = { language: 'de', titleAndSource: true };

function withOptions(id: string, cellOptions: CellOptions | null): WorkbookPlacement {
  const e = entry(id);
  return { ...e, location: { ...e.location!, cellOptions } };
}

describe('a placement card\'s cell options', () => {
  it('switching them refreshes the placement with them, through the write attempts (so it asks like any refresh)', async () => {
    const listed = withOptions('p1', german);
    const { store, placements } = await started([listed]);
    const english: CellOptions = { language: 'en', titleAndSource: true };
    expect(await store.setCellOptions(listed, english)).toBe(true);
    expect(placements.refresh).toHaveBeenCalledTimes(1);
    expect(placements.refresh.mock.calls[0]![0]).toBe(listed);
    expect(placements.refresh.mock.calls[0]![1]).toMatchObject({ cellOptions: english });
    expect(store.getState().notice).toMatchObject({ kind: 'written' });
  });

  it('Place again here elsewhere keeps the placement\'s language and title lines', async () => {
    // Recorded at B3:D8 but its name is at B10:D15 now (moved by hand): not damaged, so placed anew.
    const listed = withOptions('p1', german);
    const elsewhere = { ...listed, location: { ...listed.location!, rect: { top: 9, left: 1, bottom: 14, right: 3 } } };
    const { store, placements } = await started([elsewhere]);
    await store.placeAgain(elsewhere);
    expect(placements.place).toHaveBeenCalledTimes(1);
    expect(placements.place.mock.calls[0]![1]).toMatchObject({ cellOptions: german });
  });

  it('one from before options were kept is placed again with the new-placement defaults', async () => {
    const listed = withOptions('p1', null);
    const elsewhere = { ...listed, location: { ...listed.location!, rect: { top: 9, left: 1, bottom: 14, right: 3 } } };
    const { store, placements } = await started([elsewhere]);
    await store.placeAgain(elsewhere);
    expect(placements.place.mock.calls[0]![1].cellOptions).toBeUndefined();
  });
});
