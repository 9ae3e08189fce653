import type { WorkbookPlacement } from '../../src/placements/placement-service';
import type { WriteOptions, WriteOutcome } from '../../src/placements/write-outcome';
import { WriteStoppedError } from '../../src/placements/errors';
import type { Operation } from '../../src/pane/pane-state';
import { canStop, offersStop, STOP_FROM_CELLS } from '../../src/pane/write-stop';
import { entry, report, started, until } from '../support/workspace-store-fakes';

/**
 * Stop on a long write (issue 27), in the pane store in Node: offered from about 20,000 cells while rows remain,
 * pressed once, and a stopped write said as news (cells put back), never as a failure of the card.
 */

/** A write the test holds at its first request: it tells its size, then waits for Stop (or `finish`). */
function heldWrite(totalRows: number, columns: number) {
  let options: WriteOptions | undefined;
  let finish: () => void = () => undefined;
  const write = async (_: unknown, o: WriteOptions): Promise<WriteOutcome> => {
    options = o;
    o.onProgress?.({ rowsWritten: 0, totalRows, totalCells: totalRows * columns });
    o.onProgress?.({ rowsWritten: Math.floor(totalRows / 3), totalRows, totalCells: totalRows * columns });
    await new Promise<void>((resolve, reject) => {
      finish = resolve;
      o.stop?.addEventListener('abort', () => reject(new WriteStoppedError()));
    });
    throw new Error('finished without a stop');
  };
  return { write, options: () => options!, finish: () => finish() };
}

describe('which writes offer Stop', () => {
  const op = (o: Partial<Operation>): Operation => ({ kind: 'placing', title: 'T', ...o });
  it('only a write of more than about 20,000 cells, while it has rows left to write', () => {
    expect(offersStop(null)).toBe(false);
    expect(offersStop(op({}))).toBe(false);
    expect(offersStop(op({ rowsWritten: 0, totalRows: 1_000, totalCells: STOP_FROM_CELLS }))).toBe(false);
    expect(offersStop(op({ rowsWritten: 0, totalRows: 1_000, totalCells: STOP_FROM_CELLS + 1 }))).toBe(true);
    expect(offersStop(op({ rowsWritten: 999, totalRows: 1_000, totalCells: 50_000 }))).toBe(true);
    expect(offersStop(op({ rowsWritten: 1_000, totalRows: 1_000, totalCells: 50_000 }))).toBe(false);
  });

  it('once pressed it stays shown (saying so) but cannot be pressed again', () => {
    const stopping = op({ rowsWritten: 1_000, totalRows: 1_000, totalCells: 50_000, stopping: true });
    expect(offersStop(stopping)).toBe(true);
    expect(canStop(stopping)).toBe(false);
  });
});

describe('Stop in the pane store', () => {
  it('a large place: Stop aborts the write, the pane says it was not placed and the cells put back, nothing fails', async () => {
    const { store, placements } = await started([]);
    const held = heldWrite(10_001, 7);
    placements.place.mockImplementationOnce(held.write);
    const placing = store.place(report);
    await until(() => store.getState().operation?.rowsWritten === 3_333);
    expect(canStop(store.getState().operation)).toBe(true);
    expect(held.options().stop?.aborted).toBe(false);

    expect(store.stopWrite()).toBe(true);
    expect(store.getState().operation).toMatchObject({ stopping: true });
    // Pressed once: a second press does nothing.
    expect(store.stopWrite()).toBe(false);
    expect(await placing).toBe(false);
    expect(held.options().stop?.aborted).toBe(true);
    const state = store.getState();
    expect(state.operation).toBeNull();
    expect(state.error).toBeNull();
    expect(state.notice).toEqual({ kind: 'stopped', operation: 'placing', title: 'Orders by status' });
  });

  it('a stopped refresh leaves its card as it was (no Failed), and the next write clears the notice', async () => {
    const a: WorkbookPlacement = entry('a');
    const { store, placements } = await started([a]);
    const held = heldWrite(30_000, 3);
    placements.refresh.mockImplementationOnce(held.write);
    const refreshing = store.refresh(a);
    await until(() => store.getState().operation?.rowsWritten === 10_000);
    store.stopWrite();
    expect(await refreshing).toBe(false);
    expect(store.getState().notice).toEqual({ kind: 'stopped', operation: 'refreshing', title: 'Orders by status' });
    expect(store.getState().outcomes.has('a')).toBe(false);
    expect(await store.refresh(a)).toBe(true);
    expect(store.getState().notice).toMatchObject({ kind: 'written' });
  });

  it('a small write offers no Stop: pressing does nothing', async () => {
    const { store, placements } = await started([]);
    const held = heldWrite(100, 5);
    placements.place.mockImplementationOnce(held.write);
    const placing = store.place(report);
    await until(() => store.getState().operation?.rowsWritten === 33);
    expect(store.stopWrite()).toBe(false);
    expect(held.options().stop?.aborted).toBe(false);
    held.finish();
    expect(await placing).toBe(false);
    expect(store.getState().notice).toBeNull();
  });
});
