import type { AppConfigResponse, CubeLoadResult, CubeQuery, Report, User } from '../contract';
import { canonicalJson } from '../core/canonical-json';
import type { CellOptions } from '../core/cell-options';
import { ENGLISH_CELL_WORDS, type CellWords } from '../core/cell-words';
import { grandTotalQuery, rowTotalsQuery, totalsQuery } from '../layout/totals-query';
import { layoutReport, type LayoutOptions } from '../layout/grid';
import { isFlatPivot } from '../layout/kind';
import type { CellGrid } from '../core/cell-grid';
import { reportDefinition, reportTitle, type Pivot } from '../core/report-definition';
import { captionLines, displayName, withCaptionLines } from '../core/source-line';
import { effectiveTimezone } from '../core/timezone';
import type { DataSource } from '../ports/data-source';
import { DataDownloadRestrictedError, UnplaceableReportError } from './errors';
import { DEFAULT_FETCH_LIMITS, fetchResult, type FetchLimits } from './fetch-result';
import { memo, type Memo } from './shared-promises';

/** Layout choices that come from the user's settings, the admin's app config and the report itself. */
export interface LayoutPreferences {
  suppressDuplicateValues: boolean;
  showAppliedFilters: boolean;
}

/**
 * The user's sheet setting when set, else the admin's app-config default, else off. A report's own
 * `showAppliedFilters` (pivot items, v0.10.0) overrides both in the layout itself.
 */
export function layoutPreferences(user: User, appConfig: AppConfigResponse | null): LayoutPreferences {
  const sheets = user.settings?.sheets ?? {};
  return {
    suppressDuplicateValues: sheets.suppressDuplicateValues ?? false,
    showAppliedFilters: sheets.showAppliedFilters ?? appConfig?.sheetsUi?.showAppliedFilters ?? false,
  };
}

export interface PreparedGrid {
  grid: CellGrid;
  /** Set when the result had more rows than the add-in fetches: how many were kept. */
  cutAt: number | null;
  /** A flat report (no column members, measures on columns): the kind that may be placed as an Excel table. */
  flat?: boolean;
  /** The placement's language and title lines the grid was laid out with: what its placement keeps. */
  cells?: CellOptions;
  /**
   * The same result laid out again with other cell options (the placement's own, read when its cells were found),
   * with no query run: the source line keeps the time the query ran.
   */
  layOutAs?(cells: CellOptions): PreparedGrid;
}

/** What a run fetched for one query: its result (cut at the add-in's maximum) and its totals queries' results. */
interface Fetched {
  result: CubeLoadResult;
  cutAt: number | null;
  totals: CubeLoadResult | null;
  rowTotalResult: CubeLoadResult | null;
  grandTotals: CubeLoadResult | null;
}

export interface ReportRunnerOptions {
  data: DataSource;
  /** Who is signed in and what the admin set: read at each run, so a changed setting applies at once. */
  user: () => User;
  appConfig: () => AppConfigResponse;
  limits?: FetchLimits;
  /**
   * The words written into cells in a language (the pane catalogs' `cells`), read at each run; English without.
   * A placement is laid out in its own language (`CellOptions`), whoever refreshes it. The hand-edit check compares
   * the cells with the record of what was written, not with the new grid, so words in another language (a
   * placement whose language was switched, or one written before languages were kept) are rewritten as changed
   * rows, never taken for hand edits.
   */
  words?: (language: string) => CellWords;
  /**
   * What a new placement starts with: the pane's language, and the user's setting for title and source lines (off
   * by default). Without it, English and no title lines.
   */
  newPlacement?: () => CellOptions;
  /** The time a run's source line says; tests fix it. */
  now?: () => Date;
}

/**
 * Runs a report's query and lays the result out: the report's own definition (its `jsonQuery` and pivot
 * items) as the platform has it now, in the time zone the settings give, with the totals queries its pivot
 * asks for, in the placement's language, with its title and source lines when it has them. No Excel involved.
 * Refuses (typed errors) a report that cannot be placed and any run while the admin has turned off data download.
 */
export class ReportRunner {
  constructor(private readonly options: ReportRunnerOptions, private readonly shared?: Memo<Fetched>) {}

  /**
   * The same runner for one run over many placements (`shared-run.ts`): a report's query, with its pages and totals
   * queries, is sent once for each distinct definition (its effective query and its pivot on its deployment),
   * however many placements, of however many reports, run it; each lays its own cells out from the shared result.
   * A new runner shares nothing with earlier runs.
   */
  sharing(): ReportRunner {
    return new ReportRunner(this.options, memo<Fetched>());
  }

  /** The report's query and pivot, or why it cannot be placed. */
  private queryOf(report: Report): { query: CubeQuery; pivot: Pivot } {
    const definition = reportDefinition(report);
    if (!definition.placeable) throw new UnplaceableReportError(reportTitle(report), definition.reason);
    return { query: definition.query, pivot: definition.pivot };
  }

  /** The time zone the settings give a query that names none (none when nobody set one). */
  private timezone(): string | null {
    return effectiveTimezone(this.options.appConfig().timezoneSettings, this.options.user().settings?.timezone);
  }

  /** What a new placement's cells start with: the pane's language and the user's title-lines setting. */
  newPlacementCells(): CellOptions {
    return this.options.newPlacement?.() ?? { language: 'en', titleAndSource: false };
  }

  /**
   * What a placement's cells are written with: its own options, or, for one written before they were kept
   * (`null`), what it had then: the language of whoever writes it now, and no title lines.
   */
  cellsOf(own: CellOptions | null | undefined): CellOptions {
    return own ?? { language: this.newPlacementCells().language, titleAndSource: false };
  }

  /**
   * A report's result laid out for a placement with `cells` (its own; `cellsOf(null)` without), title and source
   * lines included when it has them.
   */
  async run(report: Report, signal?: AbortSignal, cells: CellOptions = this.cellsOf(null)): Promise<PreparedGrid> {
    const { query, pivot } = this.queryOf(report);
    return this.runDefinition(report.deploymentId, query, pivot, signal, { cells, title: reportTitle(report), reportId: report.id });
  }

  /**
   * Runs a query with its pivot on a deployment and lays the result out: a saved report's definition, or an
   * exploration the user is building (no `as`: the pane's language, no title lines). The query's own time zone
   * wins; without one, the settings' applies.
   */
  async runDefinition(
    deploymentId: number, definitionQuery: CubeQuery, pivot: Pivot, signal?: AbortSignal, as?: { cells: CellOptions; title: string; reportId?: number },
  ): Promise<PreparedGrid> {
    if (this.options.appConfig().restrictDataDownload) throw new DataDownloadRestrictedError();
    const settingsZone = this.timezone();
    const timezone = definitionQuery.timezone ? null : settingsZone;
    const query = timezone ? { ...definitionQuery, timezone } : definitionQuery;
    const fetch = () => this.fetch(deploymentId, query, pivot, signal);
    // Within a run, saved reports' definitions as they run now: the same query and pivot on a deployment share one
    // result, whichever of its reports' placements asks (copies of a report, or reports defined alike).
    const { result, cutAt, totals, rowTotalResult, grandTotals } = this.shared && as?.reportId !== undefined
      ? await this.shared.get(`${deploymentId}|${canonicalJson({ query, pivot })}`, signal, fetch)
      : await fetch();
    const flat = isFlatPivot(pivot);
    const refreshedAt = this.options.now?.() ?? new Date();
    const user = this.options.user();
    const preferences = layoutPreferences(user, this.options.appConfig());
    const layOut = (cells: CellOptions): PreparedGrid => {
      const words = this.options.words?.(cells.language) ?? ENGLISH_CELL_WORDS;
      const layout: LayoutOptions = { ...preferences, totals, rowTotals: rowTotalResult, grandTotals, words };
      const grid = layoutReport(result, query, pivot, layout);
      // The wall clock of the query's own time zone when it names one, else the settings'.
      const lines = as && cells.titleAndSource
        ? captionLines(words, { report: as.title, refreshedAt, timeZone: query.timezone ?? settingsZone, user: displayName(user) })
        : [];
      return { grid: withCaptionLines(grid, lines), cutAt, flat, cells, layOutAs: layOut };
    };
    return layOut(as?.cells ?? { language: this.newPlacementCells().language, titleAndSource: false });
  }

  /** A query's whole result and the totals queries its pivot asks for. */
  private async fetch(deploymentId: number, query: CubeQuery, pivot: Pivot, signal?: AbortSignal): Promise<Fetched> {
    const data = await this.options.data.forDeployment(deploymentId, signal);
    const none = Promise.resolve<CubeLoadResult | null>(null);
    const rowTotals = pivot.showRowTotals && pivot.columns.length > 0;
    const [{ result, cutAt }, totals, rowTotalResult, grandTotals] = await Promise.all([
      fetchResult(data, query, this.options.limits ?? DEFAULT_FETCH_LIMITS, signal),
      pivot.showColumnTotals ? data.load(totalsQuery(query, pivot), { signal }) : none,
      rowTotals ? data.load(rowTotalsQuery(query, pivot), { signal }) : none,
      rowTotals && pivot.showColumnTotals ? data.load(grandTotalQuery(query), { signal }) : none,
    ]);
    return { result, cutAt, totals, rowTotalResult, grandTotals };
  }
}
