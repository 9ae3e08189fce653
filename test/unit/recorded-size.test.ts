import type { ReportPlacement } from '../../src/contract';
import { parseRect } from '../../src/core/a1';
import { cellsWithin, coversLess, readableSize, recordedExtent } from '../../src/core/recorded-size';
import { handEditsFromRecord, recordedSize, resultChecksum } from '../../src/core/result-checksum';
import { isDamaged } from '../../src/monitoring/live-edit-results';
import { claimingChecksum } from '../support/claiming-checksum';

/**
 * Issue 39: a placement's size as its record states it (its location, its checksum's rows and columns) against the
 * cells its name covers. Records come from grids built here (`resultChecksum`) or from docs/result-checksum.md's
 * length rules (`claimingChecksum`); the sizes expected are those grids' and claims'.
 */

/** A written grid of `rows` × `columns` distinct values, and its record. */
function written(rows: number, columns: number) {
  return resultChecksum(Array.from({ length: rows }, (_, r) => Array.from({ length: columns }, (_, c) => `r${r}c${c}`)));
}

const B2_C7 = parseRect('B2:C7');
const WHOLE_FROM_B2 = parseRect('B2:XFD1048576');

describe('the size a record states', () => {
  it('is the grid a checksum was made from; a claim larger than a worksheet is no record at all', () => {
    expect(recordedSize(written(6, 2))).toEqual({ rows: 6, columns: 2 });
    expect(recordedSize(claimingChecksum(1_048_575, 16_383))).toEqual({ rows: 1_048_575, columns: 16_383 });
    expect(recordedSize(claimingChecksum(1_048_577, 200))).toBeNull();
    expect(recordedSize(claimingChecksum(20, 16_385))).toBeNull();
    expect(recordedSize({ v: 2, chunks: [], payload: 'x' })).toBeNull();
    expect(recordedSize(null)).toBeNull();
    // Nothing is compared against a record no worksheet could hold.
    expect(handEditsFromRecord(claimingChecksum(1_048_577, 200), [['a']])).toBeNull();
  });

  it('reads the fewest rows and columns any statement gives, within the name', () => {
    expect(readableSize(B2_C7, written(6, 2))).toEqual({ rows: 6, columns: 2 });
    // The location claims the whole sheet, the checksum the cells written: the checksum's size.
    expect(readableSize(WHOLE_FROM_B2, written(6, 2))).toEqual({ rows: 6, columns: 2 });
    // Both claim it: the claim, which the name then bounds.
    const claimed = readableSize(WHOLE_FROM_B2, claimingChecksum(1_048_575, 16_383))!;
    expect(claimed).toEqual({ rows: 1_048_575, columns: 16_383 });
    expect(cellsWithin(B2_C7, claimed)).toEqual(B2_C7);
    // A name larger than the record (rows inserted inside it, or a name claiming the sheet): the record's cells.
    expect(cellsWithin(WHOLE_FROM_B2, { rows: 6, columns: 2 })).toEqual(B2_C7);
    expect(readableSize(B2_C7, null)).toEqual({ rows: 6, columns: 2 });
    expect(readableSize(null, undefined)).toBeNull();
  });

  it('marks a name covering fewer rows or columns than any statement as damaged, and records the largest', () => {
    expect(coversLess(B2_C7, B2_C7, written(6, 2))).toBe(false);
    expect(coversLess(B2_C7, WHOLE_FROM_B2, written(6, 2))).toBe(true);
    expect(coversLess(B2_C7, B2_C7, claimingChecksum(1_048_575, 16_383))).toBe(true);
    // Rows deleted inside: one row fewer.
    expect(coversLess(parseRect('B2:C6'), B2_C7, written(6, 2))).toBe(true);
    // More cells than recorded is not damage.
    expect(coversLess(WHOLE_FROM_B2, B2_C7, written(6, 2))).toBe(false);
    expect(recordedExtent(B2_C7, claimingChecksum(1_048_575, 16_383))).toEqual(WHOLE_FROM_B2);
    expect(recordedExtent(B2_C7, written(6, 2))).toEqual(B2_C7);
    expect(recordedExtent(null, written(6, 2))).toBeNull();
  });

  it('says Damaged on the card for a record claiming more than its name, by location or by checksum', () => {
    const entry = (resultLocation: string, checksum: ReportPlacement['resultChecksum'], rect = B2_C7) => ({
      legacy: false,
      placement: { id: 'p1', resultLocation, resultChecksum: checksum } as ReportPlacement,
      location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect },
    });
    expect(isDamaged(entry('Sheet1!B2:C7', written(6, 2)))).toBe(false);
    expect(isDamaged(entry('Sheet1!B2:XFD1048576', written(6, 2)))).toBe(true);
    expect(isDamaged(entry('Sheet1!B2:C7', claimingChecksum(1_048_575, 16_383)))).toBe(true);
    expect(isDamaged(entry('Sheet1!B2:C7', written(6, 2), WHOLE_FROM_B2))).toBe(false);
  });
});
