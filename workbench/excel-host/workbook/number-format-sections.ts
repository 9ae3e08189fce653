/**
 * The sections of an Excel number format code (positive; negative; zero; text), each with its tokens,
 * `[Color]` and `[>=n]` condition, and which section formats a number. Sources as in `number-format.ts`.
 */

export type Token = { kind: 'literal'; text: string } | { kind: 'code'; text: string };

export interface Section {
  tokens: Token[];
  color?: string;
  condition?: (value: number) => boolean;
  kind: 'date' | 'text' | 'general' | 'number';
}

const COLORS: Record<string, string> = {
  black: '#000000', white: '#FFFFFF', red: '#FF0000', green: '#00FF00', blue: '#0000FF', yellow: '#FFFF00', magenta: '#FF00FF', cyan: '#00FFFF',
};
const PALETTE = Object.values(COLORS);

/** The section for a number, and whether it shows the minus itself (a negative section shows none). */
export function pick(sections: Section[], value: number): [Section, boolean] {
  // With conditions, the first section whose condition holds, else the first one without a condition.
  if (sections.some((s) => s.condition)) {
    const numeric = sections.slice(0, 3);
    return [numeric.find((s) => s.condition?.(value)) ?? numeric.find((s) => !s.condition) ?? sections[0]!, true];
  }
  if (sections.length === 1 || (value > 0 || (value === 0 && sections.length === 2))) return [sections[0]!, true];
  if (value < 0) return [sections[1]!, false];
  return [sections[2] ?? sections[0]!, true];
}

const cache = new Map<string, Section[]>();
export function parseFormat(format: string): Section[] {
  let sections = cache.get(format);
  if (!sections) {
    sections = splitSections(format).map(parseSection);
    if (cache.size > 500) cache.clear();
    cache.set(format, sections);
  }
  return sections;
}

function splitSections(format: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < format.length; i++) {
    const ch = format[i]!;
    if (ch === ';') {
      parts.push(current);
      current = '';
      continue;
    }
    current += ch;
    const close = ch === '"' ? '"' : ch === '[' ? ']' : undefined;
    if (close) {
      const end = format.indexOf(close, i + 1);
      const stop = end < 0 ? format.length - 1 : end;
      current += format.slice(i + 1, stop + 1);
      i = stop;
    } else if (ch === '\\' || ch === '_' || ch === '*') {
      current += format[i + 1] ?? '';
      i++;
    }
  }
  parts.push(current);
  return parts;
}

const CONDITION = /^(<=|>=|<>|<|>|=)\s*(-?\d+(?:\.\d+)?)$/;
const COMPARE: Record<string, (a: number, b: number) => boolean> = {
  '<': (a, b) => a < b, '<=': (a, b) => a <= b, '>': (a, b) => a > b, '>=': (a, b) => a >= b, '=': (a, b) => a === b, '<>': (a, b) => a !== b,
};

function parseSection(source: string): Section {
  const section: Section = { tokens: [], kind: 'number' };
  const literal = (text: string) => section.tokens.push({ kind: 'literal', text });
  const code = (text: string) => section.tokens.push({ kind: 'code', text });
  for (let i = 0; i < source.length; ) {
    const ch = source[i]!;
    const rest = source.slice(i);
    if (ch === '"') {
      const end = source.indexOf('"', i + 1);
      literal(source.slice(i + 1, end < 0 ? undefined : end));
      i = end < 0 ? source.length : end + 1;
    } else if (ch === '\\') {
      literal(source[i + 1] ?? '');
      i += 2;
    } else if (ch === '_' || ch === '*') {
      // `_x` leaves the width of x (a space here); `*x` fills the column with x, which a grid cell does not need.
      if (ch === '_') literal(' ');
      i += 2;
    } else if (ch === '[') {
      const end = source.indexOf(']', i);
      const inner = source.slice(i + 1, end < 0 ? undefined : end);
      i = end < 0 ? source.length : end + 1;
      const condition = CONDITION.exec(inner);
      if (inner.startsWith('$')) literal(inner.slice(1).split('-')[0]!);
      else if (COLORS[inner.toLowerCase()]) section.color = COLORS[inner.toLowerCase()];
      else if (/^color\d+$/i.test(inner)) section.color = PALETTE[Number(inner.slice(5)) - 1];
      else if (condition) section.condition = (v) => COMPARE[condition[1]!]!(v, Number(condition[2]));
      else if (/^(h+|m+|s+)$/i.test(inner)) code(`[${inner[0]!.toLowerCase()}]`);
    } else if (/^general/i.test(rest)) {
      code('General');
      i += 7;
    } else if (/^(am\/pm|a\/p)/i.test(rest)) {
      const length = /^am\/pm/i.test(rest) ? 5 : 3;
      code(rest.slice(0, length));
      i += length;
    } else if (/[ymdhse]/i.test(ch) && !/^e[+-]/i.test(rest)) {
      let end = i;
      while (source[end]?.toLowerCase() === ch.toLowerCase()) end++;
      code(source.slice(i, end).toLowerCase());
      i = end;
    } else if (/^e[+-]/i.test(rest)) {
      code(`E${rest[1]}`);
      i += 2;
    } else if ('0#?.,%/@123456789'.includes(ch)) {
      code(ch);
      i++;
    } else {
      literal(ch);
      i++;
    }
  }
  const codes = section.tokens.filter((t) => t.kind === 'code').map((t) => t.text);
  if (codes.some((c) => /^[ymdhs[]|^a/i.test(c) || c === 'e')) section.kind = 'date';
  else if (codes.includes('@')) section.kind = 'text';
  else if (codes.includes('General')) section.kind = 'general';
  return section;
}
