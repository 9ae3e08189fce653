import type { CubeMeta, CubeQuery, Granularity, MemberType, Report } from '../contract';
import { sheetAddress } from '../core/a1';
import {
  emptyExploration, fromReport, isRunnable, placeMember, removeFilter, removeMember, reorder, replaceFilter, setGranularity,
  toQuery, unknownMembers, type BuilderAxis, type Exploration, type ExplorationDisplay,
} from '../core/exploration';
import { defaultFilter, type ExplorationFilter } from '../core/exploration-filters';
import { catalogMembers, explorableCubes, type CatalogMember } from '../core/member-catalog';
import { reportDefinition } from '../core/report-definition';
import { canCreateReports, canDeleteReport, canEditReport, editableFolderIds } from '../core/report-permissions';
import type { BuilderController, BuilderState, SaveRefusal } from './builder-model';
import { ExplorationRuns, type RunStatus } from './exploration-runs';
import { draftCellsId, explorationKey, saveDraft, writeDraftCells, type DraftRecord } from './exploration-draft';
import { BuilderSession } from './exploration-session';
import type { Workspace } from '../placements/workspace-parts';
import { effectiveSheetSetting, sheetSettingPatch } from '../session/sheet-settings';
import type { WorkspaceConnection } from '../session/connection';

/**
 * The exploration builder's controller: the state the view renders, and every decision behind it. Each change
 * is kept in the workbook's draft and, with auto-run, runs the query and rewrites the draft's cells (debounced;
 * a newer change aborts the run under way, whose result is never written). Saving, renaming, moving, deleting
 * and Explain are in `BuilderSession`.
 */

export interface BuilderContext {
  workspace: Workspace;
  connection: WorkspaceConnection;
  /** Puts an error into words the user can act on (the pane's catalog). */
  describe(error: unknown): string;
  /** The pause after a change before an automatic run (ms). */
  debounceMs?: number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
}

export type BuilderStart =
  | { kind: 'new'; deploymentId: number }
  /** A placement's report, opened for editing: the builder writes into the placement's cells. */
  | { kind: 'placement'; report: Report; placementId: string }
  /** The draft kept in the workbook (after a pane reload). */
  | { kind: 'draft'; draft: DraftRecord }
  /**
   * A query the agent ran ("Place in sheet"): a new exploration of it, run at once at the selection. `meta` is the
   * deployment's model when the caller has just read it (to choose the deployment), so it is not read twice.
   */
  | { kind: 'answer'; deploymentId: number; query: CubeQuery; meta?: CubeMeta };

export const DEFAULT_DEBOUNCE_MS = 300;

export class ExplorationController implements BuilderController {
  private state: BuilderState;
  private readonly listeners = new Set<() => void>();
  private readonly runs: ExplorationRuns<Exploration>;
  /** The model's members by name (every view's): types, and what `placeMember` needs. */
  private members = new Map<string, CatalogMember>();
  /** The workbook's placement ids: other placements' cells are never written over. */
  placementIds: string[] = [];
  draft: DraftRecord;
  /** The platform's record of an opened placement's cells: the hand-edit baseline before the draft's first write. */
  baseline: DraftRecord['written'] = null;
  /** Permission given by the user's answer to the last question, for the next write only. */
  private permission: { overwrite?: boolean; overwriteHandEdits?: boolean } = {};
  private lastDone: { rows: number; location: string; cutAt: number | null } | null = null;
  /** Excel writes of the draft, one at a time (a run and a settings save never interleave). */
  private excelQueue: Promise<unknown> = Promise.resolve();
  /** Stops following the selection (shown as the result location while the draft has no cells). */
  private stopWatchingSelection: (() => Promise<void>) | null = null;
  private closed = false;
  /** Run once the builder is ready, whatever the auto-run setting: the user asked for the result in the sheet. */
  private readonly runWhenOpen: boolean;
  /** The model as the opener read it, if it did. */
  private readonly knownMeta: CubeMeta | undefined;
  readonly session: BuilderSession;

  constructor(readonly context: BuilderContext, start: BuilderStart) {
    const deploymentId = start.kind === 'draft' ? start.draft.deploymentId : start.kind === 'placement' ? start.report.deploymentId : start.deploymentId;
    this.draft = start.kind === 'draft' ? start.draft : {
      v: 1, deploymentId, viewName: null, exploration: emptyExploration(), reportId: null, placementId: null, written: null, writtenFor: null, cellsSaved: false,
    };
    let unsupported: string[] = [];
    this.runWhenOpen = start.kind === 'answer';
    this.knownMeta = start.kind === 'answer' ? start.meta : undefined;
    if (start.kind === 'answer') {
      const answered = fromReport(start.query, null);
      unsupported = answered.unsupported;
      this.draft = { ...this.draft, exploration: answered.exploration };
    }
    if (start.kind === 'placement') {
      const definition = reportDefinition(start.report);
      const opened = definition.placeable ? fromReport(definition.query, start.report.pivotItems) : { exploration: emptyExploration(), unsupported: [] };
      unsupported = opened.unsupported;
      const placement = start.report.externalWorkbookPlacements?.find((p) => p.id === start.placementId);
      this.baseline = placement?.resultChecksum ?? null;
      this.draft = {
        ...this.draft, exploration: opened.exploration, reportId: start.report.id, placementId: start.placementId,
        writtenFor: explorationKey(opened.exploration), cellsSaved: true,
      };
    }
    const { user, appConfig } = context.connection;
    const autoRun = effectiveSheetSetting(user, appConfig, 'autoRunQueryOnChange');
    const suppressDuplicates = effectiveSheetSetting(user, appConfig, 'suppressDuplicateValues');
    this.state = {
      phase: 'loading', loadError: null, deploymentId, cubes: [], viewName: this.draft.viewName, exploration: this.draft.exploration,
      unknownMembers: [], unsupported, autoRun, suppressDuplicates, run: { kind: 'idle' }, question: null, resultLocation: null,
      hasCells: this.draft.written !== null || this.draft.placementId !== null,
      opened: start.kind === 'placement' ? { report: start.report, placementId: start.placementId } : null,
      save: { allowed: false, refusal: 'nothing-to-save' }, canEditOpened: false, canDeleteOpened: false, saving: false,
      changedElsewhere: false, actionError: null, notice: null,
      explainAllowed: context.connection.appConfig.creatorMode?.showGeneratedSql === true, sql: null, folders: [], memberValues: {},
    };
    this.runs = new ExplorationRuns<Exploration>({
      execute: (exploration, signal, stillCurrent) => this.execute(exploration, signal, stillCurrent),
      onStatus: (status) => this.onRunStatus(status),
      debounceMs: context.debounceMs ?? DEFAULT_DEBOUNCE_MS,
      setTimer: context.setTimer,
      clearTimer: context.clearTimer,
    }, autoRun);
    this.session = new BuilderSession(this);
  }

  /** Reads the model, the folders and the workbook's placements; then the builder is ready. */
  async open(): Promise<void> {
    const { workspace } = this.context;
    const deploymentId = this.state.deploymentId;
    try {
      const data = await workspace.data.forDeployment(deploymentId);
      if (!data.meta) throw new Error('This data API offers no model to explore.');
      const [meta, state] = await Promise.all([this.knownMeta ?? data.meta(), workspace.workbook.prepare()]);
      this.placementIds = await workspace.registry.placementIds(state.workbookId);
      const cubes = explorableCubes(meta);
      this.members = new Map(cubes.flatMap((cube) => catalogMembers(cube).map((m) => [m.name, m] as const)));
      const opened = this.state.opened ?? (this.draft.reportId !== null ? await this.openedOf(this.draft) : null);
      const viewName = this.draft.viewName ?? viewOf(this.draft.exploration, cubes.map((c) => c.name)) ?? (cubes.length === 1 ? cubes[0]!.name : null);
      this.draft = { ...this.draft, viewName };
      this.set({ phase: 'ready', cubes, viewName, opened });
      void this.session.loadFolders();
      await this.showLocation();
      if (this.state.opened || this.draft.written || this.runWhenOpen) await this.persist();
      if (this.runWhenOpen && isRunnable(this.state.exploration) && !this.state.unknownMembers.length) {
        this.runs.change(this.state.exploration);
        void this.runs.run();
      }
    } catch (error) {
      this.set({ phase: 'failed', loadError: this.context.describe(error) });
    }
  }

  private async openedOf(draft: DraftRecord): Promise<BuilderState['opened']> {
    try {
      const report = await this.context.workspace.reports.getReport(draft.deploymentId, draft.reportId!);
      return { report, placementId: draft.placementId };
    } catch (error) {
      // The report is gone or no longer readable: the exploration carries on as unsaved, and says why.
      this.draft = { ...this.draft, reportId: null };
      this.set({ actionError: this.context.describe(error) });
      return null;
    }
  }

  getState = (): BuilderState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Replaces parts of the state, working out what follows from them (save rights, unknown members). */
  set(partial: Partial<BuilderState>): void {
    const next = { ...this.state, ...partial };
    next.unknownMembers = next.phase === 'ready' ? unknownMembers(next.exploration, (m) => this.members.has(m)) : [];
    next.save = this.saveRight(next);
    next.canEditOpened = next.opened ? canEditReport(next.opened.report) : false;
    next.canDeleteOpened = next.opened ? canDeleteReport(next.opened.report) : false;
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private saveRight(state: BuilderState): BuilderState['save'] {
    const refuse = (refusal: SaveRefusal) => ({ allowed: false, refusal });
    if (!isRunnable(state.exploration)) return refuse('nothing-to-save');
    if (state.unknownMembers.length) return refuse('unknown-members');
    if (state.opened) return canEditReport(state.opened.report) ? { allowed: true, refusal: null } : refuse('no-edit-right');
    const { user } = this.context.connection;
    return canCreateReports(user, state.deploymentId, [...editableFolderIds(user)]) ? { allowed: true, refusal: null } : refuse('no-create-right');
  }

  typeOf = (member: string): MemberType | undefined => this.members.get(member)?.type;

  // --- Editing: each change is kept in the draft and, with auto-run, run. ---

  change(exploration: Exploration): void {
    this.draft = { ...this.draft, exploration };
    this.set({ exploration, sql: null, notice: null, actionError: null, question: null });
    this.permission = {};
    void this.persist();
    if (isRunnable(exploration)) this.runs.change(exploration);
    else {
      // An empty selection writes nothing: what is in the cells stays.
      this.runs.dispose();
      this.set({ run: { kind: 'idle' } });
    }
  }

  chooseView(name: string): void {
    this.draft = { ...this.draft, viewName: name };
    this.set({ viewName: name });
    void this.persist();
  }

  add(member: string, axis: BuilderAxis, index?: number): void {
    const info = this.members.get(member);
    if (!info) return;
    this.change(placeMember(this.state.exploration, info, axis, index, axis === 'filters' ? defaultFilter(member, info.type) : undefined));
  }

  remove(member: string): void {
    this.change(removeMember(this.state.exploration, member));
  }

  reorder(axis: BuilderAxis, from: number, to: number): void {
    this.change(reorder(this.state.exploration, axis, from, to));
  }

  setGranularity(member: string, granularity: Granularity): void {
    this.change(setGranularity(this.state.exploration, member, granularity));
  }

  setFilter(index: number, filter: ExplorationFilter): void {
    this.change(replaceFilter(this.state.exploration, index, filter));
  }

  removeFilter(index: number): void {
    this.change(removeFilter(this.state.exploration, index));
  }

  setOrder(order: Exploration['order']): void {
    this.change({ ...this.state.exploration, order });
  }

  setLimit(limit: number | null): void {
    this.change({ ...this.state.exploration, limit: limit !== null && Number.isInteger(limit) && limit > 0 ? limit : null });
  }

  setDisplay(display: Partial<ExplorationDisplay>): void {
    this.change({ ...this.state.exploration, display: { ...this.state.exploration.display, ...display } });
  }

  /** The switch is the user's `autoRunQueryOnChange` setting: changed here, it is saved for them on the platform. */
  setAutoRun(on: boolean): void {
    this.set({ autoRun: on });
    this.runs.setAutoRun(on);
    const { connection } = this.context;
    connection.platform.updateSettings(sheetSettingPatch('autoRunQueryOnChange', on)).then(
      (user) => void (connection.user = user),
      (error: unknown) => this.set({ actionError: this.context.describe(error) }),
    );
  }

  /**
   * Suppressed duplicates are the user's `suppressDuplicateValues` setting (reports' pivot items have no such
   * field): saved for them, then the exploration runs again laid out that way.
   */
  setSuppressDuplicates(on: boolean): void {
    this.set({ suppressDuplicates: on });
    const { connection } = this.context;
    connection.platform.updateSettings(sheetSettingPatch('suppressDuplicateValues', on)).then(
      (user) => {
        connection.user = user;
        if (isRunnable(this.state.exploration) && !this.closed) this.runs.change(this.state.exploration);
      },
      (error: unknown) => this.set({ suppressDuplicates: !on, actionError: this.context.describe(error) }),
    );
  }

  run(): void {
    if (isRunnable(this.state.exploration)) void this.runs.run();
  }

  /** Runs now and waits (Save needs the cells to hold the exploration's result); true once they do. */
  async runNow(): Promise<boolean> {
    if (!isRunnable(this.state.exploration)) return false;
    await this.runs.run();
    return this.draft.writtenFor === explorationKey(this.state.exploration);
  }

  allow(): void {
    const question = this.state.question;
    if (!question) return;
    this.permission = question.kind === 'overwrite' ? { ...this.permission, overwrite: true } : { ...this.permission, overwriteHandEdits: true };
    this.set({ question: null });
    void this.runs.run();
  }

  dismissQuestion(): void {
    this.permission = {};
    this.set({ question: null, run: { kind: 'pending' } });
  }

  loadValues = (member: string): void => void this.session.loadValues(member);
  save = (): void => void this.session.save();
  saveAs = (target: { name: string; title?: string | null; folderId?: number | null }): void => void this.session.saveAs(target);
  reloadOpened = (): void => void this.session.reloadOpened();
  rename = (name: string, title: string | null): void => void this.session.rename(name, title);
  move = (folderId: number | null): void => void this.session.move(folderId);
  deleteOpened = (): void => void this.session.deleteOpened();
  explain = (): void => void this.session.explain();

  async close(options: { clearCells: boolean }): Promise<void> {
    this.closed = true;
    this.runs.dispose();
    await this.stopSelectionWatch();
    await this.session.close(options);
  }

  // --- Running and writing ---

  private async execute(exploration: Exploration, signal: AbortSignal, stillCurrent: () => boolean): Promise<void> {
    const { workspace } = this.context;
    const query = toQuery(exploration, this.typeOf);
    const { rows, columns, measures, display } = exploration;
    const { grid, cutAt } = await workspace.runner.runDefinition(this.draft.deploymentId, query, { rows, columns, measures, ...display }, signal);
    await this.exclusive(async () => {
      // A newer change, or the builder closed, while the query ran: this result is never written.
      if (!stillCurrent() || this.closed) return;
      const outcome = await writeDraftCells(workspace, this.draft, grid, {
        ...this.permission, placementIds: this.placementIds, baseline: this.baseline, signal,
        // The draft as it is when the cells are written (a change meanwhile is kept), with what was written.
        record: async (written) => {
          this.draft = { ...this.draft, written, writtenFor: explorationKey(exploration), cellsSaved: false };
          await saveDraft(workspace.workbook, this.draft);
        },
      });
      if (outcome.kind === 'needs-confirmation') {
        this.set({ question: { kind: 'overwrite', target: outcome.target, foreignCells: outcome.foreignCells } });
        return;
      }
      if (outcome.kind === 'hand-edits') {
        this.set({ question: { kind: 'hand-edits', cells: outcome.cells } });
        return;
      }
      this.permission = {};
      this.lastDone = { rows: grid.values.length, location: outcome.location, cutAt };
      await this.showLocation(outcome.location);
    });
  }

  private onRunStatus(status: RunStatus<Exploration>): void {
    if (this.closed) return;
    switch (status.kind) {
      case 'idle': return this.set({ run: { kind: 'idle' } });
      case 'pending': return this.set({ run: { kind: 'pending' } });
      case 'running': return this.set({ run: { kind: 'running' } });
      case 'failed': return this.set({ run: { kind: 'failed', message: this.context.describe(status.error) } });
      case 'done':
        if (this.state.question || !this.lastDone) return this.set({ run: { kind: 'pending' } });
        return this.set({ run: { kind: 'done', ...this.lastDone } });
    }
  }

  /** Runs Excel work of the draft after the work queued before it. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.excelQueue.then(work, work);
    // eslint-disable-next-line no-restricted-syntax -- The failure reaches this work's caller through `next`; the queue only waits for it to settle.
    this.excelQueue = next.catch(() => undefined);
    return next;
  }

  /** Keeps the draft in the workbook (after the Excel work queued before). */
  persist(): Promise<void> {
    return this.exclusive(() => saveDraft(this.context.workspace.workbook, this.closed ? null : this.draft)).catch((error: unknown) => {
      this.set({ actionError: this.context.describe(error) });
    });
  }

  /**
   * The result location shown live: the draft's cells where it has them (`written`: their address as just
   * written), else the selection, followed as it changes.
   */
  async showLocation(written?: string): Promise<void> {
    const hasCells = this.draft.written !== null || this.draft.placementId !== null;
    const excel = this.context.workspace.workbook;
    const location = !hasCells ? null : written ?? (await excel.locate(draftCellsId(this.draft)).then((l) => (l ? sheetAddress(l.sheetName, l.rect) : null)));
    if (location) {
      await this.stopSelectionWatch();
      this.set({ resultLocation: location, hasCells: true });
      return;
    }
    this.set({ hasCells: false });
    this.stopWatchingSelection ??= await this.context.workspace.placements.watchSelection((address) => this.set({ resultLocation: address }));
  }

  private async stopSelectionWatch(): Promise<void> {
    const stop = this.stopWatchingSelection;
    this.stopWatchingSelection = null;
    await stop?.();
  }

  /** After a save or delete changed which cells the draft owns. */
  adopt(draft: DraftRecord, opened: BuilderState['opened']): void {
    this.draft = draft;
    this.baseline = null;
    this.set({ opened, hasCells: draft.written !== null });
  }
}

/** The view an exploration's members come from (their cube part), when the model has it. */
function viewOf(exploration: Exploration, names: readonly string[]): string | null {
  const first = [...exploration.measures, ...exploration.rows, ...exploration.columns, ...exploration.filters.map((f) => f.member)][0];
  const cube = first?.split('.')[0];
  return cube && names.includes(cube) ? cube : null;
}
