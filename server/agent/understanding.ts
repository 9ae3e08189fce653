import type { CubeFilter, CubeQuery, Granularity } from '../../src/contract';
import { listOf, numberOf, pluralOf, Words, wordsOf } from './words';

/**
 * The local agent's question understanding: a question in English to one Cube query over a view's members, or
 * an honest "I can't" with questions it can answer. Pure (no I/O), so a real model can replace it. It knows
 * members by title, name and `meta.synonyms`; string dimensions' values ("Europe") become `equals` filters;
 * time phrases become a time dimension's `dateRange` (Cube's relative strings) and `granularity`.
 */

/** A member as `/v1/meta` describes it (the fields the agent reads). */
export interface CatalogMember {
  name: string;
  title: string;
  shortTitle: string;
  type: string;
  aggType?: string;
  format?: unknown;
  currency?: string;
  meta?: { synonyms?: unknown } & Record<string, unknown>;
}

/** What the agent may query: one view's measures and dimensions, and the values of its string dimensions. */
export interface AgentCatalog {
  measures: CatalogMember[];
  dimensions: CatalogMember[];
  /** Distinct values by dimension name. */
  values: Record<string, string[]>;
}

export interface QueryUnderstanding {
  kind: 'query';
  query: CubeQuery;
  measures: CatalogMember[];
  dimensions: CatalogMember[];
  time?: { member: CatalogMember; granularity?: Granularity; range?: string };
  filters: { member: CatalogMember; values: string[] }[];
  top?: { n: number; direction: 'asc' | 'desc' };
  /** What the query shows, in words: "Revenue by Region in Europe, last year". */
  heading: string;
}
export type Understanding = QueryUnderstanding | { kind: 'unmapped'; reason: string; suggestions: string[] };

const UNITS = ['day', 'week', 'month', 'quarter', 'year'] as const;
const isUnit = (word: string | undefined): word is (typeof UNITS)[number] => (UNITS as readonly string[]).includes(word ?? '');
const ADVERBS: Record<string, Granularity> = { daily: 'day', weekly: 'week', monthly: 'month', quarterly: 'quarter', yearly: 'year', annually: 'year', annual: 'year' };
const FILLERS = new Set(['the', 'each', 'every', 'a', 'an', 'their', 'its']);
const PREPOSITIONS = new Set(['in', 'for', 'from', 'of', 'at']);

/** How the agent names a member: its first synonym (sales.yml lists the spoken name first), else its short title. */
export function labelOf(member: CatalogMember): string {
  const [first] = synonymsOf(member);
  return first ? first.charAt(0).toUpperCase() + first.slice(1) : member.shortTitle;
}

function synonymsOf(member: CatalogMember): string[] {
  const synonyms = member.meta?.synonyms;
  return Array.isArray(synonyms) ? synonyms.filter((s): s is string => typeof s === 'string') : [];
}

interface Phrase {
  words: string[];
  member: CatalogMember;
  plural: boolean;
}

/** Every way the question may name a member, longest first so "customer segment" wins over "customers". */
function phrasesOf(catalog: AgentCatalog): Phrase[] {
  const phrases: Phrase[] = [];
  const seen = new Set<string>();
  const add = (member: CatalogMember, text: string, plural = false) => {
    const words = wordsOf(text);
    const key = words.join(' ');
    if (!words.length || seen.has(key)) return;
    seen.add(key);
    phrases.push({ words, member, plural });
  };
  for (const member of [...catalog.measures, ...catalog.dimensions]) {
    const names = [member.shortTitle, member.name.split('.').pop()!.replace(/_/g, ' '), ...synonymsOf(member)];
    for (const name of names) add(member, name);
    for (const name of names) {
      const words = wordsOf(name);
      if (words.length) add(member, [...words.slice(0, -1), pluralOf(words.at(-1)!)].join(' '), true);
    }
  }
  return phrases.sort((a, b) => b.words.length - a.words.length);
}

function readRange(words: Words): string | [string, string] | undefined {
  let range: string | [string, string] | undefined;
  words.scan((i) => {
    if (range !== undefined) return 0;
    const [a, b, c, d] = [words.free(i), words.free(i + 1), words.free(i + 2), words.free(i + 3)];
    const anchor = a === 'previous' ? 'last' : a === 'current' ? 'this' : a;
    if ((anchor === 'this' || anchor === 'last' || anchor === 'next') && isUnit(b)) {
      range = `${anchor} ${b}`;
      return 2;
    }
    const count = numberOf(b);
    const unit = c?.replace(/s$/, '');
    if ((a === 'last' || a === 'past' || a === 'previous') && count && isUnit(unit)) {
      range = `last ${count} ${count === 1 ? unit : pluralOf(unit)}`;
      return 3;
    }
    if (a === 'today' || a === 'yesterday') {
      range = a;
      return 1;
    }
    const year = (word: string | undefined) => (word && /^(19|20)\d\d$/.test(word) ? word : undefined);
    if ((a === 'from' || a === 'between') && year(b) && (c === 'to' || c === 'and') && year(d)) {
      range = [`${b}-01-01`, `${d}-12-31`];
      return 4;
    }
    if (year(a)) {
      range = [`${a}-01-01`, `${a}-12-31`];
      return 1;
    }
    return 0;
  });
  return range;
}

function rangeText(range: string | [string, string]): string {
  if (typeof range === 'string') return range;
  const [from, to] = [range[0].slice(0, 4), range[1].slice(0, 4)];
  return from === to ? `in ${from}` : `${from} to ${to}`;
}

function readGranularity(words: Words): Granularity | undefined {
  let granularity: Granularity | undefined;
  words.scan((i) => {
    if (granularity) return 0;
    const [a, b, c] = [words.free(i), words.free(i + 1), words.free(i + 2)];
    if (a && ADVERBS[a]) {
      granularity = ADVERBS[a];
      return 1;
    }
    const unit = (word: string | undefined) => UNITS.find((u) => u === word || pluralOf(u) === word);
    if ((a === 'per' || a === 'by' || a === 'each' || a === 'every') && unit(b)) {
      granularity = unit(b);
      return 2;
    }
    if ((a === 'over' && b === 'time') || a === 'trend' || a === 'trends') {
      granularity = 'month';
      return a === 'over' ? 2 : 1;
    }
    if (a === 'by' && FILLERS.has(b ?? '') && unit(c)) {
      granularity = unit(c);
      return 3;
    }
    return 0;
  });
  return granularity;
}

function readTop(words: Words): QueryUnderstanding['top'] {
  let top: QueryUnderstanding['top'];
  words.scan((i) => {
    if (top) return 0;
    const [a, b] = [words.free(i), words.free(i + 1)];
    const desc = ['top', 'best', 'highest', 'most', 'largest', 'biggest'].includes(a!);
    const asc = ['bottom', 'worst', 'lowest', 'least', 'smallest'].includes(a!);
    if (!desc && !asc) return 0;
    const n = numberOf(b);
    top = { n: n ?? 0, direction: desc ? 'desc' : 'asc' };
    return n ? 2 : 1;
  });
  return top;
}

/** A value filter, with the word the question put before it ("in Europe") to say it back the same way. */
type Filter = QueryUnderstanding['filters'][number] & { preposition?: string };

function readFilters(words: Words, catalog: AgentCatalog): Filter[] {
  const candidates = catalog.dimensions.flatMap((member) => (catalog.values[member.name] ?? []).map((value) => ({ member, value, words: wordsOf(value) })));
  candidates.sort((a, b) => b.words.length - a.words.length);
  const filters: Filter[] = [];
  for (const { member, value, words: valueWords } of candidates) {
    const found = valueWords.length ? words.take(valueWords) : [];
    if (!found.length) continue;
    const before = words.list[found[0]! - 1] ?? '';
    const existing = filters.find((f) => f.member === member);
    if (existing) existing.values.push(value);
    else filters.push({ member, values: [value], preposition: PREPOSITIONS.has(before) ? before : undefined });
  }
  return filters;
}

/** Questions this catalog can answer, to offer when a question could not be mapped. */
export function suggestionsFor(catalog: AgentCatalog): string[] {
  const first = catalog.measures.find((m) => m.format === 'currency') ?? catalog.measures[0];
  const second = catalog.measures.find((m) => m.aggType === 'count' && m !== first) ?? first;
  if (!first || !second) return [];
  // Single-word dimensions read best in a short example; the last ones listed are the broadest in sales.yml.
  const strings = catalog.dimensions.filter((d) => d.type === 'string' && wordsOf(labelOf(d)).length === 1).reverse();
  const [dimension, other = dimension] = strings;
  const suggestions = [`${labelOf(first)} per quarter this year`];
  if (dimension) suggestions.unshift(`${labelOf(first)} by ${labelOf(dimension).toLowerCase()} last year`);
  if (other) suggestions.push(`Top 5 ${pluralOf(labelOf(other).toLowerCase())} by ${labelOf(second).toLowerCase()}`);
  const value = dimension && catalog.values[dimension.name]?.[0];
  if (value) suggestions.push(`${labelOf(second)} per month in ${value}`);
  return suggestions;
}

const unmapped = (reason: string, catalog: AgentCatalog): Understanding => ({ kind: 'unmapped', reason, suggestions: suggestionsFor(catalog) });

export function understand(question: string, catalog: AgentCatalog): Understanding {
  const words = new Words(wordsOf(question));
  const filters = readFilters(words, catalog);
  const range = readRange(words);
  const granularity = readGranularity(words);
  const top = readTop(words);
  const mentioned: { at: number; phrase: Phrase }[] = [];
  for (const phrase of phrasesOf(catalog)) for (const at of words.take(phrase.words)) mentioned.push({ at, phrase });
  mentioned.sort((a, b) => a.at - b.at);
  const members = (type: (m: CatalogMember) => boolean) => [...new Set(mentioned.map((m) => m.phrase.member).filter(type))];
  const isMeasure = (m: CatalogMember) => catalog.measures.includes(m);
  const measures = members(isMeasure);
  const dimensions = members((m) => !isMeasure(m) && m.type !== 'time');
  const countMeasure = catalog.measures.find((m) => m.aggType === 'count');
  if (!measures.length && countMeasure && /\b(how many|number of|count)\b/.test(words.list.join(' '))) measures.push(countMeasure);

  const unknown = unknownBreakdown(words);
  if (unknown) return unmapped(`I don't know how to break figures down by "${unknown}".`, catalog);
  if (!measures.length) return unmapped(`I couldn't tell which figure you are asking about in "${question.trim().slice(0, 80)}".`, catalog);

  const timeMember = members((m) => m.type === 'time')[0] ?? catalog.dimensions.find((m) => m.type === 'time');
  const mentionedTime = mentioned.some((m) => m.phrase.member.type === 'time');
  const time = timeMember && (range || granularity || mentionedTime)
    ? { member: timeMember, granularity: granularity ?? (mentionedTime && !range ? 'day' as const : undefined), range: range && rangeText(range) }
    : undefined;
  if (!timeMember && (range || granularity)) return unmapped('I can only answer that without dates: none of the members is a date.', catalog);
  const limit = top && dimensions.length ? top.n || (mentioned.some((m) => m.phrase.member === dimensions[0] && m.phrase.plural) ? 5 : 1) : undefined;

  const query: CubeQuery = { measures: measures.map((m) => m.name) };
  if (dimensions.length) query.dimensions = dimensions.map((m) => m.name);
  if (time) {
    query.timeDimensions = [{ dimension: time.member.name, ...(time.granularity ? { granularity: time.granularity } : {}), ...(range ? { dateRange: range } : {}) }];
  }
  if (filters.length) query.filters = filters.map((f): CubeFilter => ({ member: f.member.name, operator: 'equals', values: f.values }));
  if (limit) {
    query.order = { [measures[0]!.name]: top!.direction };
    query.limit = limit;
  }
  const understood: QueryUnderstanding = {
    kind: 'query', query, measures, dimensions, time, filters: filters.map(({ member, values }) => ({ member, values })),
    top: limit ? { n: limit, direction: top!.direction } : undefined, heading: '',
  };
  understood.heading = headingOf(understood, filters);
  return understood;
}

/** Words after "by" or "per" that name nothing known ("revenue by planet"), if any. */
function unknownBreakdown(words: Words): string | undefined {
  for (let i = 0; i < words.list.length; i++) {
    if (words.list[i] !== 'by' && words.list[i] !== 'per') continue;
    let next = i + 1;
    while (FILLERS.has(words.free(next) ?? '')) next++;
    const unknown = [words.free(next), words.free(next + 1)];
    if (unknown[0]) return (unknown[1] ? unknown : [unknown[0]]).join(' ');
  }
  return undefined;
}

function headingOf(u: QueryUnderstanding, filters: Filter[]): string {
  const measures = listOf(u.measures.map(labelOf));
  const dimensions = listOf(u.dimensions.map((d) => d.shortTitle));
  const ranked = u.top && (u.top.n === 1 ? dimensions : `${u.top.n} ${pluralOf(dimensions)}`);
  const head = u.top
    ? `${u.top.direction === 'desc' ? 'Top' : 'Bottom'} ${ranked} by ${measures}`
    : `${measures}${dimensions ? ` by ${dimensions}` : ''}`;
  const granularity = u.time?.granularity ? ` per ${u.time.granularity}` : '';
  const where = filters.map((f) => (f.preposition ? ` ${f.preposition} ${listOf(f.values)}` : ` (${f.member.shortTitle}: ${listOf(f.values)})`)).join('');
  return `${head}${granularity}${where}${u.time?.range ? `, ${u.time.range}` : ''}`;
}
