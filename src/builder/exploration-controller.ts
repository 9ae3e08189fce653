import type { CubeMeta, MemberType } from '../contract';
import { isRunnable, type Exploration } from '../core/exploration';
import { explorableCubes, modelMembers, modelSegments, onlyView, type CatalogMember } from '../core/member-catalog';
import type { BuilderContext } from './builder-host';
import type { BuilderController, BuilderState } from './builder-model';
import { namedMembers, startingPoint, viewOf, withConsequences, type BuilderStart } from './builder-state';
import { ExplorationEditing, type DefinitionEdits } from './exploration-editing';
import { ExplorationRuns, type ChangeGesture } from './exploration-runs';
import { explorationKey, saveDraft, type DraftRecord } from './exploration-draft';
import { ResultLocation } from './exploration-location';
import { BuilderSession } from './exploration-session';
import { ExplorationWrites, type WritingHost } from './exploration-writes';
import { sheetSettingPatch } from '../core/sheet-settings';

/**
 * The exploration builder's controller: the state the view renders, and every decision behind it. Each change
 * is kept in the workbook's draft and, with auto-run, runs the query and rewrites the draft's cells (at once for a
 * choice, once typing pauses for typing; a newer change aborts the run under way, whose result is never written).
 * How it starts and what follows from a change of state are in builder-state.ts, what each edit does to the
 * exploration in `ExplorationEditing`, writing a run's result in `ExplorationWrites`; saving, renaming, moving,
 * deleting and Explain in `BuilderSession`. Those parts know it as a `BuilderHost` (builder-host.ts).
 */

export type { BuilderContext } from './builder-host';
export type { BuilderStart } from './builder-state';

/** The pause after a key typed into a text field before an automatic run (a choice runs at once). */
export const DEFAULT_DEBOUNCE_MS = 300;

export class ExplorationController implements BuilderController, WritingHost {
  private state: BuilderState;
  private readonly listeners = new Set<() => void>();
  private readonly runs: ExplorationRuns<Exploration>;
  private readonly writes: ExplorationWrites;
  private readonly editing: ExplorationEditing;
  /** The model's members by name (every cube's and view's): types, and what `placeMember` needs. */
  private members = new Map<string, CatalogMember>();
  /** The model's segments by name (every cube's and view's). */
  private segments = new Set<string>();
  /** The workbook's placement ids: other placements' cells are never written over. */
  placementIds: string[] = [];
  draft: DraftRecord;
  /** The platform's record of an opened placement's cells: the hand-edit baseline before the draft's first write. */
  baseline: DraftRecord['written'];
  /** Excel writes of the draft, one at a time (a run and a settings save never interleave). */
  private excelQueue: Promise<unknown> = Promise.resolve();
  /** The result location shown: the draft's cells, or the selection followed while it has none. */
  private readonly location: ResultLocation;
  /** Set by `close`: from then on nothing is written or shown. */
  closed = false;
  /** Run once the builder is ready, whatever the auto-run setting: the user asked for the result in the sheet. */
  private readonly runWhenOpen: boolean;
  /** The model as the opener read it, if it did. */
  private readonly knownMeta: CubeMeta | undefined;
  readonly session: BuilderSession;

  constructor(readonly context: BuilderContext, start: BuilderStart) {
    const starting = startingPoint(context.connection, start);
    this.draft = starting.draft;
    this.baseline = starting.baseline;
    this.state = starting.state;
    this.runWhenOpen = starting.runWhenOpen;
    this.knownMeta = starting.knownMeta;
    this.writes = new ExplorationWrites(this);
    this.runs = new ExplorationRuns<Exploration>({
      execute: (exploration, signal, stillCurrent) => this.writes.execute(exploration, signal, stillCurrent),
      onStatus: (status) => this.writes.onStatus(status),
      debounceMs: context.debounceMs ?? DEFAULT_DEBOUNCE_MS,
      setTimer: context.setTimer,
      clearTimer: context.clearTimer,
    }, this.state.autoRun);
    this.session = new BuilderSession(this);
    this.editing = new ExplorationEditing(() => this.state.exploration, (member) => this.members.get(member), (exploration, gesture) => this.change(exploration, gesture));
    this.location = new ResultLocation(context.ports, () => this.draft, (partial) => this.set(partial));
  }

  /** Reads the model, the folders and the workbook's placements; then the builder is ready. */
  async open(): Promise<void> {
    const { ports } = this.context;
    const deploymentId = this.state.deploymentId;
    try {
      const data = await ports.data.forDeployment(deploymentId);
      if (!data.meta) throw new Error('This data API offers no model to explore.');
      const [meta, state] = await Promise.all([this.knownMeta ?? data.meta(), ports.workbook.prepare()]);
      this.placementIds = await ports.registry.placementIds(state.workbookId);
      const cubes = explorableCubes(meta, namedMembers(this.draft.exploration));
      this.members = modelMembers(meta);
      this.segments = modelSegments(meta);
      const opened = this.state.opened ?? (this.draft.reportId !== null ? await this.openedOf(this.draft) : null);
      const viewName = this.draft.viewName ?? viewOf(this.draft.exploration, cubes.map((c) => c.name)) ?? onlyView(cubes)?.name ?? null;
      this.draft = { ...this.draft, viewName };
      this.set({ phase: 'ready', cubes, viewName, opened });
      // Fire and forget: a failure to read the folders is shown in the builder, and Save as still works.
      void this.session.loadFolders();
      await this.showLocation();
      if (this.state.opened || this.draft.written || this.runWhenOpen) await this.persist();
      if (this.runWhenOpen && isRunnable(this.state.exploration) && !this.state.unknownMembers.length) {
        this.runs.change(this.state.exploration);
        // Fire and forget: the run's status and failure are shown in the builder (`onStatus`).
        void this.runs.run();
      }
    } catch (error) {
      this.set({ phase: 'failed', loadError: this.context.describe(error) });
    }
  }

  private async openedOf(draft: DraftRecord): Promise<BuilderState['opened']> {
    try {
      const report = await this.context.ports.reports.getReport(draft.deploymentId, draft.reportId!);
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
    // A draft of an earlier version knows its saved state only while its cells hold it.
    const savedFor = this.draft.savedFor ?? (this.draft.cellsSaved ? this.draft.writtenFor : null);
    this.state = withConsequences({ ...this.state, ...partial }, (m) => this.members.has(m) || this.segments.has(m), this.context.connection.user, savedFor);
    for (const listener of this.listeners) listener();
  }

  typeOf = (member: string): MemberType | undefined => this.members.get(member)?.type;

  // --- Editing: each change is kept in the draft and, with auto-run, run. ---

  change(exploration: Exploration, gesture: ChangeGesture = 'choice'): void {
    this.draft = { ...this.draft, exploration };
    this.set({ exploration, sql: null, notice: null, actionError: null, question: null });
    this.writes.forget();
    if (isRunnable(exploration)) {
      this.runs.change(exploration, gesture);
      // With auto-run, the run keeps the draft: in its write's own request, or after it when nothing is written
      // (`ExplorationWrites.execute`). A request of its own now would hold the write back a round trip.
      // Fire and forget: `persist` shows its own failure in the builder.
      if (!this.state.autoRun) void this.persist();
      return;
    }
    // An empty selection writes nothing: what is in the cells stays.
    this.runs.dispose();
    this.set({ run: { kind: 'idle' } });
    // Fire and forget: `persist` shows its own failure in the builder.
    void this.persist();
  }

  chooseView(name: string): void {
    this.draft = { ...this.draft, viewName: name };
    this.set({ viewName: name });
    // Fire and forget: `persist` shows its own failure in the builder.
    void this.persist();
  }

  // What each edit of the definition does to the exploration is `ExplorationEditing`'s; `change` keeps and runs it.
  add: DefinitionEdits['add'] = (member, axis, index) => this.editing.add(member, axis, index);
  remove: DefinitionEdits['remove'] = (member) => this.editing.remove(member);
  reorder: DefinitionEdits['reorder'] = (axis, from, to) => this.editing.reorder(axis, from, to);
  setGranularity: DefinitionEdits['setGranularity'] = (member, granularity) => this.editing.setGranularity(member, granularity);
  setFilter: DefinitionEdits['setFilter'] = (index, filter, gesture) => this.editing.setFilter(index, filter, gesture);
  removeFilter: DefinitionEdits['removeFilter'] = (index) => this.editing.removeFilter(index);
  setOrder: DefinitionEdits['setOrder'] = (order) => this.editing.setOrder(order);
  setLimit: DefinitionEdits['setLimit'] = (limit, gesture) => this.editing.setLimit(limit, gesture);
  setDisplay: DefinitionEdits['setDisplay'] = (display) => this.editing.setDisplay(display);
  applySegment: DefinitionEdits['applySegment'] = (segment, applied) => this.editing.applySegment(segment, applied);

  /** The switch is the user's `autoRunQueryOnChange` setting: changed here, it is saved for them on the platform. */
  setAutoRun(on: boolean): void {
    this.set({ autoRun: on });
    this.runs.setAutoRun(on);
    // The connection holds the saved user from then on; a failure is told in the builder.
    this.context.connection.updateSettings(sheetSettingPatch('autoRunQueryOnChange', on)).catch(
      (error: unknown) => this.set({ actionError: this.context.describe(error) }),
    );
  }

  /**
   * Suppressed duplicates are the user's `suppressDuplicateValues` setting (reports' pivot items have no such
   * field): saved for them, then the exploration runs again laid out that way.
   */
  setSuppressDuplicates(on: boolean): void {
    this.set({ suppressDuplicates: on });
    this.context.connection.updateSettings(sheetSettingPatch('suppressDuplicateValues', on)).then(
      () => {
        // Saved: the connection's user has the setting, so the next run lays out with it.
        if (isRunnable(this.state.exploration) && !this.closed) this.runs.change(this.state.exploration);
      },
      (error: unknown) => this.set({ suppressDuplicates: !on, actionError: this.context.describe(error) }),
    );
  }

  run(): void {
    // Fire and forget: the run's status and failure are shown in the builder (`onStatus`).
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
    this.writes.allow(question.kind);
    this.set({ question: null });
    // Fire and forget: the run's status and failure are shown in the builder (`onStatus`).
    void this.runs.run();
  }

  dismissQuestion(): void {
    this.writes.forget();
    this.set({ question: null, run: { kind: 'pending' } });
  }

  loadValues = (member: string): void => this.unawaited(this.session.loadValues(member));
  save = (): void => this.unawaited(this.session.save());
  saveAs = (target: { name: string; title?: string | null; folderId?: number | null }): void => this.unawaited(this.session.saveAs(target));
  reloadOpened = (): void => this.unawaited(this.session.reloadOpened());
  rename = (name: string, title: string | null): void => this.unawaited(this.session.rename(name, title));
  move = (folderId: number | null): void => this.unawaited(this.session.move(folderId));
  deleteOpened = (): void => this.unawaited(this.session.deleteOpened());
  explain = (): void => this.unawaited(this.session.explain());

  /** The view's intents return nothing: the session's work shows its own outcome. */
  private unawaited(work: Promise<void>): void {
    // Fire and forget: each of the session's actions shows its failure in the builder, in words, and never throws.
    void work;
  }

  async close(options: { clearCells: boolean }): Promise<void> {
    this.closed = true;
    this.runs.dispose();
    await this.location.stop();
    await this.session.close(options);
  }

  // --- The draft's Excel work ---

  /** Runs Excel work of the draft after the work queued before it. */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    const next = this.excelQueue.then(work, work);
    // eslint-disable-next-line no-restricted-syntax -- The failure reaches this work's caller through `next`; the queue only waits for it to settle.
    this.excelQueue = next.catch(() => undefined);
    return next;
  }

  /** Keeps the draft in the workbook (after the Excel work queued before). */
  persist(): Promise<void> {
    return this.exclusive(() => saveDraft(this.context.ports.workbook, this.closed ? null : this.draft)).catch((error: unknown) => {
      this.set({ actionError: this.context.describe(error) });
    });
  }

  /** Shows where the result is (`written`: the address just written). */
  showLocation(written?: string): Promise<void> {
    return this.location.show(written);
  }

  /** After a save or delete changed which cells the draft owns. */
  adopt(draft: DraftRecord, opened: BuilderState['opened']): void {
    this.draft = draft;
    this.baseline = null;
    this.set({ opened, hasCells: draft.written !== null });
  }
}
