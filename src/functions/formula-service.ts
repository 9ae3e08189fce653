import type { Report } from '../contract';
import type { CellValue } from '../core/cell-values';
import { membersRequest, sourceArgument } from '../core/formula-args';
import { membersOf, membersQuery } from '../core/formula-members';
import { reportDefinition, reportTitle, resolvePivot } from '../core/report-definition';
import type { ReportRunner } from '../placements/report-run';
import { memo } from '../placements/shared-promises';
import type { ReportStore } from '../ports/report-store';
import { asFormulaError, FormulaError } from './formula-errors';
import { FormulaSources, type FormulaSourcePorts, type ReadAgain } from './formula-sources';
import { ValueBatcher } from './value-batch';

export interface FormulaServicePorts extends FormulaSourcePorts {
  reports: ReportStore;
  /** The workspace's report runner: REPORT lays a report out as placing a flat table does. */
  runner: ReportRunner;
}

/**
 * What the RS functions answer, over the signed-in connection: `value` batched into the fewest queries, `report`
 * and `members` one query each; every answer kept until `refresh` (Refresh all), so recalculating asks nothing
 * and a refresh never leaves a number from before it.
 */
export class FormulaService {
  private readonly sources: FormulaSources;
  private readonly values: ValueBatcher;
  /** REPORT's and MEMBERS' answers by their arguments; a failure is not kept, so the next calculation asks again. */
  private readonly arrays = memo<CellValue[][]>();
  /** Whether the pane has been told that formulas answered. */
  private told = false;
  /** What the last refresh dropped and `readAgain` reads. */
  private forgotten: ReadAgain | null = null;

  constructor(private readonly ports: FormulaServicePorts) {
    this.sources = new FormulaSources(ports);
    this.values = new ValueBatcher(this.sources, (deploymentId, query) => this.sources.load(deploymentId, query));
  }

  /** One number; a combination the data has no row for is what Cube answers for it alone (0 for a count, else empty). */
  async value(measure: unknown, pairs: readonly unknown[]): Promise<number | string> {
    const answer = await this.values.value(measure, pairs);
    this.answered();
    return answer ?? '';
  }

  /** A saved report's flat result (its query's rows, titles on top when `headers`), as one array that spills. */
  report(name: unknown, headers: boolean, deployment: unknown): Promise<CellValue[][]> {
    return this.kept(`report|${String(deployment ?? '')}|${String(name)}|${headers}`, async () => {
      this.sources.checkDownloadAllowed();
      const deploymentId = await this.sources.deploymentOf(deployment);
      const report = await this.findReport(deploymentId, String(name ?? '').trim());
      const definition = reportDefinition(report);
      if (!definition.placeable) throw new FormulaError('invalidValue', `The report "${reportTitle(report)}" has no query the add-in can run.`);
      const { grid } = await this.ports.runner.runDefinition(deploymentId, definition.query, resolvePivot(null, definition.query));
      const rows = headers ? grid.values : grid.values.slice(grid.headerRows);
      return rows.length ? rows : [['']];
    });
  }

  /** A dimension's values as one column, in the data API's own order; time values as their periods' text. */
  members(dimension: unknown, pairs: readonly unknown[]): Promise<CellValue[][]> {
    return this.kept(`members|${JSON.stringify([dimension, pairs])}`, async () => {
      this.sources.checkDownloadAllowed();
      const deploymentId = await this.sources.deploymentOf(sourceArgument(pairs));
      const request = membersRequest(await this.sources.meta(deploymentId), dimension, pairs);
      const result = await this.sources.load(deploymentId, membersQuery(request));
      const column = membersOf(request, result).map((value): CellValue[] => [value]);
      return column.length ? column : [['']];
    });
  }

  /** Queries the VALUE batches sent since the last refresh. */
  get valueQueries(): number {
    return this.values.queriesSent;
  }

  /** Drops every kept answer and data model (Refresh all): returns how many formula answers were dropped. */
  refresh(): number {
    const dropped = this.values.forget() + this.arrays.held.size;
    this.arrays.held.clear();
    this.forgotten = this.sources.forget();
    return dropped;
  }

  /**
   * Reads again the default deployment and the data models the last refresh dropped, without waiting for Excel's
   * calls: sent just after the request that has Excel calculate, they go alongside it and the calculation.
   */
  readAgain(): void {
    if (this.forgotten) this.sources.readAgain(this.forgotten);
    this.forgotten = null;
  }

  /** Tells once that formulas have answered (the pane then offers Refresh all for them). */
  private answered(): void {
    if (this.told) return;
    this.told = true;
    this.ports.formulasAnswered?.();
  }

  private async kept(key: string, compute: () => Promise<CellValue[][]>): Promise<CellValue[][]> {
    try {
      const answer = await this.arrays.get(key, undefined, compute);
      this.answered();
      return answer;
    } catch (error) {
      throw asFormulaError(error);
    }
  }

  /** The report named so (its name or title, any case), searched among those the user may read. */
  private async findReport(deploymentId: number, name: string): Promise<Report> {
    if (!name) throw new FormulaError('invalidValue', 'Name the report to show.');
    const page = await this.ports.reports.listReports(deploymentId, { search: name, first: 100 });
    const wanted = name.toLowerCase();
    const found = page.items.filter((r) => r.name.toLowerCase() === wanted || (r.title ?? '').toLowerCase() === wanted);
    if (found.length === 1) return found[0]!;
    if (found.length > 1) throw new FormulaError('invalidValue', `Several reports are named "${name}"; rename one so the formula can tell them apart.`);
    throw new FormulaError('invalidValue', `No report named "${name}" is shared with you in this deployment.`);
  }
}
