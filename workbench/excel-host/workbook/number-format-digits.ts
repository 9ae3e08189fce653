import type { Token } from './number-format-sections';

/**
 * Numbers under a number format's digit placeholders (`0 # ?`, thousands separators, scaling commas, `%`,
 * scientific `E+`, fractions) and under General in a column of a given width. Sources as in `number-format.ts`.
 */

/**
 * General in a column `width` characters wide (a standard column shows 11): decimals are rounded to fit, whole
 * numbers of 12 digits or more and tiny numbers that would lose digits go to scientific notation.
 */
export function general(value: number, width: number): string {
  if (value === 0) return '0';
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(value);
  const exponent = Math.floor(Math.log10(abs));
  if (exponent >= -4 && exponent < width) {
    const text = trimZeros(fixed(abs, Math.max(0, width - Math.max(exponent + 1, 1) - 1)));
    if (text.length <= width) return sign + text;
  } else if (exponent < -4 && exponent >= -9) {
    const text = trimZeros(fixed(abs, 12));
    if (text.length <= width) return sign + text;
  }
  const exponentText = (e: number) => `E${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`;
  let e = exponent;
  let mantissa = abs / 10 ** e;
  const digits = Math.max(0, width - 2 - exponentText(e).length);
  if (Number(fixed(mantissa, digits)) >= 10) {
    mantissa /= 10;
    e++;
  }
  return `${sign}${trimZeros(fixed(mantissa, digits))}${exponentText(e)}`;
}

const trimZeros = (text: string) => (text.includes('.') ? text.replace(/\.?0+$/, '') : text);

/** Decimal rounding (half away from zero) without binary surprises: 1.005 to two places is 1.01, as in Excel. */
function fixed(value: number, decimals: number): string {
  if (value >= 1e21) return value.toFixed(0);
  const shifted = Number(`${Math.round(Number(`${value}e${decimals}`))}e-${decimals}`);
  return (Number.isFinite(shifted) ? shifted : value).toFixed(decimals);
}

const isDigit = (t: Token) => t.kind === 'code' && '0#?'.includes(t.text);

export function formatNumber(value: number, tokens: Token[]): string {
  const sign = value < 0 ? '-' : '';
  let abs = Math.abs(value);
  if (!tokens.some(isDigit)) return tokens.map((t) => (t.kind === 'literal' ? t.text : t.text === '%' ? '%' : '')).join('');
  for (const t of tokens) if (t.kind === 'code' && t.text === '%') abs *= 100;
  // Commas right after the last digit placeholder (before any exponent) scale by a thousand each.
  const exponent = tokens.findIndex((t) => t.kind === 'code' && t.text.startsWith('E'));
  const end = exponent < 0 ? tokens.length : exponent;
  let last = -1;
  for (let i = 0; i < end; i++) if (isDigit(tokens[i]!)) last = i;
  for (let i = last + 1; i < end && tokens[i]!.kind === 'code' && tokens[i]!.text === ','; i++) abs /= 1000;
  const slash = tokens.findIndex((t) => t.kind === 'code' && t.text === '/');
  const body = slash >= 0 ? formatFraction(abs, tokens, slash) : tokens.some((t) => t.kind === 'code' && t.text.startsWith('E')) ? formatScientific(abs, tokens) : placeDigits(abs, tokens);
  const zero = !/[1-9]/.test(body);
  return (zero ? '' : sign) + body;
}

/** Fills a plain number pattern (no exponent): integer digits from the right, decimals from the left. */
function placeDigits(abs: number, tokens: Token[]): string {
  const point = tokens.findIndex((t) => t.kind === 'code' && t.text === '.');
  const integerTokens = point < 0 ? tokens : tokens.slice(0, point);
  const fractionTokens = point < 0 ? [] : tokens.slice(point + 1);
  const decimals = fractionTokens.filter(isDigit).length;
  const [whole = '', fraction = ''] = fixed(abs, decimals).split('.');
  const integerDigits = whole === '0' ? '' : whole;
  const placeholders = integerTokens.filter(isDigit);
  const grouping = integerTokens.some((t, i) => t.kind === 'code' && t.text === ',' && placeholders.length && integerTokens.slice(i + 1).some(isDigit));
  let out = '';
  if (grouping) {
    const required = placeholders.filter((t) => t.text === '0').length;
    const digits = integerDigits.padStart(required, '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    let placed = false;
    for (const t of integerTokens) {
      if (t.kind === 'literal') out += t.text;
      else if (isDigit(t) && !placed) {
        out += digits;
        placed = true;
      }
      else if (t.text === '%' || /[1-9]/.test(t.text)) out += t.text;
    }
  } else {
    let remaining = integerDigits;
    let seen = 0;
    for (let i = integerTokens.length - 1; i >= 0; i--) {
      const t = integerTokens[i]!;
      if (t.kind === 'literal' || t.text === '%' || /[1-9]/.test(t.text)) {
        out = t.text + out;
        continue;
      }
      if (!isDigit(t)) continue;
      seen++;
      const leftmost = seen === placeholders.length;
      const digit = leftmost ? remaining : remaining.slice(-1);
      remaining = leftmost ? '' : remaining.slice(0, -1);
      out = (digit || (t.text === '0' ? '0' : t.text === '?' ? ' ' : '')) + out;
    }
  }
  if (point < 0) return out;
  out += '.';
  const significant = fraction.replace(/0+$/, '').length;
  let index = 0;
  for (const t of fractionTokens) {
    if (!isDigit(t)) {
      out += t.kind === 'literal' || t.text === '%' ? t.text : '';
      continue;
    }
    const digit = fraction[index]!;
    out += index < significant || t.text === '0' ? digit : t.text === '?' ? ' ' : '';
    index++;
  }
  return out;
}

function formatScientific(abs: number, tokens: Token[]): string {
  const e = tokens.findIndex((t) => t.kind === 'code' && t.text.startsWith('E'));
  const mantissaTokens = tokens.slice(0, e);
  const exponentTokens = tokens.slice(e + 1);
  const point = mantissaTokens.findIndex((t) => t.kind === 'code' && t.text === '.');
  const integers = Math.max(1, (point < 0 ? mantissaTokens : mantissaTokens.slice(0, point)).filter(isDigit).length);
  const decimals = point < 0 ? 0 : mantissaTokens.slice(point + 1).filter(isDigit).length;
  // `##0.0E+0`: engineering notation, exponents in multiples of the integer placeholders.
  const step = integers > 1 ? integers : 1;
  let exponent = abs === 0 ? 0 : Math.floor(Math.floor(Math.log10(abs)) / step) * step;
  let mantissa = abs / 10 ** exponent;
  if (Number(fixed(mantissa, decimals)) >= 10 ** step) {
    mantissa /= 10 ** step;
    exponent += step;
  }
  const digitsNeeded = exponentTokens.filter(isDigit).length;
  const exponentSign = exponent < 0 ? '-' : tokens[e]!.text === 'E+' ? '+' : '';
  const literals = exponentTokens.filter((t) => t.kind === 'literal').map((t) => t.text).join('');
  return `${placeDigits(mantissa, mantissaTokens)}E${exponentSign}${String(Math.abs(exponent)).padStart(digitsNeeded, '0')}${literals}`;
}

/** `# ?/?`, `# ??/??`, `?/?` (improper) and `# ?/8` (fixed denominator). */
function formatFraction(abs: number, tokens: Token[], slash: number): string {
  const before = tokens.slice(0, slash);
  const after = tokens.slice(slash + 1);
  let numeratorStart = before.length;
  while (numeratorStart > 0 && isDigit(before[numeratorStart - 1]!)) numeratorStart--;
  const numeratorTokens = before.slice(numeratorStart);
  const integerTokens = before.slice(0, numeratorStart);
  const hasInteger = integerTokens.some(isDigit);
  const fixedDenominator = after.filter((t) => t.kind === 'code' && /[1-9]/.test(t.text)).map((t) => t.text).join('');
  const denominatorPlaces = after.filter((t) => isDigit(t) || /[1-9]/.test(t.text)).length;
  let whole = hasInteger ? Math.floor(abs) : 0;
  const part = abs - whole;
  const [fitted, denominator] = fixedDenominator ? [Math.round(part * Number(fixedDenominator)), Number(fixedDenominator)] : closest(part, 10 ** denominatorPlaces - 1);
  let numerator = fitted;
  if (hasInteger && numerator === denominator) {
    whole += 1;
    numerator = 0;
  }
  const integerText = hasInteger ? placeDigits(whole, integerTokens) : '';
  const width = numeratorTokens.length + 1 + denominatorPlaces;
  // A whole number keeps the fraction's width blank, so fractions in a column stay aligned.
  if (numerator === 0) {
    const lastDigit = integerTokens.map(isDigit).lastIndexOf(true);
    const zero = whole ? integerText : placeDigits(0, integerTokens.map((t, i): Token => (i === lastDigit || !hasInteger ? { kind: 'code', text: '0' } : t)));
    return (zero || '0') + ' '.repeat(width);
  }
  const numeratorText = String(numerator).padStart(numeratorTokens.length, ' ');
  const denominatorText = String(denominator).padEnd(denominatorPlaces, ' ');
  return `${integerText}${numeratorText}/${denominatorText}${after.filter((t) => t.kind === 'literal').map((t) => t.text).join('')}`;
}

/** The fraction closest to `value` with a denominator up to `max` (smallest denominator on ties). */
function closest(value: number, max: number): [number, number] {
  let best: [number, number] = [Math.round(value), 1];
  let error = Math.abs(value - best[0]);
  for (let d = 2; d <= max && error > 1e-12; d++) {
    const n = Math.round(value * d);
    const e = Math.abs(value - n / d);
    if (e < error - 1e-12) {
      best = [n, d];
      error = e;
    }
  }
  return best;
}
