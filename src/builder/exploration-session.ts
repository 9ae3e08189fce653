import type { Report } from '../contract';
import { fromReport, toQuery } from '../core/exploration';
import { reportDefinition } from '../core/report-definition';
import { entryOf } from '../placements/workbook-placements';
import { PlacementDetachedError, ReportChangedElsewhereError } from '../placements/errors';
import type { BuilderHost } from './builder-host';
import { DRAFT_CELLS_ID, explorationKey, saveDraft } from './exploration-draft';
import type { NewReport } from './exploration-save';
import { renameToDraft, saveDraftAsNewReport, saveDraftIntoReport } from './exploration-saving';
import { grantedFolders } from './save-folders';

/** A parameter of the compiled SQL as text: strings as they are, anything else as JSON (dates, numbers, lists). */
const parameterText = (param: unknown): string => (typeof param === 'string' ? param : JSON.stringify(param) ?? String(param));

/** How many values a string filter's value picker offers. */
export const VALUE_PICKER_LIMIT = 200;

/**
 * What the builder does besides editing and running: save, save as, reload after a conflict, rename, move,
 * delete, Explain, the value picker, and closing (putting an opened placement's saved result back, or keeping
 * or clearing an unsaved draft's cells). Each failure is shown in words and changes nothing else.
 */
export class BuilderSession {
  constructor(private readonly builder: BuilderHost) {}

  private get ports() {
    return this.builder.context.ports;
  }

  private async act(work: () => Promise<void>): Promise<void> {
    this.builder.set({ saving: true, actionError: null, notice: null });
    try {
      await work();
    } catch (error) {
      if (error instanceof ReportChangedElsewhereError) this.builder.set({ changedElsewhere: true });
      else this.builder.set({ actionError: this.builder.context.describe(error) });
    } finally {
      this.builder.set({ saving: false });
    }
  }

  async loadFolders(): Promise<void> {
    try {
      this.builder.set({ folders: await grantedFolders(this.ports.reports, this.builder.draft.deploymentId, this.builder.context.connection.user) });
    } catch (error) {
      // The list stays empty (Save as then goes by the user's grants, and the platform decides); the pane says why.
      this.builder.set({ actionError: this.builder.context.describe(error) });
    }
  }

  async loadValues(member: string): Promise<void> {
    try {
      const data = await this.ports.data.forDeployment(this.builder.draft.deploymentId);
      const result = await data.load({ dimensions: [member], order: [[member, 'asc']], limit: VALUE_PICKER_LIMIT });
      const values = result.data.map((row) => row[member]).filter((v) => v !== null && v !== undefined).map(String);
      this.builder.set({ memberValues: { ...this.builder.getState().memberValues, [member]: values } });
    } catch (error) {
      // An empty list ends the picker's wait; free text still works.
      this.builder.set({ memberValues: { ...this.builder.getState().memberValues, [member]: [] }, actionError: this.builder.context.describe(error) });
    }
  }

  /** The cells must hold the exploration's result before it is saved: run it first if they do not. */
  private async ensureWritten(): Promise<boolean> {
    const { draft } = this.builder;
    if (draft.writtenFor === explorationKey(draft.exploration) && (draft.written || draft.placementId)) return true;
    return this.builder.runNow();
  }

  async save(): Promise<void> {
    const opened = this.builder.getState().opened;
    if (!opened || !this.builder.getState().save.allowed) return;
    await this.act(async () => {
      if (!(await this.ensureWritten())) return;
      let savedFor = '';
      const saved = await this.builder.exclusive(() => {
        // What is saved is the draft when its turn comes: that is the exploration Close compares with from now on.
        savedFor = explorationKey(this.builder.draft.exploration);
        return saveDraftIntoReport(this.ports, this.builder.draft, opened.report, this.builder.typeOf);
      });
      const draft = { ...this.builder.draft, cellsSaved: true, savedFor };
      this.builder.adopt(draft, { report: saved, placementId: opened.placementId });
      await this.builder.persist();
      this.builder.set({ changedElsewhere: false, notice: 'saved' });
    });
  }

  async saveAs(target: NewReport): Promise<void> {
    if (!this.builder.getState().saveAs.allowed) return;
    await this.act(async () => {
      if (!(await this.ensureWritten())) return;
      const previous = this.builder.getState().opened?.report ?? null;
      let savedFor = '';
      const { report, placementId } = await this.builder.exclusive(() => {
        savedFor = explorationKey(this.builder.draft.exploration);
        return saveDraftAsNewReport(this.ports, this.builder.draft, target, this.builder.typeOf, previous);
      });
      this.builder.placementIds = [...this.builder.placementIds.filter((id) => id !== this.builder.draft.placementId), placementId];
      const draft = { ...this.builder.draft, reportId: report.id, placementId, cellsSaved: true, savedFor };
      this.builder.adopt(draft, { report, placementId });
      await this.builder.persist();
      this.builder.set({ changedElsewhere: false, notice: 'saved-as' });
    });
  }

  /** After a conflict: the report as it is now, its result put back into the cells, this exploration's changes dropped. */
  async reloadOpened(): Promise<void> {
    const opened = this.builder.getState().opened;
    if (!opened) return;
    await this.act(async () => {
      const report = await this.ports.reports.getReport(opened.report.deploymentId, opened.report.id);
      await this.builder.exclusive(() => this.putBack(report, opened.placementId));
      const definition = reportDefinition(report);
      const { exploration, unsupported } = definition.placeable ? fromReport(definition.query, report.pivotItems) : { exploration: this.builder.draft.exploration, unsupported: [] };
      this.builder.draft = { ...this.builder.draft, exploration, writtenFor: explorationKey(exploration), cellsSaved: true, savedFor: explorationKey(exploration) };
      this.builder.adopt(this.builder.draft, { report, placementId: opened.placementId });
      this.builder.set({ exploration, unsupported, changedElsewhere: false, run: { kind: 'idle' } });
      await this.builder.persist();
    });
  }

  async rename(name: string, title: string | null): Promise<void> {
    await this.update({ name, title });
  }

  async move(folderId: number | null): Promise<void> {
    await this.update({ folderId });
  }

  private async update(change: { name?: string; title?: string | null; folderId?: number | null }): Promise<void> {
    const opened = this.builder.getState().opened;
    if (!opened) return;
    await this.act(async () => {
      const updated = await this.ports.reports.updateReport(opened.report, change);
      this.builder.set({ opened: { ...opened, report: updated }, notice: 'updated' });
    });
  }

  /** Deletes the opened report; its cells here stay with the exploration, as an unsaved draft. */
  async deleteOpened(): Promise<void> {
    const opened = this.builder.getState().opened;
    if (!opened) return;
    await this.act(async () => {
      await this.ports.reports.deleteReport(opened.report.deploymentId, opened.report.id);
      if (opened.placementId) await this.builder.exclusive(() => renameToDraft(this.ports.workbook, opened.placementId!));
      this.builder.placementIds = this.builder.placementIds.filter((id) => id !== opened.placementId);
      this.builder.adopt({ ...this.builder.draft, reportId: null, placementId: null, cellsSaved: false, savedFor: null }, null);
      await this.builder.persist();
      this.builder.set({ notice: 'deleted' });
    });
  }

  async explain(): Promise<void> {
    if (!this.builder.getState().explainAllowed) return;
    await this.act(async () => {
      const data = await this.ports.data.forDeployment(this.builder.draft.deploymentId);
      if (!data.sql) throw new Error('This data API does not explain queries.');
      const { text, params } = await data.sql(toQuery(this.builder.draft.exploration, this.builder.typeOf));
      this.builder.set({ sql: { text, params: params.map(parameterText) } });
    });
  }

  /**
   * Closes the exploration: an opened placement whose cells hold unsaved changes gets its report's result back
   * (unless the user edited the cells since, which stays theirs to resolve); an unsaved draft's cells are kept
   * as plain cells or cleared. The draft is then removed from the workbook.
   */
  async close({ clearCells }: { clearCells: boolean }): Promise<void> {
    const { draft } = this.builder;
    const excel = this.ports.workbook;
    const opened = this.builder.getState().opened;
    await this.builder.exclusive(async () => {
      if (draft.placementId && opened && !draft.cellsSaved) await this.putBack(opened.report, draft.placementId);
      if (!draft.placementId && draft.written) {
        const location = await excel.locate(DRAFT_CELLS_ID);
        await excel.forgetPlacement(DRAFT_CELLS_ID, clearCells && location ? { sheetName: location.sheetName, rect: location.rect } : undefined);
      }
      await saveDraft(excel, null);
    });
  }

  /**
   * Refreshes an opened placement with its report's saved definition, over the draft's own writes only: the refresh's
   * hand-edit guard compares the cells with what the draft wrote, and a question (the user edited the cells since, or
   * something is in the way) leaves them as they are, theirs to resolve. Cells gone leave nothing to put back.
   */
  private async putBack(report: Report, placementId: string | null): Promise<void> {
    if (!placementId) return;
    const placement = report.externalWorkbookPlacements?.find((p) => p.id === placementId);
    if (!placement) return;
    const { draft } = this.builder;
    // Never written by the draft: the cells are as the placement left them.
    if (!draft.written || draft.cellsSaved) return;
    try {
      await this.ports.placements.refresh(entryOf(report, placement), { writtenSince: draft.written });
    } catch (error) {
      if (!(error instanceof PlacementDetachedError)) throw error;
    }
  }
}
