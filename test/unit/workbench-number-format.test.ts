import { formatCellValue, formatValue } from '../../workbench/excel-host/workbook/number-format';

// Expected texts are what Excel shows for these codes (Microsoft's "Number format codes":
// https://support.microsoft.com/en-us/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68).
describe('number formats: numbers', () => {
  it.each([
    [1234.5, '#,##0', '1,235'],
    [-1234.5, '#,##0', '-1,235'],
    [1234.567, '0.00', '1234.57'],
    [1.005, '0.00', '1.01'],
    [0.256, '0%', '26%'],
    [0.256, '0.00%', '25.60%'],
    [1234.5, '$#,##0.00', '$1,234.50'],
    [-1234.5, '$#,##0.00', '-$1,234.50'],
    [1234.5, '[$€-x-euro2] #,##0.00', '€ 1,234.50'],
    [1234.5, '#,##0.00 [$€-407]', '1,234.50 €'],
    [1234.5, '#,##0.00" kg"', '1,234.50 kg'],
    [12, '0" units"', '12 units'],
    [1_234_567, '#,##0,"K"', '1,235K'],
    [1_234_567, '0.0,,"M"', '1.2M'],
    [0.5, '#.00', '.50'],
    [5, '#.##', '5.'],
    [5.1, '0.0#', '5.1'],
    [5.125, '0.0#', '5.13'],
    [5551234, '000-0000', '555-1234'],
    [7, '000', '007'],
    [12345, '0.00E+00', '1.23E+04'],
    [0.000123, '0.00E+00', '1.23E-04'],
    [12345, '##0.0E+0', '12.3E+3'],
    [1.5, '# ?/?', '1 1/2'],
    [0.75, '# ?/?', ' 3/4'],
    [3.14159, '# ??/??', '3 14/99'],
    [0.5, '# ??/??', '  1/2 '],
    [1.25, '?/?', '5/4'],
    [2.375, '# ?/8', '2 3/8'],
    [0, '# ?/?', '0    '],
  ])('%p with %p shows %p', (value, format, text) => {
    expect(formatCellValue(value, format)).toBe(text);
  });

  it('uses the negative, zero and text sections and their colours', () => {
    const format = '#,##0.00;[Red](#,##0.00);"-";"Text: "@';
    expect(formatValue(1234.5, format)).toEqual({ text: '1,234.50', color: undefined });
    expect(formatValue(-1234.5, format)).toEqual({ text: '(1,234.50)', color: '#FF0000' });
    expect(formatValue(0, format).text).toBe('-');
    expect(formatValue('abc', format).text).toBe('Text: abc');
    expect(formatValue(-5, '0;-0;;@').text).toBe('-5');
    expect(formatValue(0, '0;-0;;@').text).toBe('');
  });

  it('picks sections by their conditions', () => {
    const format = '[Blue][>=1000]#,##0,"K";[<0]"neg";0';
    expect(formatValue(25_000, format)).toEqual({ text: '25K', color: '#0000FF' });
    expect(formatValue(-3, format).text).toBe('neg');
    expect(formatValue(12, format).text).toBe('12');
  });

  it('keeps _x as a space and drops *x fills', () => {
    expect(formatCellValue(5, '0_)')).toBe('5 ');
    expect(formatCellValue(5, '$* #,##0')).toBe('$5');
  });

  it('shows text through @ and numbers in a text format as General', () => {
    expect(formatCellValue('abc', '@')).toBe('abc');
    expect(formatCellValue(1234.5, '@')).toBe('1234.5');
    expect(formatCellValue('abc', '0.00')).toBe('abc');
    expect(formatCellValue(true, '0.00')).toBe('TRUE');
  });
});

describe('number formats: General in an 11-character column', () => {
  it.each([
    [0, '0'],
    [42, '42'],
    [-42.5, '-42.5'],
    [12345678901, '12345678901'],
    [123456789012, '1.23457E+11'],
    [100000000000, '1E+11'],
    [1 / 3, '0.333333333'],
    [2 / 3, '0.666666667'],
    [-1 / 3, '-0.333333333'],
    [1234567.891234, '1234567.891'],
    [0.0001234, '0.0001234'],
    [0.00001, '0.00001'],
    [1.23456789e-7, '1.23457E-07'],
    [1e-20, '1E-20'],
    [0.1 + 0.2, '0.3'],
  ])('%p shows %p', (value, text) => {
    expect(formatCellValue(value)).toBe(text);
    expect(formatCellValue(value, 'General')).toBe(text);
  });

  it('keeps literals around General', () => {
    expect(formatCellValue(12.5, 'General" kg"')).toBe('12.5 kg');
    expect(formatCellValue(-3, 'General;[Red]-General')).toBe('-3');
  });
});

describe('number formats: dates and times', () => {
  // 45658 is 2025-01-01 (a Wednesday); .75 is 18:00.
  it.each([
    [45_658, 'yyyy-mm-dd', '2025-01-01'],
    [45_658, 'mmm-yy', 'Jan-25'],
    [45_658, 'd-mmm', '1-Jan'],
    [45_658, 'm/d/yyyy', '1/1/2025'],
    [45_658, 'dddd, mmmm d, yyyy', 'Wednesday, January 1, 2025'],
    [45_658, 'ddd mmmmm', 'Wed J'],
    [45_658.75, 'yyyy-mm-dd hh:mm', '2025-01-01 18:00'],
    [45_658.75, 'h:mm AM/PM', '6:00 PM'],
    [45_658.25, 'h:mm a/p', '6:00 a'],
    [0.5 + 1 / 86_400 / 4, 'h:mm:ss.00', '12:00:00.25'],
    [1.5, '[h]:mm', '36:00'],
    [0.0208333, 'mm:ss', '30:00'],
    [60, 'yyyy-mm-dd', '1900-02-29'],
    [59, 'yyyy-mm-dd', '1900-02-28'],
    [61, 'yyyy-mm-dd', '1900-03-01'],
    [1, 'm/d/yyyy', '1/1/1900'],
    [45_658, '[$-409]mmmm d, yyyy;@', 'January 1, 2025'],
    [-1, 'yyyy-mm-dd', '###########'],
  ])('%p with %p shows %p', (value, format, text) => {
    expect(formatCellValue(value, format)).toBe(text);
  });
});
