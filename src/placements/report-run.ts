import type { AppConfigResponse, CubeLoadResult, CubeQuery, Report, User } from '../contract';
import { grandTotalQuery, layoutReport, rowTotalsQuery, totalsQuery, type CellGrid, type CellWords, type LayoutOptions } from '../core/layout';
import { reportDefinition, reportTitle, type Pivot } from '../core/report-definition';
import { effectiveTimezone } from '../core/timezone';
import type { DataSource } from '../ports/data-source';
import { DataDownloadRestrictedError, UnplaceableReportError } from './errors';
import { DEFAULT_FETCH_LIMITS, fetchResult, type FetchLimits } from './fetch-result';

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
}

export interface ReportRunnerOptions {
  data: DataSource;
  /** Who is signed in and what the admin set: read at each run, so a changed setting applies at once. */
  user: () => User;
  appConfig: () => AppConfigResponse;
  limits?: FetchLimits;
  /**
   * The words written into cells (Total, Filters, Measure, time titles, week labels), in the pane's language:
   * read at each run, English without. A refresh lays out in the language of whoever refreshes, so a workbook
   * shared between an English and a German user reads the last refresher's language; that is accepted. The
   * hand-edit check compares the cells with the record of what was written, not with the new grid, so labels
   * in another language are rewritten as changed rows, never taken for hand edits.
   */
  words?: () => CellWords;
}

/**
 * Runs a report's query and lays the result out: the report's own definition (its `jsonQuery` and pivot
 * items) as the platform has it now, in the time zone the settings give, with the totals queries its pivot
 * asks for. No Excel involved. Refuses (typed errors) a report that cannot be placed and any run while the
 * admin has turned off data download.
 */
export class ReportRunner {
  constructor(private readonly options: ReportRunnerOptions) {}

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

  async run(report: Report, signal?: AbortSignal): Promise<PreparedGrid> {
    const { query, pivot } = this.queryOf(report);
    return this.runDefinition(report.deploymentId, query, pivot, signal);
  }

  /**
   * Runs a query with its pivot on a deployment and lays the result out: a saved report's definition, or an
   * exploration the user is building. The query's own time zone wins; without one, the settings' applies.
   */
  async runDefinition(deploymentId: number, definitionQuery: CubeQuery, pivot: Pivot, signal?: AbortSignal): Promise<PreparedGrid> {
    if (this.options.appConfig().restrictDataDownload) throw new DataDownloadRestrictedError();
    const timezone = definitionQuery.timezone ? null : this.timezone();
    const query = timezone ? { ...definitionQuery, timezone } : definitionQuery;
    const data = await this.options.data.forDeployment(deploymentId, signal);
    const none = Promise.resolve<CubeLoadResult | null>(null);
    const rowTotals = pivot.showRowTotals && pivot.columns.length > 0;
    const [{ result, cutAt }, totals, rowTotalResult, grandTotals] = await Promise.all([
      fetchResult(data, query, this.options.limits ?? DEFAULT_FETCH_LIMITS, signal),
      pivot.showColumnTotals ? data.load(totalsQuery(query, pivot), { signal }) : none,
      rowTotals ? data.load(rowTotalsQuery(query, pivot), { signal }) : none,
      rowTotals && pivot.showColumnTotals ? data.load(grandTotalQuery(query), { signal }) : none,
    ]);
    const layout: LayoutOptions = {
      ...layoutPreferences(this.options.user(), this.options.appConfig()),
      totals,
      rowTotals: rowTotalResult,
      grandTotals,
      words: this.options.words?.(),
    };
    // As the layout decides it: no column members and measures not on rows (layout.ts, `flat`).
    const flat = pivot.columns.length === 0 && pivot.measuresAxis !== 'rows';
    return { grid: layoutReport(result, query, pivot, layout), cutAt, flat };
  }
}
