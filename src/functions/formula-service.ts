import type { Report } from '../contract';
import type { CellValue } from '../core/cell-values';
import { numberFormat } from '../core/excel-formats';
import { membersRequest } from '../core/formula-args';
import { resolveMeasure } from '../core/formula-catalog';
import { membersOf, membersQuery } from '../core/formula-members';
import { reportDefinition, reportTitle, resolvePivot } from '../core/report-definition';
import type { ReportRunner } from '../placements/report-run';
import { memo } from '../placements/shared-promises';
import type { FormulaCellFormats } from '../ports/formula-cell-formats';
import type { LastAnswer, LastValue, LastValueStore } from '../ports/last-values';
import type { ReportStore } from '../ports/report-store';
import { deploymentOfCall } from './call-deployment';
import { FormulaCalls, SETTLE_TIMING, type FormulaTally } from './formula-calls';
import { asFormulaError, FormulaError, SourceUnreachable } from './formula-errors';
import { cellFormatsOf } from './formula-formats';
import { FormulaSources, type FormulaSourcePorts, type ReadAgain } from './formula-sources';
import { ValueBatcher } from './value-batch';

export interface FormulaServicePorts extends FormulaSourcePorts {
  reports: ReportStore;
  /** The workspace's report runner: REPORT lays a report out as placing a flat table does. */
  runner: ReportRunner;
  /** Each formula's last answer, kept by the add-in (never in the workbook): shown when the source cannot be reached. */
  lastValues?: LastValueStore;
  /** The user and workbook the last values are kept for (`lastValuesScope`); read once, a failed read is not kept. */
  lastValuesScope?: () => Promise<string>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Told whenever a call has answered or cells await their formats: the pane follows the calculation up once it settles. */
  calculated?: () => void;
}

/** A formula by its function and arguments: the key of its kept answer, its last value and its outcome. */
export const formulaKey = (name: 'VALUE' | 'REPORT' | 'MEMBERS', args: readonly unknown[]): string => `${name}|${JSON.stringify(args)}`;

/**
 * What the RS functions answer, over the signed-in connection: `value` batched into the fewest queries, `report`
 * and `members` one query each; every answer kept until `refresh` (Refresh all), so recalculating asks nothing
 * and a refresh never leaves a number from before it. Each answer is also kept as the formula's last value: when the
 * source cannot be reached (an outage, never a wrong argument), the formula answers that value rather than #N/A,
 * and the refresh's tally counts it as stale.
 */
export class FormulaService {
  private readonly sources: FormulaSources;
  private readonly values: ValueBatcher;
  /** REPORT's and MEMBERS' answers by their arguments; a failure is not kept, so the next calculation asks again. */
  private readonly arrays = memo<CellValue[][]>();
  /** REPORT's number formats, cell by cell, by the same key as its answer; kept as long as it. */
  private readonly reportFormats = new Map<string, string[][]>();
  /** Whether the pane has been told that formulas answered. */
  private told = false;
  /** What the last refresh dropped and `readAgain` reads. */
  private forgotten: ReadAgain | null = null;
  private readonly calls: FormulaCalls;
  private readonly scope = memo<string>();
  /** Cells awaiting the pane's formats (`formatCells`), by their formula's calling cell: a later answer replaces an earlier one. */
  private cellFormats = new Map<string, (string | null)[][]>();

  constructor(private readonly ports: FormulaServicePorts) {
    this.calls = new FormulaCalls(ports.now);
    this.sources = new FormulaSources(ports);
    this.values = new ValueBatcher(this.sources, (deploymentId, query) => this.sources.load(deploymentId, query));
  }

  /** One number; a combination the data has no row for is what Cube answers for it alone (0 for a count, else empty). */
  value(measure: unknown, pairs: readonly unknown[]): Promise<number | string> {
    return this.answering(formulaKey('VALUE', [measure, pairs]), async () => (await this.values.value(measure, pairs)) ?? '');
  }

  /**
   * The Excel number format of the measure VALUE answers, from the model (`/v1/meta`'s `format`), or null when there
   * is none or the model cannot be read now (the number is then shown as it is).
   */
  async valueFormat(measure: unknown, pairs: readonly unknown[]): Promise<string | null> {
    try {
      const meta = await this.sources.meta(await deploymentOfCall(this.sources, pairs, 'value'));
      const { format, currency } = resolveMeasure(meta, measure);
      return format ? numberFormat(format, { currency }) : null;
    } catch {
      // No format to give (the model unreadable now, or the measure unknown, which the answer itself says): plain.
      return null;
    }
  }

  /** The number formats of the cells REPORT last answered for these arguments (per column's measure), or null. */
  reportFormatsOf(name: unknown, headers: boolean, deployment: unknown): string[][] | null {
    return this.reportFormats.get(formulaKey('REPORT', [name, headers, deployment])) ?? null;
  }

  /** A saved report's flat result (its query's rows, titles on top when `headers`), as one array that spills. */
  report(name: unknown, headers: boolean, deployment: unknown): Promise<CellValue[][]> {
    const key = formulaKey('REPORT', [name, headers, deployment]);
    return this.kept(key, async () => {
      this.sources.checkDownloadAllowed();
      const deploymentId = await this.sources.deploymentOf(deployment);
      const report = await this.findReport(deploymentId, String(name ?? '').trim());
      const definition = reportDefinition(report);
      if (!definition.placeable) throw new FormulaError('invalidValue', `The report "${reportTitle(report)}" has no query the add-in can run.`);
      const { grid } = await this.ports.runner.runDefinition(deploymentId, definition.query, resolvePivot(null, definition.query));
      const from = headers ? 0 : grid.headerRows;
      const rows = grid.values.slice(from);
      this.reportFormats.set(key, grid.numberFormats.slice(from));
      return rows.length ? rows : [['']];
    });
  }

  /** A dimension's values as one column, in the data API's own order; time values as their periods' text. */
  members(dimension: unknown, pairs: readonly unknown[]): Promise<CellValue[][]> {
    return this.kept(formulaKey('MEMBERS', [dimension, pairs]), async () => {
      this.sources.checkDownloadAllowed();
      const deploymentId = await deploymentOfCall(this.sources, pairs, 'members');
      const request = membersRequest(await this.sources.meta(deploymentId), dimension, pairs);
      // Its filters' members are checked alongside the listing: a typo is #N/A, not an empty list.
      const [result] = await Promise.all([this.sources.load(deploymentId, membersQuery(request)), this.values.checkMembers(deploymentId, request.filters)]);
      const column = membersOf(request, result).map((value): CellValue[] => [value]);
      return column.length ? column : [['']];
    });
  }

  /**
   * Where the host shows no formatted number values: the model's formats for the cells of the formula at `address`
   * (its calling cell, null when Excel did not give it), kept until the pane takes them (`takeCellFormats`).
   */
  formatCells(address: string | null | undefined, rows: readonly (readonly CellValue[])[], formats: readonly (readonly (string | null)[])[] | null): void {
    const cells = address ? cellFormatsOf(rows, formats) : null;
    if (!address || !cells) return;
    this.cellFormats.set(address, cells);
    this.ports.calculated?.();
  }

  /** The cells awaiting their formats, handed over once. */
  takeCellFormats(): FormulaCellFormats[] {
    const taken = [...this.cellFormats].map(([address, formats]) => ({ address, formats }));
    this.cellFormats = new Map();
    return taken;
  }

  /** Queries the VALUE batches sent since the last refresh. */
  get valueQueries(): number {
    return this.values.queriesSent;
  }

  /** Drops every kept answer and data model (Refresh all): returns how many formula answers were dropped. */
  refresh(): number {
    const dropped = this.values.forget() + this.arrays.held.size;
    this.arrays.held.clear();
    this.reportFormats.clear();
    this.forgotten = this.sources.forget();
    this.calls.reset();
    return dropped;
  }

  /**
   * What the formulas answered since the last refresh, once the calls its calculation made have settled (none under
   * way for half a second; at most 30 s): a workbook whose formulas never called has nothing to wait for.
   */
  async settled(): Promise<FormulaTally> {
    if (!this.calls.used) return this.calls.tally();
    return this.calls.settled(SETTLE_TIMING, this.ports.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms))));
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

  private kept(key: string, compute: () => Promise<CellValue[][]>): Promise<CellValue[][]> {
    return this.answering(key, () => this.arrays.get(key, undefined, compute));
  }

  /** One call's answer, kept as the formula's last value; an outage answers that value instead, when there is one. */
  private async answering<T extends LastAnswer>(formula: string, compute: () => Promise<T>): Promise<T> {
    const begun = this.calls.begin();
    const settle: typeof begun = (key, outcome) => {
      begun(key, outcome);
      this.ports.calculated?.();
    };
    try {
      const answer = await compute();
      this.answered();
      settle(formula, { kind: 'recalculated' });
      // Not awaited: keeping the last value never delays the answer, nor fails it (keepLast catches its own errors).
      void this.keepLast(formula, { answer, at: (this.ports.now ?? Date.now)() });
      return answer;
    } catch (error) {
      const failure = asFormulaError(error);
      const last = failure instanceof SourceUnreachable ? await this.lastValue(formula) : null;
      settle(formula, last ? { kind: 'stale', at: last.at } : { kind: 'failed' });
      if (!last) throw failure;
      this.answered();
      // The key names the function, so its last value has the shape this function answers.
      return last.answer as T;
    }
  }

  private async lastValue(formula: string): Promise<LastValue | null> {
    const { lastValues, lastValuesScope } = this.ports;
    if (!lastValues || !lastValuesScope) return null;
    try {
      return lastValues.read(await this.scope.get('scope', undefined, lastValuesScope), formula);
    } catch {
      // The workbook's id could not be read: no last value to show, the formula answers the outage.
      return null;
    }
  }

  private async keepLast(formula: string, value: LastValue): Promise<void> {
    const { lastValues, lastValuesScope } = this.ports;
    if (!lastValues || !lastValuesScope) return;
    try {
      lastValues.keep(await this.scope.get('scope', undefined, lastValuesScope), formula, value);
    } catch {
      // The workbook's id could not be read or kept: this answer is not kept; the next one tries again.
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
