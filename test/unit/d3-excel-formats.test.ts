import { numberFormat } from '../../src/core/excel-formats';
import { formatCellValue } from '../../workbench/excel-host/workbook/number-format';

/**
 * d3-format's documented examples (https://d3js.org/d3-format and the d3-format README: the introduction, the
 * `none` type, precisionFixed and precisionRound), each mapped to an Excel number format, with what Excel
 * shows for the example's input. The display is worked out by hand from Microsoft's "Number format codes"
 * (https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68):
 * - `0` shows a digit or a zero, `#` a significant digit only; a comma between digit placeholders groups thousands;
 * - `%` multiplies by 100 and shows the sign; `E+00` is scientific, the exponent signed and of at least two digits;
 * - `;` separates the zero-and-positive section from the negative one, which shows no minus of its own;
 * - `$ - + ( )` show as themselves, other text in quotes;
 * - General shows the number itself (up to 11 characters in a standard-width column).
 * The workbench's format engine, written from the same page, must agree with each hand-worked display.
 *
 * Where Excel has no code (fill and alignment, SI prefixes, significant digits, other radixes), the format is
 * General with the sign and currency symbol kept: the cell shows the exact value, never a different number.
 */
const d3 = (value: string, currency?: string) => numberFormat({ type: 'custom-numeric', value }, { currency });

describe('d3-format examples Excel can show', () => {
  it.each<[string, number, string, string, string]>([
    // [specifier, input, d3's output, Excel format, what Excel shows]
    ['.0%', 0.123, '12%', '0%', '12%'],
    ['.0%', 0.45, '45%', '0%', '45%'],
    ['.0%', 0.55, '55%', '0%', '55%'],
    // en-US currency is `$`; the README's "(£3.50)" is the same specifier in a British locale (below).
    ['($.2f', -3.5, '($3.50)', '$0.00;($0.00)', '($3.50)'],
    ['($.2f', 3.5, '$3.50', '$0.00;($0.00)', '$3.50'],
    // The README's opening: "group thousands and use fixed precision to display currency, such as $1,240.10".
    ['$,.2f', 1240.1, '$1,240.10', '$#,##0.00', '$1,240.10'],
    ['$.2f', 42, '$42.00', '$0.00', '$42.00'],
    // 0.1 * 3 is 0.30000000000000004 in binary floating point: one decimal shows 0.3.
    ['.1f', 0.1 * 3, '0.3', '0.0', '0.3'],
    ['.1f', 1.5, '1.5', '0.0', '1.5'],
    ['.1f', 2, '2.0', '0.0', '2.0'],
    ['.0f', 3, '3', '0', '3'],
    ['.2f', 42, '42.00', '0.00', '42.00'],
    ['04d', 2, '0002', '0000', '0002'],
    ['04d', 123, '0123', '0000', '0123'],
    [',d', 1_234_567, '1,234,567', '#,##0', '1,234,567'],
    // Excel writes the exponent with an E and two digits: the same number, in Excel's notation.
    ['.2e', 0.01, '1.00e-2', '0.00E+00', '1.00E-02'],
    ['.2e', 1.01, '1.01e+0', '0.00E+00', '1.01E+00'],
  ])('format(%j)(%p) is %j in d3; Excel %j shows %j', (specifier, input, _d3Output, excel, shown) => {
    expect(d3(specifier)).toBe(excel);
    expect(formatCellValue(input, excel)).toBe(shown);
  });

  it("uses the model's currency for d3's `$`: the README's (£3.50)", () => {
    expect(d3('($.2f', 'GBP')).toBe('"£"0.00;("£"0.00)');
    expect(formatCellValue(-3.5, '"£"0.00;("£"0.00)')).toBe('(£3.50)');
  });
});

describe('d3-format examples Excel has no code for: General, the exact value', () => {
  it.each<[string, number, string, string, string]>([
    // Fill, alignment and width are the column's: the plus sign is kept in its own section. (d3 writes
    // negatives with U+2212 MINUS SIGN, Excel with a hyphen-minus.)
    ['+20', 42, '                 +42', '+General;-General', '+42'],
    ['+20', -42, '                 −42', '+General;-General', '-42'],
    ['.^20', 42, '.........42.........', 'General', '42'],
    // SI prefixes depend on each value's size.
    ['.2s', 42e6, '42M', 'General', '42000000'],
    ['s', 1500, '1.50000k', 'General', '1500'],
    ['~s', 1500, '1.5k', 'General', '1500'],
    // Hexadecimal: Excel formats show base 10 only.
    ['#x', 48879, '0xbeef', 'General', '48879'],
    // Significant digits depend on each value's size: General shows all of them, ungrouped.
    [',.2r', 4223, '4,200', 'General', '4223'],
    ['$,.2r', 4223, '$4,200', '$General;-$General', '$4223'],
    ['$,.2r', -4223, '−$4,200', '$General;-$General', '-$4223'],
    ['.3r', 0.99, '0.990', 'General', '0.99'],
    ['.3r', 1, '1.00', 'General', '1'],
    ['.3r', 1.01, '1.01', 'General', '1.01'],
    // `none`: like `g` with insignificant zeros trimmed; d3 turns to exponent notation, General keeps the digits.
    ['.2', 42, '42', 'General', '42'],
    ['.2', 4.2, '4.2', 'General', '4.2'],
    ['.1', 42, '4e+1', 'General', '42'],
    ['.1', 4.2, '4', 'General', '4.2'],
  ])('format(%j)(%p) is %j in d3; Excel %j shows %j', (specifier, input, _d3Output, excel, shown) => {
    expect(d3(specifier)).toBe(excel);
    expect(formatCellValue(input, excel)).toBe(shown);
  });
});

/**
 * Cube's named formats are d3 specifiers too (its schema compiler: `percent` `.2%`, `percent_1` `.1%`,
 * `currency` `$,.2f` with the member's ISO 4217 `currency` for the symbol, `number` `,.2f`); a measure with no
 * format whose values are whole numbers (a count) is grouped.
 */
describe("Cube's named formats and counts as Excel shows them", () => {
  it.each<[Parameters<typeof numberFormat>[0], { currency?: string; integers?: boolean }, number, string, string]>([
    ['percent', {}, 0.125, '0.00%', '12.50%'],
    ['percent_1', {}, 0.125, '0.0%', '12.5%'],
    ['currency', {}, 1234.5, '$#,##0.00', '$1,234.50'],
    ['currency', { currency: 'EUR' }, 1234.5, '"€"#,##0.00', '€1,234.50'],
    ['currency', { currency: 'EUR' }, -1234.5, '"€"#,##0.00', '-€1,234.50'],
    ['number', {}, 71902, '#,##0.00', '71,902.00'],
    [undefined, { integers: true }, 71902, '#,##0', '71,902'],
    [undefined, {}, 1234.5678, 'General', '1234.5678'],
  ])('%j %j: %p under %j shows %j', (format, options, input, excel, shown) => {
    expect(numberFormat(format, options)).toBe(excel);
    expect(formatCellValue(input, excel)).toBe(shown);
  });
});
