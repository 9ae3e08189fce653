import type { MemberFormat } from '../../src/contract';
import { cellInput, cellValueOf, excelSerial, needsTextPrefix } from '../../src/core/cell-values';
import { numberFormat } from '../../src/core/excel-formats';
import { excelTimeFormat, timeFormat } from '../../src/core/excel-time-formats';
import { entryFromValue } from '../../workbench/excel-host/workbook/coercion';

describe('cell values', () => {
  it('converts Cube values by type', () => {
    expect(cellValueOf('1234.50', 'number')).toBe(1234.5);
    expect(cellValueOf('12345678901234567890', 'number')).toBe('12345678901234567890');
    expect(cellValueOf('9007199254740991', 'number')).toBe(9_007_199_254_740_990);
    expect(cellValueOf('457.61571020819343', 'number')).toBe(457.615710208193);
    expect(cellValueOf('n/a', 'number')).toBe('n/a');
    expect(cellValueOf(null, 'string')).toBe('');
    expect(cellValueOf('true', 'boolean')).toBe(true);
    expect(cellValueOf(false, 'boolean')).toBe(false);
    expect(cellValueOf('2024-02-29T12:00:00.000', 'time')).toBe(45_351.5);
    expect(excelSerial('1900-03-01T00:00:00.000')).toBe(61);
  });

  it('prefixes exactly the text Excel would not keep as text', () => {
    for (const text of ['=1+1', '+1+2', '-A1', '@SUM(A1)', "'quoted", '\tTAB', '123', '1,234.5', '12%', '2024-01-02', '1/2', 'TRUE', '$12', '(12)', '10:30']) {
      expect([text, needsTextPrefix(text)]).toEqual([text, true]);
    }
    for (const text of ['completed', 'North America', 'Q1 2025', 'A-1', 'x=1', '']) {
      expect([text, needsTextPrefix(text)]).toEqual([text, false]);
    }
    expect(cellInput('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(cellInput(5)).toBe(5);
  });

  // Each kind of text Excel turns into something else when typed (or written through Range.values).
  it.each<[string, string[]]>([
    ['month and year', ['Jan 2024', 'jan 2024', 'January 2024', 'Jan-24', 'Dez 2024']],
    ['day and month', ['5-Mar', '5 Mar', 'Mar-5', 'Mar 5', '5. Mär 2024', 'March 5, 2024', 'Mon, March 5, 2024']],
    ['mixed fractions', ['1 1/2', '0 3/4', '-2 5/16']],
    ['fractions (dates in en-US)', ['1/2', '3/4', '12/31']],
    ['every error literal', ['#N/A', '#n/a', '#NULL!', '#DIV/0!', '#VALUE!', '#REF!', '#NAME?', '#NUM!', '#GETTING_DATA', '#SPILL!', '#CALC!', '#FIELD!', '#BLOCKED!', '#CONNECT!', '#BUSY!', '#UNKNOWN!', '#EXTERNAL!', '#PYTHON!']],
    ['times with seconds', ['10:30:15', '1:02:03', '10:30:15.5', '10:30:15 PM', '100:30:00']],
    ['times', ['10:30', '10:30 AM', '10:30PM', '10 AM', '10a', '12p']],
    ['dates with times', ['2024-01-02 10:30:15', '2024-01-02T10:30:00', '2024-01-02T10:30:00Z', '1/2/2024 10:30']],
    ['currency and percent with spaces', ['$ 12', '$12', '12 $', '€ 12,50', '12 €', '£1,000', '¥ 500', '12 %', '12%', '-$ 12', '($12)']],
    ['full-width and small formula starters', ['＝1+1', '＋1', '－1', '＠SUM(A1)', '﹦1+1', '﹢1', '﹣1']],
    ['full-width digits', ['１２３', '０．５']],
    ['numbers with spaces around', [' 42', '42 ', ' 42 ', '\u00a042', ' -5', '  3.5  ']],
    ['numbers in other shapes', ['0042', '1e5', '1E+05', '.5', '12.', '1,234.5', '1.234,56', '12-', '(12)', '+49 30 1234']],
    ['booleans', ['TRUE', 'false', 'True', 'WAHR', 'falsch']],
    ['formula starters after spaces', [' =1', '  -x', ' +1', ' @A']],
    ['East Asian dates', ['2024年1月2日', '1月2日', '2024년 1월']],
  ])('prefixes %s', (_kind, texts) => {
    for (const text of texts) expect([text, needsTextPrefix(text)]).toEqual([text, true]);
  });

  it("writes a quarter's label as is: Excel reads it as neither a number nor a date", () => {
    for (const label of ['Q1 2025', 'Q4 1999']) {
      expect(needsTextPrefix(label)).toBe(false);
      expect(entryFromValue(cellInput(label), 'General')).toEqual({ value: label });
    }
  });

  it('leaves text alone that Excel keeps as text', () => {
    for (const text of ['completed', 'North America', 'Q1 2025', 'A-1', 'x=1', 'Order 42', '42nd Street', 'v1.2', 'ID-0042', '#hashtag', 'Mayday', 'March', 'a/b', 'Total', 'N/A', '#1', '12abc', 'e5', '1 apple']) {
      expect([text, needsTextPrefix(text)]).toEqual([text, false]);
    }
  });

  it('stays fast on long texts of digits and spaces (no backtracking)', () => {
    const started = Date.now();
    for (const text of ['1 '.repeat(20_000) + 'x', `(${' '.repeat(30_000)}x`, `${'1'.repeat(30_000)}/x`, `${'9'.repeat(30_000)}:`]) needsTextPrefix(text);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it("prefixes every text the workbench's Excel coercion rules would not keep as the same text", () => {
    // The emulator's rules (workbench/excel-host/workbook/coercion.ts, from Microsoft's documentation) as an
    // oracle over random texts built from the pieces Excel's parser reacts to.
    const pieces = ['0', '1', '2', '9', '12', '31', '2024', ' ', ',', '.', '/', '-', '+', '$', '%', '(', ')', ':', 'e', 'a', 'p', 'm', 'AM', 'Jan', 'mar', 'T', '#', 'N/A', '!', '€', '１', '＝', 'x', 'true', "'"];
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
      return seed % n;
    };
    const missed: string[] = [];
    for (let i = 0; i < 40_000; i += 1) {
      let text = '';
      for (let k = 1 + random(5); k > 0; k -= 1) text += pieces[random(pieces.length)];
      const entry = entryFromValue(text, undefined);
      const kept = !entry.formula && !entry.error && !entry.textPrefix && entry.value === text;
      if (!kept && !needsTextPrefix(text)) missed.push(text);
    }
    expect(missed).toEqual([]);
  });
});

/**
 * Expected codes follow from the two documentations, not from the code:
 * - Cube (reference/data-modeling/measures#format, and its schema compiler's named-format table): `number` is
 *   `,.2f`, `percent` `.2%`, `currency` `$,.2f`, `accounting` `(,.2f`, `abbr` `.2s`, `id` `.0f`; `_N` sets N
 *   decimals; `currency` is an ISO 4217 code, case-insensitive.
 * - d3-format: `[sign][symbol][0][width][,][.precision][~][type]`; precision is decimals for `f`, `%` (and the
 *   digits after the point for `e`), significant digits for none/`g`/`r`/`s`/`p`, 6 by default; `%` multiplies
 *   by 100; `+` puts a plus on zero and positive, `(` parentheses on negative, ` ` a space on zero and positive;
 *   `$` is the locale's currency (en-US: `$` before); `~` trims insignificant zeros; `0` pads with zeros.
 * - Excel (support.microsoft.com "Number format codes"): `0` digit, `#` optional digit, a comma between digit
 *   placeholders groups thousands and a trailing one scales by 1,000; `%` multiplies by 100; `E+00` scientific;
 *   `;` separates the positive-and-zero section from the negative one (which shows no minus of its own);
 *   `$ - + ( )` and space show as themselves, other text goes in quotes.
 */
describe('model formats as Excel number formats', () => {
  it.each<[MemberFormat, string | undefined, string]>([
    ['number', undefined, '#,##0.00'],
    ['percent', undefined, '0.00%'],
    // No code: Cube's schema compiler resolves `currency` to `$,.2f`, and its client formats it as USD.
    ['currency', undefined, '$#,##0.00'],
    ['currency', 'USD', '$#,##0.00'],
    ['currency', 'eur', '"€"#,##0.00'],
    ['currency', 'GBP', '"£"#,##0.00'],
    ['currency', 'JPY', '"¥"#,##0'],
    ['currency', 'CHF', '"CHF "#,##0.00'],
    ['number_0', undefined, '#,##0'],
    ['percent_1', undefined, '0.0%'],
    ['currency_0', 'USD', '$#,##0'],
    ['accounting', undefined, '#,##0.00;(#,##0.00)'],
    ['abbr', undefined, 'General'],
    ['id', undefined, '0'],
    ['imageUrl', undefined, 'General'],
    ['link', undefined, 'General'],
    ['sparkline', undefined, 'General'],
    [{ type: 'link', label: 'Open' }, undefined, 'General'],
  ])('named %j (currency %s) → %s', (format, currency, excel) => {
    expect(numberFormat(format, { currency })).toBe(excel);
  });

  it.each<[string, string]>([
    ['.2f', '0.00'],
    [',.0f', '#,##0'],
    ['$,.2f', '$#,##0.00'],
    ['.1%', '0.0%'],
    [',d', '#,##0'],
    ['d', '0'],
    ['f', '0.000000'],
    ['+.1f', '+0.0;-0.0'],
    ['(,.2f', '#,##0.00;(#,##0.00)'],
    [' .1f', ' 0.0;-0.0'],
    ['08d', '00000000'],
    // Width 8 counts the point and the two decimals: five integer digits.
    ['08.2f', '00000.00'],
    ['.2e', '0.00E+00'],
    ['e', '0.000000E+00'],
    // Trimmed decimals keep one `0`: `#,##0.##` would show a whole number with a bare point ("12.").
    [',.2~f', '#,##0.0#'],
    ['.1~f', '0.0'],
    // Three significant digits of a percentage such as 12.3%: one decimal.
    ['.3p', '0.0%'],
    // Significant digits and SI prefixes depend on each value: Excel has no code for them.
    ['.3s', 'General'],
    [',', 'General'],
    ['.2r', 'General'],
    ['x', 'General'],
    ['not a specifier', 'General'],
  ])('d3 specifier %j → %s', (value, excel) => {
    expect(numberFormat({ type: 'custom-numeric', value })).toBe(excel);
  });

  it("uses the model currency for d3's `$`, and named formats Cube sends resolved (alias) or by name (value)", () => {
    expect(numberFormat({ type: 'custom-numeric', value: '$,.2f' }, { currency: 'EUR' })).toBe('"€"#,##0.00');
    expect(numberFormat({ type: 'custom-numeric', value: '$,.2f', alias: 'currency_2' }, { currency: 'GBP' })).toBe('"£"#,##0.00');
    expect(numberFormat({ type: 'custom-numeric', value: '$,.2f', alias: 'currency_2' })).toBe('$#,##0.00');
    expect(numberFormat({ type: 'custom-numeric', value: 'percent_1' })).toBe('0.0%');
  });

  it('puts the display scale on top of numeric formats, never on percentages or exponents', () => {
    expect(numberFormat('currency', { currency: 'USD', scale: 'thousands' })).toBe('$#,##0.0,"K"');
    expect(numberFormat(undefined, { scale: 'millions' })).toBe('#,##0.0,,"M"');
    expect(numberFormat('number', { scale: 'billions' })).toBe('#,##0.0,,,"B"');
    expect(numberFormat({ type: 'custom-numeric', value: '+.1f' }, { scale: 'thousands' })).toBe('+#,##0.0,"K";-#,##0.0,"K"');
    expect(numberFormat('percent', { scale: 'billions' })).toBe('0.00%');
    expect(numberFormat('percent', { scale: 'absolute' })).toBe('0.00%');
    expect(numberFormat({ type: 'custom-numeric', value: '.2e' }, { scale: 'thousands' })).toBe('0.00E+00');
    expect(numberFormat('currency', { currency: 'USD', scale: 'absolute' })).toBe('General');
    expect(numberFormat('currency', { currency: 'USD', scale: 'model' })).toBe('$#,##0.00');
  });

  it('groups whole numbers that have no model format (counts), and leaves the model its own format', () => {
    expect(numberFormat(undefined, { integers: true })).toBe('#,##0');
    expect(numberFormat(undefined, { integers: false })).toBe('General');
    expect(numberFormat(undefined, { integers: true, scale: 'thousands' })).toBe('#,##0.0,"K"');
    expect(numberFormat(undefined, { integers: true, scale: 'absolute' })).toBe('General');
    expect(numberFormat('percent', { integers: true })).toBe('0.00%');
    expect(numberFormat('number_1', { integers: true })).toBe('#,##0.0');
  });
});

/**
 * d3-time-format (strftime): %Y year, %y two-digit year, %m month, %d day, %e space-padded day, %b/%B month
 * names, %a/%A weekday names, %H 24-hour, %I 12-hour, %M minute, %S second, %L milliseconds, %p AM/PM; `-` and
 * `_` flags unpadded, `0` zero-padded. Excel: yyyy, yy, m/mm month, d/dd day, mmm/mmmm, ddd/dddd, h/hh hour
 * (12-hour when the format has AM/PM), m/mm are minutes only right after h/hh or right before s/ss, s/ss
 * seconds, ss.000 milliseconds.
 */
describe('model time formats as Excel date formats', () => {
  it.each<[string, string | null]>([
    ['%Y-%m-%d %H:%M', 'yyyy-mm-dd hh:mm'],
    ['%Y-%m-%d %H:%M:%S', 'yyyy-mm-dd hh:mm:ss'],
    ['%b %Y', 'mmm yyyy'],
    ['%d/%m/%Y', 'dd/mm/yyyy'],
    ['%m/%d/%Y %H:%M', 'mm/dd/yyyy hh:mm'],
    ['%B %d, %Y', 'mmmm dd, yyyy'],
    ['%A, %B %d', 'dddd, mmmm dd'],
    ['%a %e %b', 'ddd d mmm'],
    ['%-d.%-m.%y', 'd.m.yy'],
    ['%I:%M %p', 'hh:mm AM/PM'],
    // Excel's hours are 12-hour only with AM/PM.
    ['%I:%M', 'hh:mm AM/PM'],
    ['%H:%M:%S.%L', 'hh:mm:ss.000'],
    ['%Y-%m-%dT%H:%M', 'yyyy-mm-dd"T"hh:mm'],
    ['%d %B %Y at %H:%M', 'dd mmmm yyyy "at" hh:mm'],
    ['%Y%%', 'yyyy"%"'],
    ['%d%% of %B', 'dd"%" "of" mmmm'],
    // No Excel code: quarter, ISO week, day of year, epoch seconds; a minute with no hour before it or
    // seconds after it would be read as a month, a month right after an hour as minutes.
    ['Q%q %Y', null],
    ['Week %V, %Y', null],
    ['%j', null],
    ['%s', null],
    ['%M min', null],
    ['%H %m', null],
    ['%L', null],
  ])('%j → %j', (pattern, excel) => {
    expect(excelTimeFormat(pattern)).toBe(excel);
  });

  it("keeps the granularity's format unless a custom time format Excel can show is given", () => {
    expect(timeFormat('month', { type: 'custom-time', value: '%d/%m/%Y' })).toBe('dd/mm/yyyy');
    // A quarter's cells are text ("Q1 2025"): no Excel date code shows a quarter.
    expect(timeFormat('quarter', { type: 'custom-time', value: 'Q%q %Y' })).toBe('General');
    expect(timeFormat('quarter', { type: 'custom-time', value: '%b %Y' })).toBe('mmm yyyy');
    expect(timeFormat('week')).toBe('"Week of "yyyy-mm-dd');
    expect(timeFormat('week', undefined, { weekOf: 'Woche ab' })).toBe('"Woche ab "yyyy-mm-dd');
    expect(timeFormat('week', undefined, { weekOf: '' })).toBe('yyyy-mm-dd');
    expect(timeFormat('day')).toBe('yyyy-mm-dd');
    expect(timeFormat('hour', 'percent')).toBe('yyyy-mm-dd hh:mm');
    expect(timeFormat(undefined)).toBe('yyyy-mm-dd hh:mm:ss');
  });
});
