import type { PastedQueryProblem } from '../../src/core/pasted-query-problems';
import { i18nFor } from '../../src/taskpane/i18n';
import { pasteDe } from '../../src/taskpane/i18n/paste-de';
import { pasteEn } from '../../src/taskpane/i18n/paste-en';
import { pasteProblemWords } from '../../src/taskpane/i18n/paste-words';

/** "Paste a query"'s words: German for every English entry, and a sentence for every problem, naming what it is about. */

/** Every entry of a catalog as text: strings as they are, functions called with «0», «1», … */
function texts(catalog: unknown, path = ''): [string, string][] {
  if (typeof catalog === 'string') return [[path, catalog]];
  if (typeof catalog === 'function') {
    const fn = catalog as (...args: unknown[]) => string;
    return [[path, fn(...Array.from({ length: fn.length }, (_, i) => `«${i}»`))]];
  }
  return Object.entries(catalog as Record<string, unknown>).flatMap(([key, value]) => texts(value, path ? `${path}.${key}` : key));
}

/** One problem of each kind, each naming something the sentence must show. */
const PROBLEMS: PastedQueryProblem[] = [
  { kind: 'empty' },
  { kind: 'too-long', limit: 100_000 },
  { kind: 'too-deep', limit: 64 },
  { kind: 'syntax', line: 3, column: 7, expected: 'comma-or-brace', atEnd: false },
  { kind: 'syntax', line: 1, column: 31, expected: 'comma-or-bracket', atEnd: true },
  { kind: 'not-an-object' },
  { kind: 'several-queries' },
  { kind: 'unknown-key', path: '', key: 'measure', suggestion: 'measures' },
  { kind: 'unknown-key', path: 'filters[0]', key: 'memebr', suggestion: 'member' },
  { kind: 'not-kept', path: 'offset', key: 'offset' },
  { kind: 'not-kept', path: 'timezone', key: 'timezone' },
  { kind: 'wrong-type', path: 'limit', expected: 'whole-number' },
  { kind: 'missing', path: 'filters[1]', key: 'operator' },
  { kind: 'not-one-of', path: 'timeDimensions[0].granularity', value: 'fortnight', allowed: ['week', 'month'] },
  { kind: 'unknown-operator', path: 'filters[0].operator', member: 'sales.region', operator: 'equal', suggestions: ['equals'] },
  { kind: 'unknown-operator', path: 'filters[2].operator', member: null, operator: 'like', suggestions: [] },
  { kind: 'filter-group', path: 'filters[3]' },
  { kind: 'nothing-to-show' },
  { kind: 'unknown-member', path: 'measures[0]', member: 'sales.revnue', role: 'measure', suggestions: ['sales.revenue', 'sales.avenue'] },
  { kind: 'measure-as-dimension', path: 'dimensions[0]', member: 'sales.count', field: 'dimensions' },
  { kind: 'dimension-as-measure', path: 'measures[1]', member: 'sales.region' },
  { kind: 'not-time-dimension', path: 'timeDimensions[0]', member: 'sales.status', type: 'string' },
  { kind: 'not-a-segment', path: 'segments[0]', member: 'sales.count', is: 'measure' },
  { kind: 'not-a-segment', path: 'segments[1]', member: 'sales.region', is: 'dimension' },
  { kind: 'segment-as-member', path: 'filters[0]', member: 'sales.completed', field: 'filters' },
  { kind: 'segment-as-member', path: 'order[0]', member: 'sales.completed', field: 'order' },
  { kind: 'filter-values', path: 'filters[0]', member: 'sales.amount', problem: 'not-a-number' },
  { kind: 'date-range', path: 'timeDimensions[0].dateRange', member: 'sales.created_at', problem: 'needs-two-dates' },
];

/** What each problem's sentence must name (beyond its words): the member, field, value or number it is about. */
function named(problem: PastedQueryProblem): string[] {
  switch (problem.kind) {
    case 'syntax': return [String(problem.line), String(problem.column)];
    case 'unknown-key': return [problem.key, ...(problem.suggestion ? [problem.suggestion] : [])];
    case 'unknown-member': return [problem.member, ...problem.suggestions];
    case 'unknown-operator': return [problem.operator, problem.member ?? problem.path, ...problem.suggestions];
    case 'not-one-of': return [problem.value, problem.path, ...problem.allowed];
    case 'too-long': case 'too-deep': return [];
    default: return ['member' in problem ? problem.member : 'path' in problem ? problem.path : ''];
  }
}

describe("Paste a query's words", () => {
  it('German has every English entry, each giving every value it is given, and its own words', () => {
    const english = new Map(texts(pasteEn));
    const german = new Map(texts(pasteDe));
    expect([...german.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of [...english, ...german]) {
      const placeholders = text.match(/«\d»/g) ?? [];
      const fn = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], english.has(key) ? pasteEn : pasteDe);
      expect({ key, placeholders: placeholders.length }).toEqual({ key, placeholders: typeof fn === 'function' ? fn.length : 0 });
    }
    const same = [...english].filter(([key, text]) => german.get(key) === text).map(([key]) => key);
    expect(same).toEqual([]);
  });

  it('tells every problem as a sentence in both languages, naming what it is about', () => {
    const english = i18nFor('en-US');
    const german = i18nFor('de-DE');
    for (const problem of PROBLEMS) {
      const en = pasteProblemWords(problem, english);
      const de = pasteProblemWords(problem, german);
      expect({ problem, en: en !== de && /[.?]$/.test(en) && /[.?]$/.test(de) }).toEqual({ problem, en: true });
      for (const name of named(problem)) {
        expect({ problem, en: en.includes(name), de: de.includes(name) }).toEqual({ problem, en: true, de: true });
      }
    }
    expect(pasteProblemWords(PROBLEMS[3]!, english)).toBe('This is not valid JSON: at line 3, column 7, a comma or the closing } was expected.');
    expect(pasteProblemWords(PROBLEMS[18]!, german)).toBe('Das Modell hat keine Kennzahl „sales.revnue“. Meinten Sie „sales.revenue“ oder „sales.avenue“?');
    expect(pasteProblemWords(PROBLEMS[1]!, german)).toBe('Das ist länger als 100.000 Zeichen, weit länger als eine Abfrage: Fügen Sie eine einzelne Abfrage ein.');
  });
});
