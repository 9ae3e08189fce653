/**
 * How Excel (en-US) recognizes a typed date or time, and the serial number it stores for it.
 * Pure helpers for `coercion.ts`; everything here is the 1900 date system.
 *
 * Sources (Microsoft; "[from memory]" marks an address not in the stored corpus this was written from):
 * - Serial numbers, 1900 date system (July 5, 2011 is 40729):
 *   https://support.microsoft.com/en-us/office/date-systems-in-excel-e7fe7167-48a9-4b96-bb53-5612a800b487
 *   and [MS-XLS] Date1904: "The first date of the 1900 date system is 00:00:00 on January 1, 1900, specified by a
 *   serial value of 1" (https://learn.microsoft.com/en-us/openspecs/office_file_formats/ms-xls/4a5e900a-0eb0-4355-8fc1-81aab8f46e8b).
 * - 1900 is treated as a leap year (serial 60 is the non-existent February 29, 1900): KB 214326, "Excel incorrectly
 *   assumes that the year 1900 is a leap year"
 *   (https://learn.microsoft.com/en-us/troubleshoot/microsoft-365-apps/excel/wrongly-assumes-1900-is-leap-year
 *   [from memory]; the ECMA-376 primer says the same of serial 60).
 * - Two-digit years: 00-29 are 2000-2029, 30-99 are 1930-1999 ("the 2029 rule"), KB 164406 / KB 214391 "How Microsoft
 *   Excel works with two-digit year numbers"; Windows' default cutoff 2029:
 *   https://learn.microsoft.com/en-us/previous-versions/ms811944(v=msdn.10).
 * - A month followed by one or two digits: the digits are the day in the current year, unless they exceed the days
 *   of that month, in which case they are a year and the date is the first of the month ("Dec 32" is December 1,
 *   1932): KB 214327 / KB 180952 "Wrong date returned when you enter month and digits". We apply the same rule to
 *   numeric month/day pairs, which KB 214391 groups with it ("two-part dates": day/month or month/year); a third-party
 *   page confirms 1/50 becomes Jan-50 (https://pacificlanworks.com/?p=603) and 25/50 stays text.
 * - A date typed without a year uses the current year (DATEVALUE: "If the year portion of the date_text argument is
 *   omitted, the DATEVALUE function uses the current year from your computer's built-in clock",
 *   https://learn.microsoft.com/en-us/previous-versions/sql/sql-server-2008-r2/ee634543(v=sql.105), the DAX page;
 *   Excel's own page https://support.microsoft.com/en-us/office/datevalue-function-df8b07d4-7761-4a93-bc33-b7471bbff252
 *   [from memory] says the same; KB 214327 says typed dates and date functions share the rules).
 * - Dates before January 1, 1900 are not dates (kept as text).
 * - Leading spaces: a typed date or time with a leading space stays text ("Stop automatically changing numbers to
 *   dates": type a space before the entry, https://support.microsoft.com/en-us/office/stop-automatically-changing-numbers-to-dates-452bd2db-cc96-47d1-81e4-72cec11c4ed8 [from memory];
 *   also J. Walkenbach, http://spreadsheetpage.com/index.php/oddity/data_entry_quirks). The caller handles that.
 *
 * Not documented by Microsoft, chosen here (what en-US Excel shows; built-in format codes 14, 16, 17, 18-22, 46):
 * the number format given to the cell: `d-mmm` (day and month), `mmm-yy` (month and year), `d-mmm-yy` (day, month
 * name and year), `m/d/yyyy` (numeric or ISO dates), `h:mm` / `h:mm:ss`, `h:mm AM/PM` / `h:mm:ss AM/PM`,
 * `[h]:mm:ss` (24 hours or more), `m/d/yyyy h:mm` (date and time).
 */

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAY_MS = 86_400_000;
const EPOCH = Date.UTC(1899, 11, 30);

export interface YearMonthDay {
  year: number;
  month: number;
  day: number;
}

export interface Recognized {
  value: number;
  numberFormat: string;
}

function daysInMonth(year: number, month: number): number {
  if (year === 1900 && month === 2) return 29; // Excel's 1900 leap-year quirk
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The 1900-system serial of a calendar date, or null when Excel has no such date (before 1900 or after 9999). */
export function serialFromDate(year: number, month: number, day: number): number | null {
  if (year < 1900 || year > 9999 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  if (year === 1900 && month === 2 && day === 29) return 60;
  const days = Math.round((Date.UTC(year, month - 1, day) - EPOCH) / DAY_MS);
  // Before March 1, 1900 the serials are one less than the day count from 1899-12-30, because of the phantom Feb 29.
  return days <= 60 ? days - 1 : days;
}

/** The calendar date of a serial's day part (serial 60 is Excel's February 29, 1900). */
export function dateFromSerial(serial: number): YearMonthDay {
  const whole = Math.floor(serial);
  if (whole === 60) return { year: 1900, month: 2, day: 29 };
  const date = new Date(EPOCH + (whole < 60 ? whole + 1 : whole) * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

function monthFromName(name: string): number | null {
  const lower = name.toLowerCase().replace(/\.$/, '');
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((m) => m === lower || m.slice(0, 3) === lower);
  return index < 0 ? null : index + 1;
}

/** Years as typed: four digits as they are, one or two digits by the 2029 rule, anything else is no year. */
function typedYear(digits: string): number | null {
  if (digits.length === 4) return Number(digits);
  if (digits.length > 2) return null;
  const n = Number(digits);
  return n <= 29 ? 2000 + n : 1900 + n;
}

/** A month and one number (KB 214327): a day of the current year when it fits the month, otherwise a year. */
function monthAndNumber(month: number, digits: string, today: YearMonthDay): Recognized | null {
  const n = Number(digits);
  if (digits.length <= 2 && n >= 1 && n <= daysInMonth(today.year, month)) {
    const serial = serialFromDate(today.year, month, n);
    return serial === null ? null : { value: serial, numberFormat: 'd-mmm' };
  }
  const year = typedYear(digits);
  const serial = year === null ? null : serialFromDate(year, month, 1);
  return serial === null ? null : { value: serial, numberFormat: 'mmm-yy' };
}

function fullDate(year: number | null, month: number, day: number, numberFormat: string): Recognized | null {
  const serial = year === null ? null : serialFromDate(year, month, day);
  return serial === null ? null : { value: serial, numberFormat };
}

/** `1/2`, `1-2`, `1/15/2024`, `2024-01-15`, `5-Mar`, `5 Mar 2024`, `Mar 5`, `Mar 5, 2024`, `Jan 2024`, `Jan-24`. */
export function recognizeDate(text: string, today: YearMonthDay): Recognized | null {
  let m = /^(\d{4})([-/])(\d{1,2})\2(\d{1,2})$/.exec(text); // ISO order
  if (m) return fullDate(Number(m[1]), Number(m[3]), Number(m[4]), 'm/d/yyyy');
  m = /^(\d{1,2})([-/])(\d{1,4})(?:\2(\d{1,4}))?$/.exec(text); // en-US month first
  if (m) {
    const month = Number(m[1]);
    if (month < 1 || month > 12) return null;
    if (m[4] === undefined) return monthAndNumber(month, m[3]!, today);
    if (m[3]!.length > 2) return null;
    return fullDate(typedYear(m[4]), month, Number(m[3]), 'm/d/yyyy');
  }
  m = /^(\d{1,2})[-/ ]([A-Za-z]+\.?)(?:[-/ ]+(\d{1,4}))?$/.exec(text); // day, month name, year
  if (m) {
    const month = monthFromName(m[2]!);
    if (month === null) return null;
    if (m[3] === undefined) return fullDate(today.year, month, Number(m[1]), 'd-mmm');
    return fullDate(typedYear(m[3]), month, Number(m[1]), 'd-mmm-yy');
  }
  m = /^([A-Za-z]+\.?)[-/ ]+(\d{1,4})(?:(?:, *|[-/ ]+)(\d{1,4}))?$/.exec(text); // month name first
  if (m) {
    const month = monthFromName(m[1]!);
    if (month === null) return null;
    if (m[3] === undefined) return monthAndNumber(month, m[2]!, today);
    if (m[2]!.length > 2) return null;
    return fullDate(typedYear(m[3]), month, Number(m[2]), 'd-mmm-yy');
  }
  return null;
}

/** `13:45`, `13:45:30`, `1:45 PM`, `1 pm`, `25:30` (a duration past one day). Value is the fraction of a day. */
export function recognizeTime(text: string): Recognized | null {
  const m = /^(\d{1,4})(?::(\d{1,2}))?(?::(\d{1,2}(?:\.\d+)?))? *([AaPp][Mm]?)?$/.exec(text);
  if (!m || (m[2] === undefined && m[4] === undefined)) return null;
  let hours = Number(m[1]);
  const minutes = Number(m[2] ?? 0);
  const seconds = Number(m[3] ?? 0);
  if (minutes > 59 || seconds >= 60) return null;
  const withSeconds = m[3] !== undefined;
  let numberFormat: string;
  if (m[4] !== undefined) {
    if (hours > 12) return null;
    const pm = m[4].toLowerCase().startsWith('p');
    hours = (hours % 12) + (pm ? 12 : 0);
    numberFormat = withSeconds ? 'h:mm:ss AM/PM' : 'h:mm AM/PM';
  } else if (hours >= 24) {
    numberFormat = '[h]:mm:ss';
  } else {
    numberFormat = withSeconds ? 'h:mm:ss' : 'h:mm';
  }
  return { value: (hours * 3600 + minutes * 60 + seconds) / 86_400, numberFormat };
}

/** A date, a time, or a full date followed by a time (`1/15/2024 13:45`). */
export function recognizeDateTime(text: string, today: YearMonthDay): Recognized | null {
  const date = recognizeDate(text, today);
  if (date) return date;
  const time = recognizeTime(text);
  if (time) return time;
  const split = /^(.+?) +(\d{1,2}(?::\d{1,2}){1,2}(?:\.\d+)? *(?:[AaPp][Mm]?)?|\d{1,2} *[AaPp][Mm]?)$/.exec(text);
  if (!split) return null;
  const datePart = recognizeDate(split[1]!, today);
  const timePart = recognizeTime(split[2]!);
  if (!datePart || !timePart || timePart.value >= 1 || datePart.numberFormat === 'mmm-yy') return null;
  return { value: datePart.value + timePart.value, numberFormat: 'm/d/yyyy h:mm' };
}
