import {
  entryFromFormula, entryFromValue, readFormula, readValue, readValueType, type Entry,
} from '../../workbench/excel-host/workbook/coercion';
import { dateFromSerial, serialFromDate } from '../../workbench/excel-host/workbook/typed-dates';

/** A fixed clock: dates typed without a year are in 2025 (not a leap year). */
const NOW = new Date(2025, 5, 15, 12, 0, 0);
const LEAP_NOW = new Date(2024, 5, 15, 12, 0, 0);
const typed = (text: string, format?: string, now = NOW) => entryFromValue(text, format, now);
const serial = (y: number, m: number, d: number) => serialFromDate(y, m, d)!;

describe('date serials (1900 date system)', () => {
  it('counts days the way Excel does, including the phantom 29 February 1900', () => {
    expect(serial(1900, 1, 1)).toBe(1);
    expect(serial(1900, 2, 28)).toBe(59);
    expect(serial(1900, 2, 29)).toBe(60);
    expect(serial(1900, 3, 1)).toBe(61);
    expect(serial(2011, 7, 5)).toBe(40729); // Microsoft's example in "Date systems in Excel"
    expect(serial(2024, 1, 15)).toBe(45306);
    expect(serial(9999, 12, 31)).toBe(2958465);
  });

  it('has no dates before 1900 or after 9999, and none that do not exist', () => {
    expect(serialFromDate(1899, 12, 31)).toBeNull();
    expect(serialFromDate(10000, 1, 1)).toBeNull();
    expect(serialFromDate(2023, 2, 29)).toBeNull();
    expect(serialFromDate(2024, 13, 1)).toBeNull();
  });

  it('turns serials back into dates', () => {
    expect(dateFromSerial(1)).toEqual({ year: 1900, month: 1, day: 1 });
    expect(dateFromSerial(60)).toEqual({ year: 1900, month: 2, day: 29 });
    expect(dateFromSerial(61)).toEqual({ year: 1900, month: 3, day: 1 });
    expect(dateFromSerial(45306.75)).toEqual({ year: 2024, month: 1, day: 15 });
  });
});

describe('Range.values: formulas', () => {
  it('stores strings starting with = as formulas, unevaluated', () => {
    expect(typed('=SUM(A1:A3)')).toEqual({ value: 0, formula: '=SUM(A1:A3)' });
    expect(typed('=A1')).toEqual({ value: 0, formula: '=A1' });
  });

  it('gives constant formulas their constant', () => {
    expect(typed('=5')).toEqual({ value: 5, formula: '=5' });
    expect(typed('=-1.5e2')).toEqual({ value: -150, formula: '=-1.5e2' });
    expect(typed('="a ""b"""')).toEqual({ value: 'a "b"', formula: '="a ""b"""' });
    expect(typed('=true')).toEqual({ value: true, formula: '=true' });
    expect(typed('=-TRUE')).toEqual({ value: -1, formula: '=-TRUE' });
    expect(typed('=#N/A')).toEqual({ value: '#N/A', error: true, formula: '=#N/A' });
    expect(typed('=-"a"')).toEqual({ value: '#VALUE!', error: true, formula: '=-"a"' });
  });

  it('reads + and - followed by something formula-like as a formula', () => {
    expect(typed('-x')).toEqual({ value: '#NAME?', error: true, formula: '=-x' });
    expect(typed('+A1')).toEqual({ value: 0, formula: '=+A1' });
    expect(typed('- item')).toEqual({ value: '#NAME?', error: true, formula: '=- item' });
    expect(typed('-1/2')).toEqual({ value: 0, formula: '=-1/2' });
    expect(typed('-TRUE')).toEqual({ value: -1, formula: '=-TRUE' });
    expect(typed('-SUM(A1)')).toEqual({ value: 0, formula: '=-SUM(A1)' });
    expect(typed('-(5)')).toEqual({ value: -5, formula: '=-(5)' });
    expect(typed('=(-(2))')).toEqual({ value: -2, formula: '=(-(2))' });
    expect(typed('=abcd1')).toMatchObject({ value: '#NAME?', error: true });
    expect(typed('=x1')).toMatchObject({ value: 0 });
  });

  it('keeps signs that cannot start a formula, and = alone, as text', () => {
    for (const text of ['-', '+', '--', '->', '- ', '=', '= ']) expect(typed(text)).toEqual({ value: text });
  });

  it('reads @FUNCTION( as a formula and other @ text as text', () => {
    expect(typed('@SUM(A1:A2)')).toEqual({ value: 0, formula: '=SUM(A1:A2)' });
    expect(typed('@home')).toEqual({ value: '@home' });
  });

  it('does not treat a formula after a leading space as a formula', () => {
    expect(typed(' =A1')).toEqual({ value: ' =A1' });
  });
});

describe('Range.values: the apostrophe prefix', () => {
  it('hides the apostrophe and keeps the rest as text', () => {
    expect(typed("'0042")).toEqual({ value: '0042', textPrefix: true });
    expect(typed("'=A1")).toEqual({ value: '=A1', textPrefix: true });
    expect(typed("'TRUE")).toEqual({ value: 'TRUE', textPrefix: true });
    expect(typed("''quoted")).toEqual({ value: "'quoted", textPrefix: true });
  });

  it('reads back without the apostrophe through values and formulas (office-js#6687)', () => {
    const e = typed("'=AVERAGE(x)");
    expect(readValue(e)).toBe('=AVERAGE(x)');
    expect(readFormula(e)).toBe('=AVERAGE(x)');
    expect(readValueType(e)).toBe('String');
    // Writing what formulas returned back through formulas turns it into a formula: the symptom.
    expect(entryFromFormula(readFormula(e), undefined, NOW)).toMatchObject({ formula: '=AVERAGE(x)' });
  });

  it('an apostrophe alone is an empty text, not an empty cell', () => {
    expect(readValueType(typed("'"))).toBe('String');
  });
});

describe('Range.values: numbers typed as text', () => {
  it.each([
    ['42', 42], ['0042', 42], ['-7', -7], ['+7', 7], ['3.25', 3.25], ['.5', 0.5], ['5.', 5], ['-0', 0], ['(12)', -12],
    ['0.1', 0.1], ['1e3', 1000], ['1.5E-2', 0.015],
  ])('%s is the number %p in General', (text, value) => {
    const e = typed(text);
    expect(e.value).toBe(value);
    expect(e.formula).toBeUndefined();
    expect(readValueType(e)).toBe('Double');
  });

  it('sets the number format the entry implies', () => {
    expect(typed('1,234')).toEqual({ value: 1234, numberFormat: '#,##0' });
    expect(typed('1,234.5')).toEqual({ value: 1234.5, numberFormat: '#,##0.00' });
    expect(typed('1,234,567')).toEqual({ value: 1234567, numberFormat: '#,##0' });
    expect(typed('$1,200')).toEqual({ value: 1200, numberFormat: '$#,##0' });
    expect(typed('$1,200.50')).toEqual({ value: 1200.5, numberFormat: '$#,##0.00' });
    expect(typed('-$5')).toEqual({ value: -5, numberFormat: '$#,##0' });
    expect(typed('($5)')).toEqual({ value: -5, numberFormat: '$#,##0' });
    expect(typed('12%')).toEqual({ value: 0.12, numberFormat: '0%' });
    expect(typed('1.1%')).toEqual({ value: 0.011, numberFormat: '0.00%' });
    expect(typed('-12%')).toEqual({ value: -0.12, numberFormat: '0%' });
    expect(typed('1e3')).toEqual({ value: 1000, numberFormat: '0.00E+00' });
  });

  it('keeps a cell\'s own number format instead of the one the entry implies', () => {
    expect(typed('12%', '0.00')).toEqual({ value: 0.12 });
    expect(typed('$5', 'General')).toEqual({ value: 5, numberFormat: '$#,##0' });
  });

  it('cuts typed digits after the 15th to zeros', () => {
    expect(typed('1234567890123456789').value).toBe(1234567890123450000);
    expect(typed('0.1234567890123456789').value).toBe(0.123456789012345);
    expect(typed('4111111111111111').value).toBe(4111111111111110);
  });

  it('leaves malformed numbers as text', () => {
    for (const text of ['1,23', '12,34,567', '1.2.3', '$', '%', '(5', '5)', '($-5)', '$5%', '1e', 'e3', '1,000e3', '1 000', '12abc'])
      expect(typed(text)).toEqual({ value: text });
  });

  it('leaves numbers past Excel\'s largest as text', () => {
    expect(typed('1e309')).toEqual({ value: '1e309' });
    expect(typed('1e308')).toEqual({ value: '1e308' });
    expect(typed('9.99999999999999E+307')).toEqual({ value: 9.99999999999999e307, numberFormat: '0.00E+00' });
  });

  it('ignores spaces around a number', () => {
    expect(typed('  42')).toEqual({ value: 42 });
    expect(typed('42  ')).toEqual({ value: 42 });
    expect(typed(' $1,200 ')).toEqual({ value: 1200, numberFormat: '$#,##0' });
  });

  it('treats a non-breaking space as text', () => {
    expect(typed('\u00A042')).toEqual({ value: '\u00A042' });
  });

  it('reads full-width digits and signs as numbers, and keeps them in Text cells', () => {
    expect(typed('１２３')).toEqual({ value: 123 });
    expect(typed('－１２．５')).toEqual({ value: -12.5 });
    expect(typed('１２％')).toEqual({ value: 0.12, numberFormat: '0%' });
    expect(typed('１２３', '@')).toEqual({ value: '１２３' });
  });
});

describe('Range.values: fractions', () => {
  it('reads a whole number, a space and a fraction as a number with a fraction format', () => {
    expect(typed('1 1/2')).toEqual({ value: 1.5, numberFormat: '# ?/?' });
    expect(typed('0 1/2')).toEqual({ value: 0.5, numberFormat: '# ?/?' });
    expect(typed('-2 3/4')).toEqual({ value: -2.75, numberFormat: '# ?/?' });
    expect(typed('3 5/16')).toEqual({ value: 3.3125, numberFormat: '# ??/??' });
    expect(typed('0 1/3')).toEqual({ value: 0.333333333333333, numberFormat: '# ?/?' });
    expect(typed('0 1/125')).toEqual({ value: 0.008, numberFormat: '# ???/???' });
  });

  it('leaves impossible fractions as text', () => {
    expect(typed('1 1/0')).toEqual({ value: '1 1/0' });
    expect(typed('1 1/1000')).toEqual({ value: '1 1/1000' });
  });
});

describe('Range.values: dates and times (en-US)', () => {
  it('reads a month/day pair as a date in the current year', () => {
    expect(typed('1/2')).toEqual({ value: serial(2025, 1, 2), numberFormat: 'd-mmm' });
    expect(typed('1-6')).toEqual({ value: serial(2025, 1, 6), numberFormat: 'd-mmm' });
    expect(typed('12/31')).toEqual({ value: serial(2025, 12, 31), numberFormat: 'd-mmm' });
  });

  it('reads a month/number pair whose number cannot be a day as month and year', () => {
    expect(typed('1/50')).toEqual({ value: serial(1950, 1, 1), numberFormat: 'mmm-yy' });
    expect(typed('1/29')).toEqual({ value: serial(2025, 1, 29), numberFormat: 'd-mmm' });
    expect(typed('2/29')).toEqual({ value: serial(2029, 2, 1), numberFormat: 'mmm-yy' }); // 29 is 2029 by the 2029 rule
    expect(typed('2/30')).toEqual({ value: serial(1930, 2, 1), numberFormat: 'mmm-yy' });
    expect(typed('2/29', undefined, LEAP_NOW)).toEqual({ value: serial(2024, 2, 29), numberFormat: 'd-mmm' });
    expect(typed('3/2024')).toEqual({ value: serial(2024, 3, 1), numberFormat: 'mmm-yy' });
  });

  it('leaves pairs that are neither as text', () => {
    for (const text of ['25/50', '13/2', '0/5', '1/123']) expect(typed(text)).toEqual({ value: text });
  });

  it('reads full dates, applying the 2029 rule to two-digit years', () => {
    expect(typed('1/15/2024')).toEqual({ value: 45306, numberFormat: 'm/d/yyyy' });
    expect(typed('7/5/2011')).toEqual({ value: 40729, numberFormat: 'm/d/yyyy' });
    expect(typed('7/4/00').value).toBe(serial(2000, 7, 4));
    expect(typed('12/31/29').value).toBe(serial(2029, 12, 31));
    expect(typed('1/1/30').value).toBe(serial(1930, 1, 1));
    expect(typed('7/5/98').value).toBe(serial(1998, 7, 5));
    expect(typed('1-15-2024').value).toBe(45306);
    expect(typed('2/29/1900').value).toBe(60);
  });

  it('reads ISO dates', () => {
    expect(typed('2024-01-15')).toEqual({ value: 45306, numberFormat: 'm/d/yyyy' });
    expect(typed('2024/1/15')).toEqual({ value: 45306, numberFormat: 'm/d/yyyy' });
  });

  it('leaves impossible dates, and dates before 1900, as text', () => {
    for (const text of ['2/30/2024', '13/1/2024', '1/15/1899', '2023-02-29', '1/2/345', '1/2-2024'])
      expect(typed(text)).toEqual({ value: text });
  });

  it('reads day and month name, with or without a year', () => {
    expect(typed('5-Mar')).toEqual({ value: serial(2025, 3, 5), numberFormat: 'd-mmm' });
    expect(typed('5 march')).toEqual({ value: serial(2025, 3, 5), numberFormat: 'd-mmm' });
    expect(typed('5-Mar-2024')).toEqual({ value: serial(2024, 3, 5), numberFormat: 'd-mmm-yy' });
    expect(typed('15-Jan-24')).toEqual({ value: 45306, numberFormat: 'd-mmm-yy' });
    expect(typed('31-Feb')).toEqual({ value: '31-Feb' });
  });

  it('reads month name and digits as KB 214327 describes', () => {
    expect(typed('Jan 2024')).toEqual({ value: serial(2024, 1, 1), numberFormat: 'mmm-yy' });
    expect(typed('January 2024')).toEqual({ value: serial(2024, 1, 1), numberFormat: 'mmm-yy' });
    expect(typed('Dec 31')).toEqual({ value: serial(2025, 12, 31), numberFormat: 'd-mmm' });
    expect(typed('Dec 32')).toEqual({ value: serial(1932, 12, 1), numberFormat: 'mmm-yy' });
    expect(typed('December 99')).toEqual({ value: serial(1999, 12, 1), numberFormat: 'mmm-yy' });
    expect(typed('Jan 24')).toEqual({ value: serial(2025, 1, 24), numberFormat: 'd-mmm' });
    expect(typed('Jan-24')).toEqual({ value: serial(2025, 1, 24), numberFormat: 'd-mmm' });
    expect(typed('Mar 5, 2024')).toEqual({ value: serial(2024, 3, 5), numberFormat: 'd-mmm-yy' });
    expect(typed('Sept 5')).toEqual({ value: 'Sept 5' });
    expect(typed('Ma 5')).toEqual({ value: 'Ma 5' });
  });

  it('reads times as fractions of a day', () => {
    expect(typed('13:45')).toEqual({ value: 49500 / 86400, numberFormat: 'h:mm' });
    expect(typed('13:45:30')).toEqual({ value: 49530 / 86400, numberFormat: 'h:mm:ss' });
    expect(typed('1:45 PM')).toEqual({ value: 49500 / 86400, numberFormat: 'h:mm AM/PM' });
    expect(typed('1:45pm')).toEqual({ value: 49500 / 86400, numberFormat: 'h:mm AM/PM' });
    expect(typed('12:00 AM')).toEqual({ value: 0, numberFormat: 'h:mm AM/PM' });
    expect(typed('12:30 p')).toEqual({ value: 0.5 + 1800 / 86400, numberFormat: 'h:mm AM/PM' });
    expect(typed('1 PM')).toEqual({ value: 13 / 24, numberFormat: 'h:mm AM/PM' });
    expect(typed('25:30')).toEqual({ value: 1 + 1800 / 86400 + 1 / 24, numberFormat: '[h]:mm:ss' });
  });

  it('leaves impossible times as text', () => {
    for (const text of ['13:60', '1:30:60', '13:45 PM', '1 X', '1:2:3:4']) expect(typed(text)).toEqual({ value: text });
  });

  it('reads a full date followed by a time', () => {
    expect(typed('1/15/2024 13:45')).toEqual({ value: 45306 + 49500 / 86400, numberFormat: 'm/d/yyyy h:mm' });
    expect(typed('2024-01-15 6 PM')).toEqual({ value: 45306.75, numberFormat: 'm/d/yyyy h:mm' });
    expect(typed('Jan 2024 13:45')).toEqual({ value: 'Jan 2024 13:45' });
  });

  it('keeps a date or time typed after a space as text', () => {
    expect(typed(' 1/2')).toEqual({ value: ' 1/2' });
    expect(typed(' 13:45')).toEqual({ value: ' 13:45' });
    expect(typed('1/2 ')).toEqual({ value: serial(2025, 1, 2), numberFormat: 'd-mmm' });
  });

  it('uses the real clock when no date is given', () => {
    expect(entryFromValue('1/2', undefined).value).toBe(serial(new Date().getFullYear(), 1, 2));
  });
});

describe('Range.values: booleans and errors', () => {
  it('reads TRUE and FALSE in any case', () => {
    expect(typed('TRUE')).toEqual({ value: true });
    expect(typed('true')).toEqual({ value: true });
    expect(typed('False')).toEqual({ value: false });
    expect(readValueType(typed('TRUE'))).toBe('Boolean');
    expect(typed('yes')).toEqual({ value: 'yes' });
    expect(typed('TRUE  ')).toEqual({ value: true });
    expect(typed(' TRUE')).toEqual({ value: ' TRUE' });
  });

  it.each(['#N/A', '#REF!', '#DIV/0!', '#VALUE!', '#NAME?', '#NULL!', '#NUM!'])('reads %s as an error value', (text) => {
    const e = typed(text);
    expect(e).toEqual({ value: text, error: true });
    expect(readValue(e)).toBe(text);
    expect(readFormula(e)).toBe(text);
    expect(readValueType(e)).toBe('Error');
  });

  it('reads error values in any case and leaves look-alikes as text', () => {
    expect(typed('#n/a')).toEqual({ value: '#N/A', error: true });
    expect(typed('#SPILL!')).toEqual({ value: '#SPILL!' });
    expect(typed('#N/A!')).toEqual({ value: '#N/A!' });
  });
});

describe('Range.values: Text cells, numbers, booleans, null and empty', () => {
  it('keeps any string as text in a cell formatted as Text', () => {
    for (const text of ['0042', '=A1', '-x', '1/2', 'TRUE', '#N/A', '12%'])
      expect(entryFromValue(text, '@', NOW)).toEqual({ value: text });
    expect(entryFromValue("'abc", '@', NOW)).toEqual({ value: 'abc', textPrefix: true });
  });

  it('stores numbers and booleans written into a Text cell as their text', () => {
    expect(entryFromValue(5, '@')).toEqual({ value: '5' });
    expect(entryFromValue(0.5, '@')).toEqual({ value: '0.5' });
    expect(entryFromValue(true, '@')).toEqual({ value: 'TRUE' });
  });

  it('stores numbers with 15 significant digits', () => {
    expect(entryFromValue(0.1 + 0.2, undefined)).toEqual({ value: 0.3 });
    expect(entryFromValue(Number('1234567890123456789'), undefined)).toEqual({ value: 1234567890123460000 });
    expect(entryFromValue(-0, undefined)).toEqual({ value: 0 });
    expect(Object.is(entryFromValue(-0, undefined).value, 0)).toBe(true);
    expect(entryFromValue(42, '0.00')).toEqual({ value: 42 });
  });

  it('refuses numbers Excel cannot hold', () => {
    expect(() => entryFromValue(Number.NaN, undefined)).toThrow(RangeError);
    expect(() => entryFromValue(Number.POSITIVE_INFINITY, undefined)).toThrow(RangeError);
  });

  it('stores booleans as booleans', () => {
    expect(entryFromValue(false, undefined)).toEqual({ value: false });
  });

  it('empties the cell for an empty string, and refuses null (the caller leaves that cell unchanged)', () => {
    const e = entryFromValue('', undefined);
    expect(e).toEqual({ value: '' });
    expect(readValueType(e)).toBe('Empty');
    expect(() => entryFromValue(null, undefined)).toThrow(TypeError);
    expect(() => entryFromFormula(null, undefined)).toThrow(TypeError);
  });

  it('keeps other text as it is, spaces included', () => {
    expect(typed('  hello  ')).toEqual({ value: '  hello  ' });
    expect(readValueType(typed('hello'))).toBe('String');
  });
});

describe('Range.formulas', () => {
  it('stores formulas, and reads constants as typed', () => {
    expect(entryFromFormula('=B2*2', undefined, NOW)).toEqual({ value: 0, formula: '=B2*2' });
    expect(entryFromFormula('0042', undefined, NOW)).toEqual({ value: 42 });
    expect(entryFromFormula('1/2', undefined, NOW)).toEqual({ value: serial(2025, 1, 2), numberFormat: 'd-mmm' });
    expect(entryFromFormula('-x', undefined, NOW)).toEqual({ value: '#NAME?', error: true, formula: '=-x' });
    expect(entryFromFormula(7, undefined, NOW)).toEqual({ value: 7 });
    expect(entryFromFormula('=A1', '@', NOW)).toEqual({ value: '=A1' });
  });
});

describe('reading entries back', () => {
  const cases: [Entry | undefined, unknown, unknown, string][] = [
    [undefined, '', '', 'Empty'],
    [{ value: '' }, '', '', 'Empty'],
    [{ value: 42 }, 42, 42, 'Double'],
    [{ value: 45306, numberFormat: 'm/d/yyyy' }, 45306, 45306, 'Double'],
    [{ value: 'abc' }, 'abc', 'abc', 'String'],
    [{ value: false }, false, false, 'Boolean'],
    [{ value: 0, formula: '=SUM(A1)' }, 0, '=SUM(A1)', 'Double'],
    [{ value: '', formula: '=""' }, '', '=""', 'String'],
    [{ value: '#DIV/0!', error: true, formula: '=1/0' }, '#DIV/0!', '=1/0', 'Error'],
  ];
  it.each(cases)('%j reads as values %p, formulas %p, valueTypes %p', (entry, value, formula, type) => {
    expect(readValue(entry)).toEqual(value);
    expect(readFormula(entry)).toEqual(formula);
    expect(readValueType(entry)).toBe(type);
  });
});
