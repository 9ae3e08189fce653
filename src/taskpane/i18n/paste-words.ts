import { DATE_RANGE_PRESETS } from '../../core/exploration-filters';
import type { PastedQueryProblem } from '../../core/pasted-query-problems';
import { wordsByCatalog } from './catalog-words';
import type { Messages } from './en';
import { useI18n, type I18n } from './index';
import { pasteDe } from './paste-de';
import { pasteEn, type PasteMessages } from './paste-en';

/**
 * The words of "Paste a query", apart from `Messages`: only the connected workspace (loaded after the pane's start)
 * imports them, so the initial script carries none. Chosen by the pane's catalog, so they are always in the pane's
 * language.
 */
export const pasteWordsOf: (m: Messages) => PasteMessages = wordsByCatalog(pasteEn, pasteDe);

export function usePasteWords(): PasteMessages {
  return pasteWordsOf(useI18n().m);
}

/** "“a”, “b” or “c”", quoted as the catalog quotes names. */
function choices(names: readonly string[], { m, locale }: Pick<I18n, 'm' | 'locale'>): string {
  const quote = pasteWordsOf(m) === pasteDe ? (s: string) => `„${s}“` : (s: string) => `“${s}”`;
  return new Intl.ListFormat(locale, { type: 'disjunction' }).format(names.map(quote));
}

/** One problem of a pasted query, as a sentence the user can act on. */
export function pasteProblemWords(problem: PastedQueryProblem, i18n: Pick<I18n, 'm' | 'locale' | 'number'>): string {
  const w = pasteWordsOf(i18n.m);
  const p = w.problem;
  const suggest = (names: readonly string[]) => (names.length ? w.didYouMean(choices(names, i18n)) : '');
  switch (problem.kind) {
    case 'empty': return p.empty;
    case 'too-long': return p.tooLong(i18n.number(problem.limit));
    case 'too-deep': return p.tooDeep(i18n.number(problem.limit));
    case 'syntax': {
      const where = [i18n.number(problem.line), i18n.number(problem.column), p.expected[problem.expected]] as const;
      return problem.atEnd ? p.syntaxAtEnd(...where) : p.syntax(...where);
    }
    case 'not-an-object': return p.notAnObject;
    case 'several-queries': return p.severalQueries;
    case 'unknown-key':
      return (problem.path ? p.unknownFieldIn(problem.key, problem.path) : p.unknownField(problem.key)) + suggest(problem.suggestion ? [problem.suggestion] : []);
    case 'not-kept': return problem.key === 'timezone' ? p.timezoneNotKept : p.notKept(problem.path);
    case 'wrong-type': return p.wrongType(problem.path, p.shapes[problem.expected]);
    case 'missing': return p.missing(problem.path, problem.key);
    case 'not-one-of': return p.notOneOf(problem.value, problem.path, choices(problem.allowed, i18n));
    case 'unknown-operator':
      return (problem.member ? p.unknownOperator(problem.operator, problem.member) : p.unknownOperatorIn(problem.operator, problem.path)) + suggest(problem.suggestions);
    case 'filter-group': return p.filterGroup(problem.path);
    case 'nothing-to-show': return p.nothingToShow;
    case 'unknown-member': return p.unknownMember(p.roles[problem.role], problem.member) + suggest(problem.suggestions);
    case 'measure-as-dimension': return p.measureAsDimension(problem.member, problem.field);
    case 'dimension-as-measure': return p.dimensionAsMeasure(problem.member);
    case 'not-time-dimension': return p.notTimeDimension(problem.member, p.types[problem.type] ?? problem.type);
    case 'not-a-segment': return problem.is === 'measure' ? p.notASegmentMeasure(problem.member) : p.notASegmentDimension(problem.member);
    case 'segment-as-member': return problem.field === 'order' ? p.segmentInOrder(problem.member) : p.segmentAsMember(problem.member, problem.field);
    case 'filter-values': return p.filterValues(problem.member, filterProblemWords(problem.problem, w));
    case 'date-range': return p.dateRange(problem.member, filterProblemWords(problem.problem, w));
  }
}

function filterProblemWords(problem: Extract<PastedQueryProblem, { kind: 'filter-values' }>['problem'], w: PasteMessages): string {
  const words = w.problem.filterProblems;
  return problem === 'needs-two-dates' ? words[problem](DATE_RANGE_PRESETS.map((phrase) => `"${phrase}"`).join(', ')) : words[problem];
}
