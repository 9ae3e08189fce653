/**
 * How an area a reference points to moves when cells are inserted or deleted with a shift (`Range.insert`,
 * `Range.delete`, inserting or deleting whole rows and columns). Rectangles are zero-based and inclusive.
 *
 * Microsoft documents the outcome only in part: references follow the cells they point to, a formula's range grows
 * when rows are inserted inside it, and references to deleted cells become #REF!
 * (https://support.microsoft.com/en-us/office/how-to-correct-a-ref-error-822c8e46-e610-4d02-bf0e-4d1b1e3bff9b [address from memory];
 * Range.insert / Range.delete "shift the other cells",
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-insert-member(1)).
 * The rest is what Excel does, stated here as the rule this module keeps:
 * 1. Cells inserted with shift Down move only the cells in their own columns. An area moves or grows only when its
 *    columns lie within the inserted columns (whole-row inserts cover every column). An area that sticks out to
 *    either side keeps its address: its cells do not all move together, and Excel leaves such references alone.
 * 2. Within those columns: an area that starts at or below the first inserted row moves down by the number of rows
 *    inserted; one that starts above it and reaches into it grows by that many rows; one that ends above it stays.
 * 3. Deleting with shift Up mirrors this: an area below the deleted rows moves up; an area partly deleted loses the
 *    deleted rows (and closes the gap); an area entirely deleted is gone (null, shown as #REF!).
 * 4. Shift Right / Left is the same with rows and columns swapped.
 * 5. An area that spans every row (whole columns, `A:A`) is not changed by inserting or deleting rows, and one that
 *    spans every column by inserting or deleting columns; only deleting all of it makes it #REF!.
 * 6. Pushed past the last row or column an area is cut at the edge; if nothing of it is left, it is gone (null).
 *    (Excel refuses inserts that would push non-blank cells off the sheet; the caller checks that.)
 */
import { MAX_COLUMNS, MAX_ROWS, type Rect } from '../../../src/core/a1';

/** The rectangle seen along the shift axis (`lo`/`hi`) and across it (`from`/`to`). */
interface Axis {
  lo: number;
  hi: number;
  from: number;
  to: number;
}

const alongRows = (r: Rect): Axis => ({ lo: r.top, hi: r.bottom, from: r.left, to: r.right });
const alongColumns = (r: Rect): Axis => ({ lo: r.left, hi: r.right, from: r.top, to: r.bottom });
const fromRows = (a: Axis): Rect => ({ top: a.lo, bottom: a.hi, left: a.from, right: a.to });
const fromColumns = (a: Axis): Rect => ({ left: a.lo, right: a.hi, top: a.from, bottom: a.to });

function insertAlong(area: Axis, inserted: Axis, size: number): Axis | null {
  if (area.from < inserted.from || area.to > inserted.to) return area; // rule 1
  if (area.lo === 0 && area.hi === size - 1) return area; // rule 5
  const count = inserted.hi - inserted.lo + 1;
  let { lo, hi } = area;
  if (lo >= inserted.lo) {
    lo += count;
    hi += count;
  } else if (hi >= inserted.lo) hi += count;
  else return area;
  if (lo >= size) return null; // rule 6
  return { ...area, lo, hi: Math.min(hi, size - 1) };
}

function deleteAlong(area: Axis, deleted: Axis, size: number): Axis | null {
  if (area.from < deleted.from || area.to > deleted.to) return area; // rule 1
  if (area.lo >= deleted.lo && area.hi <= deleted.hi) return null; // all of it deleted
  if (area.lo === 0 && area.hi === size - 1) return area; // rule 5
  const count = deleted.hi - deleted.lo + 1;
  if (area.hi < deleted.lo) return area;
  if (area.lo > deleted.hi) return { ...area, lo: area.lo - count, hi: area.hi - count };
  const lo = Math.min(area.lo, deleted.lo);
  const hi = area.hi > deleted.hi ? area.hi - count : deleted.lo - 1;
  return { ...area, lo, hi };
}

/**
 * Where `rect` is after the cells `inserted` are inserted with `shift`; null when it was pushed off the sheet.
 */
export function adjustForInsert(rect: Rect, inserted: Rect, shift: 'Down' | 'Right'): Rect | null {
  if (shift === 'Down') {
    const moved = insertAlong(alongRows(rect), alongRows(inserted), MAX_ROWS);
    return moved && fromRows(moved);
  }
  const moved = insertAlong(alongColumns(rect), alongColumns(inserted), MAX_COLUMNS);
  return moved && fromColumns(moved);
}

/** Where `rect` is after the cells `deleted` are deleted with `shift`; null when all of it was deleted (#REF!). */
export function adjustForDelete(rect: Rect, deleted: Rect, shift: 'Up' | 'Left'): Rect | null {
  if (shift === 'Up') {
    const moved = deleteAlong(alongRows(rect), alongRows(deleted), MAX_ROWS);
    return moved && fromRows(moved);
  }
  const moved = deleteAlong(alongColumns(rect), alongColumns(deleted), MAX_COLUMNS);
  return moved && fromColumns(moved);
}
