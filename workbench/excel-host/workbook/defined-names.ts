import { quoteSheetName, type Rect } from '../../../src/core/a1';
import { ErrorCodes, HostError } from './host-error';
import { adjustForDelete, adjustForInsert, formatNameFormula, parseNameFormula, resolveArea, type AreaRef } from './references';

/**
 * Defined names by Excel's rules. Names: start with a letter, `_` or `\`, then letters, digits, `.` or `_`;
 * at most 255 characters; not a cell reference (`A1`, `R1C1`); unique regardless of case
 * (https://support.microsoft.com/en-us/office/define-and-use-names-in-formulas-4d0f13ac-53b7-422e-afd2-abd7ff379c64,
 * "Learn about syntax rules for names").
 */
export interface DefinedName {
  name: string;
  formula: string;
  origin: { row: number; column: number };
  visible: boolean;
  comment: string;
}

export function validateName(name: string, existing: readonly DefinedName[]): void {
  const looksLikeReference = /^[A-Za-z]{1,3}\d+$/.test(name) || /^[Rr]\d*[Cc]\d*$/.test(name) || /^[RrCc]$/.test(name);
  if (!/^[A-Za-z_\\][A-Za-z0-9_.\\]*$/.test(name) || name.length > 255 || looksLikeReference) {
    throw new HostError(ErrorCodes.invalidArgument, `The name '${name}' is not valid.`);
  }
  if (existing.some((entry) => entry.name.toLowerCase() === name.toLowerCase())) {
    throw new HostError(ErrorCodes.itemAlreadyExists, `The name '${name}' already exists.`);
  }
}

/** `=Sheet1!$B$3:$F$40`: the formula Excel gives a name defined on cells given as a range (absolute references). */
export function absoluteNameFormula(sheetName: string, rect: Rect): string {
  const cell = (row: number, column: number) => ({ row, column, rowAbsolute: true, columnAbsolute: true });
  return formatNameFormula({ sheetName, start: cell(rect.top, rect.left), end: cell(rect.bottom, rect.right) });
}

/** The sheet and cells a name refers to now (relative parts against the active cell), or null. */
export function nameTarget(entry: DefinedName, active: { row: number; column: number }): { sheetName: string | null; rect: Rect } | null {
  const ref = parseNameFormula(entry.formula);
  return ref ? { sheetName: ref.sheetName, rect: resolveArea(ref, entry.origin, active) } : null;
}

/** `Range` for one plain reference, `Error` for `#REF!`, else the type of the constant. */
export function nameType(entry: DefinedName): string {
  const body = entry.formula.replace(/^=/, '').trim();
  if (parseNameFormula(entry.formula)) return 'Range';
  if (/#REF!/i.test(body)) return 'Error';
  if (/^\{/.test(body)) return 'Array';
  if (/^(TRUE|FALSE)$/i.test(body)) return 'Boolean';
  if (body !== '' && !Number.isNaN(Number(body))) return 'Double';
  if (/^".*"$/.test(body)) return 'String';
  return 'Range';
}

type Change = (rect: Rect) => Rect | null;

/** Moves every name that refers to `sheetName` by `change` (in the coordinates it was defined in); gone → `#REF!`. */
function moveNames(names: DefinedName[], sheetName: string, change: Change): void {
  for (const entry of names) {
    const ref: AreaRef | null = parseNameFormula(entry.formula);
    if (!ref || (ref.sheetName ?? '').toLowerCase() !== sheetName.toLowerCase()) continue;
    const rect = resolveArea(ref, entry.origin, entry.origin);
    const moved = change(rect);
    if (!moved) {
      entry.formula = `=${ref.sheetName ? `${quoteSheetName(ref.sheetName)}!` : ''}#REF!`;
      continue;
    }
    const shifted: AreaRef = {
      sheetName: ref.sheetName,
      start: { ...ref.start, row: ref.start.row + moved.top - rect.top, column: ref.start.column + moved.left - rect.left },
      end: { ...ref.end, row: ref.end.row + moved.bottom - rect.bottom, column: ref.end.column + moved.right - rect.right },
    };
    entry.formula = formatNameFormula(shifted);
  }
}

export function namesAfterInsert(names: DefinedName[], sheetName: string, inserted: Rect, shift: 'Down' | 'Right'): void {
  moveNames(names, sheetName, (rect) => adjustForInsert(rect, inserted, shift));
}

export function namesAfterDelete(names: DefinedName[], sheetName: string, deleted: Rect, shift: 'Up' | 'Left'): void {
  moveNames(names, sheetName, (rect) => adjustForDelete(rect, deleted, shift));
}

/** A deleted sheet leaves the names that referred to it as `#REF!`. */
export function namesAfterSheetDeleted(names: DefinedName[], sheetName: string): void {
  moveNames(names, sheetName, () => null);
}

/** A renamed sheet: names that referred to it now carry its new name, as Excel rewrites them. */
export function namesAfterSheetRenamed(names: DefinedName[], oldName: string, newName: string): void {
  for (const entry of names) {
    const ref = parseNameFormula(entry.formula);
    if (ref && (ref.sheetName ?? '').toLowerCase() === oldName.toLowerCase()) entry.formula = formatNameFormula({ ...ref, sheetName: newName });
  }
}
