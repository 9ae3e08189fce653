import {
  CubeQuery, DISPLAY_SCALES, MEASURES_AXES, MEASURES_POSITIONS,
  type DisplayScale, type MeasuresAxis, type MeasuresPosition, type PivotItems, type Report,
} from '../contract';
import { requireJsonTextDepth } from './json-depth';

/**
 * How a report's result is laid out, with every default filled in. `showAppliedFilters` stays null when the
 * report has no opinion (pivot items v0.10.0): the user's and the admin's settings decide then.
 */
export interface Pivot {
  rows: string[];
  columns: string[];
  /** The measures in the order the report shows them. */
  measures: string[];
  measuresAxis: MeasuresAxis;
  measuresPosition: MeasuresPosition;
  displayScale: DisplayScale;
  showColumnTotals: boolean;
  showRowTotals: boolean;
  showAppliedFilters: boolean | null;
}

/** The member name a time dimension has in results and pivots: `cube.member.granularity`, or the plain name. */
export function timeDimensionMember(td: { dimension: string; granularity?: string }): string {
  return td.granularity ? `${td.dimension}.${td.granularity}` : td.dimension;
}

const pick = <T extends string>(values: readonly T[], value: string | null | undefined, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/**
 * The pivot a report asks for, from its `pivotItems`, or from the query alone when it has none: the query's
 * dimensions and granular time dimensions on rows, its measures on columns after them. Measures the pivot
 * does not list keep the query's order after the listed ones; listed measures the query lacks are dropped.
 */
export function resolvePivot(items: PivotItems | null | undefined, query: CubeQuery): Pivot {
  const grouped = [...(query.dimensions ?? []), ...(query.timeDimensions ?? []).filter((td) => td.granularity).map(timeDimensionMember)];
  const queryMeasures = query.measures ?? [];
  const listed = (items?.measures ?? []).filter((m) => queryMeasures.includes(m));
  return {
    rows: items ? items.rows : grouped,
    columns: items ? items.columns : [],
    measures: [...new Set([...listed, ...queryMeasures])],
    measuresAxis: pick(MEASURES_AXES, items?.measuresAxis, 'columns'),
    measuresPosition: pick(MEASURES_POSITIONS, items?.measuresPosition, 'after'),
    displayScale: pick(DISPLAY_SCALES, items?.displayScale, 'model'),
    showColumnTotals: items?.showColumnTotals ?? false,
    showRowTotals: items?.showRowTotals ?? false,
    showAppliedFilters: items?.showAppliedFilters ?? null,
  };
}

/** Why a report cannot be placed, in words for the pane (the catalog translates the kind). */
export type UnplaceableReason =
  | { kind: 'no-query' }
  | { kind: 'sql-only' }
  | { kind: 'invalid-json'; detail: string }
  | { kind: 'invalid-query'; detail: string };

export type ReportDefinition =
  | { placeable: true; query: CubeQuery; pivot: Pivot }
  | { placeable: false; reason: UnplaceableReason };

/**
 * A report's query and pivot, parsed from its `jsonQuery` text (a Cube query as JSON) and `pivotItems`. A
 * report without a JSON query (a SQL report, say) or whose query does not parse is listed but cannot be
 * placed; the reason says why.
 */
export function reportDefinition(report: Pick<Report, 'jsonQuery' | 'pivotItems' | 'sqlQuery'>): ReportDefinition {
  if (!report.jsonQuery) return { placeable: false, reason: report.sqlQuery ? { kind: 'sql-only' } : { kind: 'no-query' } };
  let json: unknown;
  try {
    // The query schema recurses into nested filters: a hostile depth is refused before it can overflow.
    requireJsonTextDepth(report.jsonQuery, 'The query');
    json = JSON.parse(report.jsonQuery);
  } catch (error) {
    return { placeable: false, reason: { kind: 'invalid-json', detail: (error as Error).message } };
  }
  const parsed = CubeQuery.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    return { placeable: false, reason: { kind: 'invalid-query', detail: `${where}${issue.message}` } };
  }
  const query = parsed.data;
  if (!(query.measures?.length || query.dimensions?.length || query.timeDimensions?.some((td) => td.granularity))) {
    return { placeable: false, reason: { kind: 'invalid-query', detail: 'the query asks for no measures or dimensions' } };
  }
  return { placeable: true, query, pivot: resolvePivot(report.pivotItems, query) };
}

/** What the pane calls a report: its title, else its name. */
export function reportTitle(report: Pick<Report, 'title' | 'name'>): string {
  return report.title?.trim() || report.name;
}
