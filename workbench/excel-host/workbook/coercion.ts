/**
 * What Excel stores in a cell when an add-in sets `Range.values` or `Range.formulas`, or a person types into it
 * (en-US), and what `values`, `formulas` and `valueTypes` read back. Pure: no Office.js, no DOM.
 *
 * Sources:
 * - `Range.values`: "If the returned value starts with a plus ("+"), minus ("-"), or equal sign ("="), Excel
 *   interprets this value as a formula"; locale-shaped strings are read in en-US; cells with an error return the
 *   error string (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-values-member).
 * - `Range.formulas`: "If a cell has no formula, its value is returned instead"
 *   (https://learn.microsoft.com/en-us/javascript/api/excel/excel.range#excel-excel-range-formulas-member).
 * - `null` in a 2-D array leaves that cell unchanged; `''` clears it (Blank and null values in Excel add-ins,
 *   https://learn.microsoft.com/en-us/office/dev/add-ins/excel/excel-add-ins-blank-null-values). So `null` never
 *   reaches this module: the caller skips the cell, and `entryFromValue(null, …)` throws to catch a caller that
 *   forgot.
 * - The leading apostrophe is a hidden prefix: `formulas` (and `values`) return the text without it, so writing
 *   `formulas` back loses it (https://github.com/OfficeDev/office-js/issues/6687).
 * - A cell formatted as Text (`@`) "treats the content of a cell as text and displays the content exactly as you
 *   type it, even when you type numbers" (Available number formats in Excel,
 *   https://support.microsoft.com/en-us/office/available-number-formats-in-excel-0afe8f52-97db-41f1-b972-4b46e9f1e8d2 [address from memory];
 *   also the Text-format advice of https://learn.microsoft.com/en-us/troubleshoot/microsoft-365-apps/excel/long-numbers-incorrectly-in-excel).
 * - Typed constants (numbers, dates, times, fractions, percent, currency, TRUE/FALSE, error values): see
 *   `typed-input.ts` and `typed-dates.ts`.
 *
 * Choices where Microsoft documents nothing (each tested):
 * - The value stored here for a formula is a placeholder until the workbook's formula engine (calc/calculation.ts)
 *   calculates the cell at the end of the operation. It is what a constant formula gives (`=5`, `="a"`, `=TRUE`,
 *   `=#N/A`, with unary signs), `#NAME?` for a bare unknown identifier (`=-x`; a defined name of that name would
 *   resolve, which only the workbook knows), and 0 for anything else (Excel's result for a reference to an empty
 *   cell). Function names and references are kept as written (Excel would upper-case them).
 * - `+`/`-` followed by a sign-less remainder that cannot start a formula (`-`, `--`, `->`, `- `) stays text, as does
 *   `=` alone (Excel refuses both as formulas). `@NAME(…)` is read as `=NAME(…)` (the Lotus-style entry Excel still
 *   accepts); any other `@…` is text.
 * - A number written into a Text cell is stored as its text (`5` becomes `'5'`), a boolean as `TRUE`/`FALSE`, as VBA
 *   `Range.Value` does; the apostrophe prefix is still taken off in a Text cell.
 * - Numbers from JavaScript are rounded to 15 significant digits (Excel keeps 15 digits of precision); typed
 *   numbers are cut after the 15th digit, as Microsoft documents for entries.
 * - A recognized entry sets the cell's number format only when the cell is General; a cell with another number
 *   format keeps it (Excel's "automatic percent entry" into Percent cells is not modelled).
 * - `formulas` is read the same way as `values` for constants (Microsoft documents no difference in en-US).
 */
import { ERROR_VALUES, fifteenDigits, recognizeTyped } from './typed-input';
import type { YearMonthDay } from './typed-dates';

export type Scalar = string | number | boolean;

export interface Entry {
  /** For an error (`error: true`) its text, e.g. `#N/A`; for an empty cell `''`. */
  value: Scalar;
  /** The formula as stored, starting with `=`. */
  formula?: string;
  /** Text entered with a leading apostrophe (the apostrophe is not part of the value). */
  textPrefix?: boolean;
  error?: boolean;
  /** The number format the entry gives the cell; absent means "leave the cell's format as it is". */
  numberFormat?: string;
}

const isGeneral = (format: string | undefined) => format === undefined || format === '' || format.toLowerCase() === 'general';
const isText = (format: string | undefined) => format?.trim() === '@';

function todayOf(now: Date): YearMonthDay {
  return { year: now.getFullYear(), month: now.getMonth() + 1, day: now.getDate() };
}

/** The value a stored, unevaluated formula shows (see the header). */
function formulaValue(formula: string): Pick<Entry, 'value' | 'error'> {
  let body = formula.slice(1).trim();
  let minus = false;
  let signed = false;
  for (;;) {
    if (/^[+-]/.test(body)) {
      if (body.startsWith('-')) minus = !minus;
      signed = true;
      body = body.slice(1).trim();
    } else if (/^\([^()]*\)$/.test(body) || /^\([+-]*\(.*\)\)$/.test(body)) body = body.slice(1, -1).trim();
    else break;
  }
  const upper = body.toUpperCase();
  const error = ERROR_VALUES.find((e) => e === upper);
  if (error) return { value: error, error: true };
  if (/^(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(body)) {
    const n = fifteenDigits(Number(body));
    return { value: minus && n !== 0 ? -n : n };
  }
  if (upper === 'TRUE' || upper === 'FALSE') {
    if (!signed) return { value: upper === 'TRUE' };
    const n = upper === 'TRUE' ? 1 : 0;
    return { value: minus && n ? -n : n };
  }
  const text = /^"((?:[^"]|"")*)"$/.exec(body);
  if (text) return signed ? { value: '#VALUE!', error: true } : { value: text[1]!.replace(/""/g, '"') };
  const reference = /^\$?[A-Za-z]{1,3}\$?\d+$/.test(body) || /^R\d*C\d*$/i.test(body);
  if (/^[A-Za-z_\\][\w.]*$/.test(body) && !reference) return { value: '#NAME?', error: true };
  return { value: 0 };
}

function formulaEntry(formula: string): Entry {
  return { ...formulaValue(formula), formula };
}

/** A string that starts a formula when written or typed, as the formula to store; null when it is a constant. */
function asFormula(text: string, typedConstant: boolean): string | null {
  if (text.startsWith('=')) return text.trim() === '=' ? null : text;
  if (text.startsWith('@')) return /^@[A-Za-z_][\w.]*\(/.test(text) ? `=${text.slice(1)}` : null;
  if (!/^[+-]/.test(text) || typedConstant) return null;
  return /^[+-][+\-\s]*[A-Za-z0-9_\\$(."'.]/.test(text) ? `=${text}` : null;
}

function entryFromText(text: string, cellFormat: string | undefined, now: Date): Entry {
  if (text === '') return { value: '' };
  if (text.startsWith("'")) return { value: text.slice(1), textPrefix: true };
  if (isText(cellFormat)) return { value: text };
  const typed = recognizeTyped(text, todayOf(now));
  const formula = asFormula(text, typed !== null && typeof typed.value === 'number');
  if (formula !== null) return formulaEntry(formula);
  if (!typed) return { value: text };
  const entry: Entry = { value: typed.value };
  if (typed.error) entry.error = true;
  if (typed.numberFormat && isGeneral(cellFormat)) entry.numberFormat = typed.numberFormat;
  return entry;
}

/**
 * What a cell holds after `input` is written through `Range.values` into a cell whose number format is
 * `cellFormat`. `now` is the clock used for dates typed without a year (tests pass a fixed date).
 */
export function entryFromValue(input: Scalar | null, cellFormat: string | undefined, now: Date = new Date()): Entry {
  if (input === null) throw new TypeError('null means "leave this cell unchanged": the caller skips the cell');
  if (typeof input === 'boolean') return isText(cellFormat) ? { value: input ? 'TRUE' : 'FALSE' } : { value: input };
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) throw new RangeError(`${input} is not a number Excel can store`);
    const value = fifteenDigits(input);
    return isText(cellFormat) ? { value: String(value) } : { value };
  }
  return entryFromText(input, cellFormat, now);
}

/** The same through `Range.formulas` (a string not starting with '=' is a constant, interpreted as typed). */
export function entryFromFormula(input: Scalar | null, cellFormat: string | undefined, now: Date = new Date()): Entry {
  return entryFromValue(input, cellFormat, now);
}

/** What `Range.values` returns for a stored entry (an error as its text, an empty cell as `''`). */
export function readValue(e: Entry | undefined): Scalar {
  return e === undefined ? '' : e.value;
}

/** What `Range.formulas` returns: the formula, else the value (a prefixed text without its apostrophe). */
export function readFormula(e: Entry | undefined): Scalar {
  if (e === undefined) return '';
  return e.formula ?? e.value;
}

/** What `Range.valueTypes` returns: 'Empty' | 'String' | 'Double' | 'Boolean' | 'Error'. */
export function readValueType(e: Entry | undefined): string {
  if (e === undefined) return 'Empty';
  if (e.error) return 'Error';
  if (typeof e.value === 'number') return 'Double';
  if (typeof e.value === 'boolean') return 'Boolean';
  return e.value === '' && !e.formula && !e.textPrefix ? 'Empty' : 'String';
}
