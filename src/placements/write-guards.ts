import type { ResultChecksum } from '../contract';
import { rectAddress, sheetAddress, type Rect } from '../core/a1';
import type { GridDigests } from '../core/grid-hash';
import { handEditsAgainst, handEditsOfDamaged, type HandEdits } from '../core/result-checksum';
import { cellsHoldingAnything } from '../core/unvouched-cells';
import type { PlacedCells } from '../ports/workbook-cells';
import type { TargetFindings, WriteApproval } from '../ports/workbook-writes';
import type { Permissions, WriteQuestion } from './write-outcome';

/**
 * The write pipeline's guards on what the workbook's inspection found in the cells (`GridWriter.inspectWrite`): they
 * alone decide whether a grid write is applied, so no adapter and no caller judges. Another placement's cells and
 * hand edits in cells a write empties are the pipeline's own checks before it (write-pipeline.ts).
 */

/** What the cells were last written with: the hand-edit guard's baseline. */
export interface Baseline {
  record: ResultChecksum | null | undefined;
  /** Where the record says the cells were: more rows or columns than the cells have now means damaged. */
  rect: Rect | null;
}

/**
 * The guards' answer: write (`ownAsWritten`: the own cells hold exactly what was last written, so the values just
 * read can stand in the snapshot), or stop with a question for the user, and write nothing.
 */
export type GuardVerdict<Q> = ({ write: true } & WriteApproval) | { write: false; question: Q };

/** What the guards judge of a write: where it goes, the cells written before and their baseline, and the user's answers. */
export interface GuardedWrite {
  sheetName: string;
  own: PlacedCells | null;
  baseline?: Baseline;
  permissions: Permissions;
}

/**
 * The guards on what the cells hold now: hand edits in the own cells, then foreign cells in the way. Own cells with
 * no readable record of what was written there are vouched for by nothing: every one holding anything is asked
 * about as a hand edit (`cellsHoldingAnything`), never overwritten unasked.
 */
export function judge(w: GuardedWrite, found: TargetFindings): GuardVerdict<WriteQuestion> {
  const { own } = w;
  const recorded = own ? handEditsSince(w.baseline, found.now, own.rect) : null;
  const edits = own ? recorded ?? cellsHoldingAnything(found.now) : null;
  if (own && edits?.rows.length && !w.permissions.overwriteHandEdits) {
    return { write: false, question: { kind: 'hand-edits', ...namedEdits(edits, own.rect), location: { sheetId: own.sheetId, sheetName: own.sheetName, rect: own.rect } } };
  }
  if (found.foreignCells.length && !w.permissions.overwrite) {
    return { write: false, question: { kind: 'needs-confirmation', foreignCells: found.foreignCells, target: sheetAddress(w.sheetName, found.target) } };
  }
  return { write: true, ownAsWritten: Boolean(own && recorded && recorded.rows.length === 0) };
}

/** Hand edits against the baseline; a damaged placement (fewer rows or columns than recorded) is matched in order. */
function handEditsSince(baseline: Baseline | undefined, now: GridDigests, ownRect: Rect): HandEdits | null {
  if (!baseline) return null;
  const recorded = baseline.rect;
  const damaged = recorded !== null
    && (ownRect.bottom - ownRect.top < recorded.bottom - recorded.top || ownRect.right - ownRect.left < recorded.right - recorded.left);
  return damaged ? handEditsOfDamaged(baseline.record, now) : handEditsAgainst(baseline.record, now);
}

/** Hand edits as the pane names them: 1-based sheet rows and A1 cells. */
export function namedEdits(edits: HandEdits, rect: Rect): { rows: number[]; cells: string[] } {
  const { top, left } = rect;
  return {
    rows: edits.rows.map((r) => top + r + 1),
    cells: edits.cells.map((c) => rectAddress({ top: top + c.row, bottom: top + c.row, left: left + c.column, right: left + c.column })),
  };
}
