import type { CreateReportInput, Report } from '../contract';
import { reportTitle } from '../core/report-definition';
import type { ReportStore } from '../ports/report-store';
import type { UnavailableReport } from '../workbook/report-parts';
import { Store } from './store';

/**
 * Browse of the reports kept in this workbook (issue 26): the row actions (rename, duplicate, delete) as a store the
 * view renders, and what the list shows of them. Each action goes through the store; a failure is kept
 * in words (the view's `describe`, i.e. `describeError`) and loses nothing; after each one, done or failed, the list
 * is reloaded (`onChanged`), so a report changed or deleted in another copy of the file is seen.
 */

/** What the row actions change through: the store of reports kept in this workbook. */
export type KeptReportEditing = Pick<ReportStore, 'updateReport' | 'createReport' | 'deleteReport'>;

/** Duplicate: the same definition, the name and the title users see marked as a copy; no placement, no folder. */
export function duplicateInput(report: Report, copyName: (name: string) => string): CreateReportInput {
  const title = report.title?.trim();
  return {
    name: copyName(report.name),
    title: title ? copyName(title) : null,
    jsonQuery: report.jsonQuery ?? null,
    pivotItems: report.pivotItems ?? null,
    source: 'EXCEL',
    host: 'EXCEL',
  };
}

/** How many placements in this workbook a report has: its own list where the store sends one (the workbook's does). */
export function placementsInWorkbook(report: Report, placedCounts: ReadonlyMap<number, number>): number {
  return report.externalWorkbookPlacements?.length ?? placedCounts.get(report.id) ?? 0;
}

/** The parts that cannot be read, as listed after the readable reports: while searching, those whose name matches. */
export function unavailableShown(unavailable: readonly UnavailableReport[], search: string): UnavailableReport[] {
  const term = search.trim().toLowerCase();
  return term ? unavailable.filter((u) => (u.reportName ?? '').toLowerCase().includes(term)) : [...unavailable];
}

/** The form open under one report's row. */
export type KeptForm = { kind: 'rename' | 'delete'; reportId: number } | null;

/** What just succeeded, with the title to name (put into words by the view). */
export type KeptNotice = { kind: 'renamed' | 'duplicated' | 'deleted'; title: string } | null;

export interface KeptActionsState {
  form: KeptForm;
  /** A change under way: the rows' menus and forms wait for it. */
  working: boolean;
  /** The last failure, in words. */
  error: string | null;
  notice: KeptNotice;
}

export interface KeptActionsOptions {
  reports: () => KeptReportEditing;
  describe(error: unknown): string;
  copyName(name: string): string;
  /** After each action, done or failed: the list reads the store again. */
  onChanged(): void;
}

const IDLE: KeptActionsState = { form: null, working: false, error: null, notice: null };

/** The row actions of Browse's kept reports, as a store the view subscribes to (`useSyncExternalStore`). */
export class KeptReportActions extends Store<KeptActionsState> {
  /** Bumped by `leave`: an action finishing after it shows nothing (the list and the pane are still told). */
  private generation = 0;

  constructor(private readonly options: KeptActionsOptions) {
    super(IDLE);
  }

  /** Browse went: a form open or an outcome shown is not there when it comes back. */
  leave(): void {
    this.generation += 1;
    this.update(IDLE);
  }

  /** Opens Rename or Delete's question under a report's row (one at a time). */
  ask(kind: 'rename' | 'delete', report: Pick<Report, 'id'>): void {
    if (this.getState().working) return;
    this.update({ form: { kind, reportId: report.id }, notice: null });
  }

  cancel(): void {
    this.update({ form: null });
  }

  dismiss(): void {
    this.update({ error: null, notice: null });
  }

  /** Sets the name and the title users see (an empty title: the name is shown). The form stays open if it fails. */
  rename(report: Report, name: string, title: string | null): Promise<boolean> {
    return this.act(async (store) => {
      const renamed = await store.updateReport(report, { name, title });
      return { kind: 'renamed', title: reportTitle(renamed) };
    });
  }

  duplicate(report: Report): Promise<boolean> {
    return this.act(async (store) => {
      const copy = await store.createReport(report.deploymentId, duplicateInput(report, this.options.copyName));
      return { kind: 'duplicated', title: reportTitle(copy) };
    });
  }

  /** Deletes the report, and with it its placements in this workbook (their cells keep their values). */
  delete(report: Report): Promise<boolean> {
    return this.act(async (store) => {
      await store.deleteReport(report.deploymentId, report.id);
      return { kind: 'deleted', title: reportTitle(report) };
    }, true);
  }

  /** Runs one action at a time; true when it succeeded. A failure closes only a question, never a form being filled in. */
  private async act(work: (store: KeptReportEditing) => Promise<NonNullable<KeptNotice>>, closeOnFailure = false): Promise<boolean> {
    if (this.getState().working) return false;
    const generation = this.generation;
    const shown = (change: Partial<KeptActionsState>) => generation === this.generation && this.update(change);
    this.update({ working: true, error: null, notice: null });
    try {
      const notice = await work(this.options.reports());
      shown({ working: false, form: null, notice });
      return true;
    } catch (error) {
      shown({ working: false, error: this.options.describe(error), ...(closeOnFailure ? { form: null } : {}) });
      return false;
    } finally {
      this.options.onChanged();
    }
  }
}
