import type { CubeMeta, MemberType } from '../contract';
import { FormulaArgumentError } from './formula-error';
import { PERIOD_GRANULARITIES, type PeriodGranularity } from './formula-periods';
import { modelMembers, type CatalogMember } from './member-catalog';

/**
 * The model's members as the RS functions name them: by full name (`orders.revenue`, in any case when that is
 * unambiguous) or by a title `/v1/meta` gives (`Orders Revenue`, `Revenue`), a time member with a granularity
 * suffix (`orders.created_at.month`). Indexed once per `/v1/meta` answer, then asked once per argument.
 */

interface FormulaCatalog {
  byName: ReadonlyMap<string, CatalogMember>;
  /** Members by lower-cased name, and by lower-cased title and short title: several when ambiguous. */
  byLowerName: ReadonlyMap<string, CatalogMember[]>;
  byLowerTitle: ReadonlyMap<string, CatalogMember[]>;
  /** Measure name → what it aggregates an empty set of rows to (its `/v1/meta` `aggType`). */
  emptyAnswers: ReadonlyMap<string, 0 | null>;
  /** The model's views: a title a view's member shares with its cube's is the view's. */
  views: ReadonlySet<string>;
}

/** A dimension to group or filter by: a time member always with a granularity. */
export interface DimensionRef {
  member: string;
  type: MemberType;
  granularity: PeriodGranularity | null;
}

/** SQL counts an empty set as 0; every other aggregate (sum, avg, min, max, a calculated number…) as NULL. */
const COUNTING = new Set(['count', 'countDistinct', 'countDistinctApprox']);
/** A time member named without a granularity is filtered by day: its value is a date. */
const DEFAULT_FILTER_GRANULARITY: PeriodGranularity = 'day';

function addTo(index: Map<string, CatalogMember[]>, key: string, member: CatalogMember): void {
  const members = index.get(key) ?? [];
  if (!members.includes(member)) members.push(member);
  index.set(key, members);
}

/** Catalogs by the `/v1/meta` object they were built from: a batch of a thousand calls builds one. */
const catalogs = new WeakMap<CubeMeta, FormulaCatalog>();

/** The catalog of a `/v1/meta` answer, built on first use and kept while the answer is. */
function formulaCatalog(meta: CubeMeta): FormulaCatalog {
  const kept = catalogs.get(meta);
  if (kept) return kept;
  const catalog = buildCatalog(meta);
  catalogs.set(meta, catalog);
  return catalog;
}

function buildCatalog(meta: CubeMeta): FormulaCatalog {
  const byName = modelMembers(meta);
  const byLowerName = new Map<string, CatalogMember[]>();
  const byLowerTitle = new Map<string, CatalogMember[]>();
  for (const member of byName.values()) {
    addTo(byLowerName, member.name.toLowerCase(), member);
    addTo(byLowerTitle, member.title.toLowerCase(), member);
    addTo(byLowerTitle, member.shortTitle.toLowerCase(), member);
  }
  // `aggType` is in every measure of `/v1/meta`; the loose schema keeps it though it does not name it.
  const emptyAnswers = new Map(
    meta.cubes.flatMap((cube) => cube.measures).map((m) => [m.name, COUNTING.has(String(m['aggType'])) ? 0 : null] as const),
  );
  const views = new Set(meta.cubes.filter((cube) => cube.type === 'view').map((cube) => cube.name));
  return { byName, byLowerName, byLowerTitle, emptyAnswers, views };
}

type Kind = CatalogMember['kind'];

/**
 * The member of `kind` that `text` names, or null when no member has that name or title. A title several
 * members share, or a member of the other kind, is a `FormulaArgumentError` saying so.
 */
function resolve(catalog: FormulaCatalog, text: string, kind: Kind): CatalogMember | null {
  const exact = catalog.byName.get(text);
  const key = text.toLowerCase();
  const candidates = exact ? [exact] : catalog.byLowerName.get(key) ?? catalog.byLowerTitle.get(key) ?? [];
  const all = candidates.filter((m) => m.kind === kind);
  // A view's member and the cube member it shows share their titles; the view is what users explore (the
  // platform's builder lists views, and cubes only where the model has none), so its member is meant.
  const inViews = all.filter((m) => catalog.views.has(m.name.slice(0, m.name.indexOf('.'))));
  const ofKind = inViews.length ? inViews : all;
  if (ofKind.length === 1) return ofKind[0]!;
  if (ofKind.length > 1) {
    const names = ofKind.map((m) => m.name).sort().join(', ');
    throw new FormulaArgumentError(`"${text}" could be any of ${names}: give the full name of the one you mean.`);
  }
  if (candidates.length > 0) {
    const found = candidates[0]!;
    const named = found.name === text ? `"${text}"` : `"${text}" (${found.name})`;
    throw new FormulaArgumentError(
      kind === 'measure'
        ? `${named} is a dimension, not a measure: give a measure to show.`
        : `${named} is a measure, not a dimension: give a dimension to filter or list by.`,
    );
  }
  return null;
}

function nonEmptyText(value: unknown, what: string): string {
  const text = typeof value === 'string' ? value.trim() : value === null || value === undefined ? '' : String(value);
  if (text === '') throw new FormulaArgumentError(`The ${what} is empty: give a member's name (orders.revenue) or its title.`);
  return text;
}

/** The argument (`the measure`, `the member of pair 2`) names nothing in the model. */
function unknownMember(text: string, what: string, kind: Kind): FormulaArgumentError {
  const example = kind === 'measure' ? "a measure's full name (orders.revenue)" : "a dimension's full name (orders.region)";
  return new FormulaArgumentError(`The ${what} "${text}" is not in the model: give ${example} or its title.`);
}

/** The measure an argument names. `what` says which argument it is, for the message when it is empty. */
export function resolveMeasure(meta: CubeMeta, value: unknown, what = 'measure'): CatalogMember {
  const catalog = formulaCatalog(meta);
  const text = nonEmptyText(value, what);
  const measure = resolve(catalog, text, 'measure');
  if (!measure) throw unknownMember(text, what, 'measure');
  return measure;
}

/**
 * The dimension an argument names, with its granularity: the suffix of `orders.created_at.month` (or of a
 * title, `Created at.month`), else `day` for a time member. Custom granularities and hours are refused.
 */
export function resolveDimension(meta: CubeMeta, value: unknown, what = 'member'): DimensionRef {
  const catalog = formulaCatalog(meta);
  const text = nonEmptyText(value, what);
  const whole = resolve(catalog, text, 'dimension');
  if (whole) return { member: whole.name, type: whole.type, granularity: whole.type === 'time' ? DEFAULT_FILTER_GRANULARITY : null };
  const dot = text.lastIndexOf('.');
  const base = dot > 0 ? resolve(catalog, text.slice(0, dot), 'dimension') : null;
  if (!base) throw unknownMember(text, what, 'dimension');
  const suffix = text.slice(dot + 1).toLowerCase();
  if (base.type !== 'time') {
    throw new FormulaArgumentError(`"${text}": ${base.name} is not a time member, so it takes no granularity (.${suffix}).`);
  }
  const granularity = PERIOD_GRANULARITIES.find((g) => g === suffix);
  if (!granularity) {
    throw new FormulaArgumentError(`"${text}": .${suffix} is not a granularity the RS functions take; use ${PERIOD_GRANULARITIES.join(', ')}.`);
  }
  return { member: base.name, type: 'time', granularity };
}

/** What a measure aggregates an empty set of rows to: 0 for counts, null (an empty cell) for the rest. */
export function emptyAnswerOf(meta: CubeMeta, measure: string): 0 | null {
  return formulaCatalog(meta).emptyAnswers.get(measure) ?? null;
}
