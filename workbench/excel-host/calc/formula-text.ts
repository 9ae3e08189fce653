import { lex } from 'fast-formula-parser/grammar/lexing';

/**
 * The text of a formula as the engine hands it to the library. fast-formula-parser reads a lone run of one to
 * three letters (`=-x`, `=abc+1`) as a whole column; Excel reads it as a name, and `#NAME?` when no such name
 * is defined. Such a run gets a `?` appended, which no Excel name contains, so the library reads it as a
 * name (its `onVariable`), and `definedName` takes the `?` off again.
 */

const MARK = '?';

export function expressionOf(formula: string): string {
  const text = formula.slice(1);
  let tokens;
  try {
    tokens = lex(text).tokens;
  } catch {
    return text;
  }
  let expression = text;
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    if (token.tokenType.name !== 'Column') continue;
    const partOfRange = tokens[i - 1]?.tokenType.name === 'Colon' || tokens[i + 1]?.tokenType.name === 'Colon';
    if (partOfRange) continue;
    const end = token.startOffset + token.image.length;
    expression = `${expression.slice(0, end)}${MARK}${expression.slice(end)}`;
  }
  return expression;
}

/** The defined name an `onVariable` name stands for (see the header). */
export const definedName = (name: string) => (name.endsWith(MARK) ? name.slice(0, -MARK.length) : name);

/** The function a formula is one call of (`=RS.VALUE(A1, "x")` → `RS.VALUE`), or null when it is anything more. */
export function loneCallName(formula: string): string | null {
  let tokens;
  try {
    tokens = lex(formula.slice(1)).tokens;
  } catch {
    return null;
  }
  const first = tokens[0];
  if (first?.tokenType.name !== 'Function') return null;
  let depth = 0;
  for (const [i, token] of tokens.entries()) {
    const kind = token.tokenType.name;
    if (kind === 'Function' || kind === 'OpenParen') depth += 1;
    else if (kind === 'CloseParen') depth -= 1;
    if (depth === 0) return i === tokens.length - 1 ? first.image.slice(0, -1) : null;
  }
  return null;
}

/** The formula with each function `rename` knows named its way (`=RS.WERT(A1)` → `=RS.VALUE(A1)`); the rest as written. */
export function renameFunctions(formula: string, rename: (name: string) => string | null): string {
  let tokens;
  try {
    tokens = lex(formula.slice(1)).tokens;
  } catch {
    return formula;
  }
  let text = formula.slice(1);
  for (let i = tokens.length - 1; i >= 0; i -= 1) {
    const token = tokens[i]!;
    if (token.tokenType.name !== 'Function') continue;
    const name = token.image.slice(0, -1);
    const renamed = rename(name);
    if (renamed !== null && renamed !== name) text = `${text.slice(0, token.startOffset)}${renamed}${text.slice(token.startOffset + name.length)}`;
  }
  return `=${text}`;
}
