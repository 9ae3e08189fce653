import { readAheadServes, type ReadAhead } from '../../src/monitoring/read-ahead';
import type { WorkbookState } from '../../src/ports/workbook-cells';

/** A read sent at 1,000 ms and answered at 1,150 ms (a 150 ms round trip) that read placements a and b. */
const ahead: ReadAhead = { state: {} as WorkbookState, covers: new Set(['a', 'b']), sentAt: 1_000, answeredAt: 1_150 };
const at = (ms: number) => () => ms;

describe('a read sent as Refresh all starts', () => {
  it('serves a wave of placements it read, while no older than the read took', () => {
    expect(readAheadServes(ahead, ['a', 'b'], ['a', 'b'], undefined, at(1_150))).toBe(true);
    expect(readAheadServes(ahead, ['b'], ['a', 'b'], undefined, at(1_300))).toBe(true);
    expect(readAheadServes(ahead, ['b'], ['a', 'b'], undefined, at(1_301))).toBe(false);
  });

  it('does not serve a placement it did not read, nor when the workbook has a placement whose name it did not read', () => {
    expect(readAheadServes(ahead, ['a', 'c'], ['a', 'b', 'c'], undefined, at(1_200))).toBe(false);
    expect(readAheadServes(ahead, ['a'], ['a', 'b', 'c'], undefined, at(1_200))).toBe(false);
  });

  it('takes a longer age where the caller sets one', () => {
    expect(readAheadServes(ahead, ['a'], ['a'], 10_000, at(11_150))).toBe(true);
    expect(readAheadServes(ahead, ['a'], ['a'], 10_000, at(11_151))).toBe(false);
  });
});
