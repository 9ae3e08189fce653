import { lex } from 'fast-formula-parser/grammar/lexing';
import { MAX_COLUMNS, MAX_ROWS, columnIndex, columnLetters, type Rect } from '../../../src/core/a1';
import type { CellRef } from './references';

/**
 * The A1 references inside a formula's text, found with fast-formula-parser's own lexer (the one the engine
 * calculates with), so strings (`"A1"`), function names (`LOG10(`), defined names and structured references are
 * never taken for references, and sheet prefixes (`'My Sheet'!`, `Sheet2!`) are read as the engine reads them.
 * A formula the lexer cannot read (the engine shows an error for it) has no references here and is left as typed.
 *
 * Rewriting keeps everything between references byte for byte, and each reference's `$` flags and form (cell,
 * area, whole columns `B:D`, whole rows `3:5`).
 */

export type ReferenceForm = 'cell' | 'area' | 'columns' | 'rows';

export interface FormulaReference {
  /** Offsets in the formula text (which starts with `=`), the sheet prefix included. */
  start: number;
  end: number;
  /** The sheet prefix as written (`'My Sheet'!`), '' for none. */
  prefix: string;
  /** The sheet named by the prefix; null: the formula's own sheet. */
  sheetName: string | null;
  form: ReferenceForm;
  /** Top-left and bottom-right corners, with their `$` flags. */
  first: CellRef;
  last: CellRef;
}

interface Token {
  type: string;
  image: string;
  start: number;
}

const cellPart = (image: string): CellRef | null => {
  const m = /^(\$?)([A-Za-z]{1,3})(\$?)(\d+)$/.exec(image);
  if (!m) return null;
  const row = Number(m[4]) - 1;
  const column = columnIndex(m[2]!);
  if (row < 0 || row >= MAX_ROWS || column >= MAX_COLUMNS) return null;
  return { row, column, rowAbsolute: m[3] === '$', columnAbsolute: m[1] === '$' };
};

const columnPart = (image: string): CellRef | null => {
  const m = /^(\$?)([A-Za-z]{1,3})$/.exec(image);
  const column = m ? columnIndex(m[2]!) : MAX_COLUMNS;
  return column < MAX_COLUMNS ? { row: 0, column, rowAbsolute: true, columnAbsolute: m![1] === '$' } : null;
};

const rowPart = (image: string): CellRef | null => {
  const row = /^\d+$/.test(image) ? Number(image) - 1 : -1;
  return row >= 0 && row < MAX_ROWS ? { row, column: 0, rowAbsolute: false, columnAbsolute: true } : null;
};

function unquoteSheet(prefix: string): string {
  const name = prefix.slice(0, -1); // the `!`
  return name.startsWith("'") ? name.slice(1, -1).replace(/''/g, "'") : name;
}

/** Orders two corners into top-left and bottom-right, each coordinate keeping the `$` it was written with. */
function ordered(a: CellRef, b: CellRef): [CellRef, CellRef] {
  const [top, bottom] = a.row <= b.row ? [a, b] : [b, a];
  const [left, right] = a.column <= b.column ? [a, b] : [b, a];
  return [
    { row: top.row, rowAbsolute: top.rowAbsolute, column: left.column, columnAbsolute: left.columnAbsolute },
    { row: bottom.row, rowAbsolute: bottom.rowAbsolute, column: right.column, columnAbsolute: right.columnAbsolute },
  ];
}

/** The references in `formula` (`=SUM('My Sheet'!A1:B2,$C$3)`), in order. */
export function formulaReferences(formula: string): FormulaReference[] {
  if (!formula.startsWith('=')) return [];
  let tokens: Token[];
  try {
    tokens = lex(formula.slice(1)).tokens.map((t) => ({ type: t.tokenType.name, image: t.image, start: t.startOffset + 1 }));
  } catch {
    return [];
  }
  const references: FormulaReference[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const sheet = tokens[i]!.type === 'Sheet' || tokens[i]!.type === 'SheetQuoted' ? tokens[i]! : null;
    const at = sheet ? i + 1 : i;
    const head = tokens[at];
    if (!head) break;
    const colon = tokens[at + 1]?.type === 'Colon' ? tokens[at + 2] : undefined;
    const pairs: [string, ReferenceForm, (image: string) => CellRef | null][] = [['Cell', 'area', cellPart], ['Column', 'columns', columnPart], ['Number', 'rows', rowPart]];
    let found: { form: ReferenceForm; first: CellRef; last: CellRef; tail: Token } | null = null;
    for (const [type, form, part] of pairs) {
      const a = head.type === type ? part(head.image) : null;
      const b = a && colon?.type === type ? part(colon.image) : null;
      if (a && b) found = { form, first: a, last: b, tail: colon! };
    }
    if (!found && head.type === 'Cell') {
      const cell = cellPart(head.image);
      if (cell) found = { form: 'cell', first: cell, last: cell, tail: head };
    }
    if (!found) continue;
    const [first, last] = ordered(found.first, found.last);
    if (found.form === 'columns') last.row = MAX_ROWS - 1;
    if (found.form === 'rows') last.column = MAX_COLUMNS - 1;
    references.push({
      start: (sheet ?? head).start, end: found.tail.start + found.tail.image.length,
      prefix: sheet?.image ?? '', sheetName: sheet ? unquoteSheet(sheet.image) : null, form: found.form, first, last,
    });
    i = tokens.indexOf(found.tail);
  }
  return references;
}

export const referenceRect = (ref: FormulaReference): Rect => ({ top: ref.first.row, left: ref.first.column, bottom: ref.last.row, right: ref.last.column });

const columnText = (c: CellRef) => `${c.columnAbsolute ? '$' : ''}${columnLetters(c.column)}`;
const rowText = (c: CellRef) => `${c.rowAbsolute ? '$' : ''}${c.row + 1}`;

/** A reference written in its own form with new corners; `null` corners: the cells are gone (`#REF!`). */
export function referenceText(ref: FormulaReference, corners: [CellRef, CellRef] | null): string {
  if (!corners) return `${ref.prefix}#REF!`;
  const [a, b] = corners;
  switch (ref.form) {
    case 'cell': return `${ref.prefix}${columnText(a)}${rowText(a)}`;
    case 'columns': return `${ref.prefix}${columnText(a)}:${columnText(b)}`;
    case 'rows': return `${ref.prefix}${rowText(a)}:${rowText(b)}`;
    case 'area': return `${ref.prefix}${columnText(a)}${rowText(a)}:${columnText(b)}${rowText(b)}`;
  }
}

/** `formula` with each reference replaced by what `rewrite` says (its text), or kept when it says null. */
export function rewriteReferences(formula: string, rewrite: (ref: FormulaReference) => string | null): string {
  let text = formula;
  const references = formulaReferences(formula);
  for (let i = references.length - 1; i >= 0; i -= 1) {
    const ref = references[i]!;
    const replacement = rewrite(ref);
    if (replacement !== null) text = `${text.slice(0, ref.start)}${replacement}${text.slice(ref.end)}`;
  }
  return text;
}
