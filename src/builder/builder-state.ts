import type { CubeMeta, CubeQuery, Report, User } from '../contract';
import { emptyExploration, fromReport, unknownMembers, type Exploration } from '../core/exploration';
import { reportDefinition } from '../core/report-definition';
import { canDeleteReport, canEditReport } from '../core/report-permissions';
import type { BuilderAccount } from './builder-ports';
import { effectiveSheetSetting } from '../core/sheet-settings';
import type { BuilderState } from './builder-model';
import { explorationKey, type DraftRecord } from './exploration-draft';
import { hasUnsavedChanges, saveAsRight, saveRight, saveTargets } from './save-rights';

/**
 * The builder's state: where it starts from (a new or kept draft, an opened placement's report, a report opened
 * without a placement, an agent's answer) with the draft it starts with, and what follows from each change of it
 * (unknown members, save rights).
 */

export type BuilderStart =
  | { kind: 'new'; deploymentId: number }
  /** A placement's report, opened for editing: the builder writes into the placement's cells. */
  | { kind: 'placement'; report: Report; placementId: string }
  /**
   * A report opened for editing without a placement (Browse's "Open in builder" of a report kept in the workbook):
   * Save saves into it; the draft writes at the selection, as a new exploration's does.
   */
  | { kind: 'report'; report: Report }
  /** The draft kept in the workbook (after a pane reload). */
  | { kind: 'draft'; draft: DraftRecord }
  /**
   * A query the agent ran ("Place in sheet"): a new exploration of it, run at once at the selection. `meta` is the
   * deployment's model when the caller has just read it (to choose the deployment), so it is not read twice.
   */
  | { kind: 'answer'; deploymentId: number; query: CubeQuery; meta?: CubeMeta };

export interface StartingPoint {
  draft: DraftRecord;
  /** The platform's record of an opened placement's cells: the hand-edit baseline before the draft's first write. */
  baseline: DraftRecord['written'];
  /** The state before the model is read (`loading`), with the user's sheet settings. */
  state: BuilderState;
  /** Run once the builder is ready, whatever the auto-run setting: the user asked for the result in the sheet. */
  runWhenOpen: boolean;
  /** The model as the opener read it, if it did. */
  knownMeta: CubeMeta | undefined;
}

/** The draft and state a builder starts with: a new or kept draft, an opened report (with or without a placement), or an agent's answer. */
export function startingPoint(connection: Pick<BuilderAccount, 'user' | 'appConfig' | 'cube'>, start: BuilderStart): StartingPoint {
  const deploymentId = start.kind === 'draft' ? start.draft.deploymentId : start.kind === 'placement' || start.kind === 'report' ? start.report.deploymentId : start.deploymentId;
  let draft: DraftRecord = start.kind === 'draft' ? start.draft : {
    v: 1, deploymentId, viewName: null, exploration: emptyExploration(), reportId: null, placementId: null, written: null, writtenFor: null, cellsSaved: false,
  };
  let unsupported: string[] = [];
  let baseline: DraftRecord['written'] = null;
  if (start.kind === 'answer') {
    const answered = fromReport(start.query, null);
    unsupported = answered.unsupported;
    draft = { ...draft, exploration: answered.exploration };
  }
  if (start.kind === 'placement' || start.kind === 'report') {
    const definition = reportDefinition(start.report);
    const opened = definition.placeable ? fromReport(definition.query, start.report.pivotItems) : { exploration: emptyExploration(), unsupported: [] };
    unsupported = opened.unsupported;
    const savedFor = explorationKey(opened.exploration);
    draft = { ...draft, exploration: opened.exploration, reportId: start.report.id, savedFor };
    if (start.kind === 'placement') {
      const placement = start.report.externalWorkbookPlacements?.find((p) => p.id === start.placementId);
      baseline = placement?.resultChecksum ?? null;
      // The placement's cells hold the report's saved result: the draft writes into them.
      draft = { ...draft, placementId: start.placementId, writtenFor: savedFor, cellsSaved: true };
    }
  }
  const { user, appConfig } = connection;
  const autoRun = effectiveSheetSetting(user, appConfig, 'autoRunQueryOnChange');
  const suppressDuplicates = effectiveSheetSetting(user, appConfig, 'suppressDuplicateValues');
  const state: BuilderState = {
    phase: 'loading', loadError: null, deploymentId, cubes: [], viewName: draft.viewName, exploration: draft.exploration,
    unknownMembers: [], unsupported, autoRun, suppressDuplicates, run: { kind: 'idle' }, question: null, resultLocation: null,
    hasCells: draft.written !== null || draft.placementId !== null,
    opened: start.kind === 'placement' ? { report: start.report, placementId: start.placementId } : start.kind === 'report' ? { report: start.report, placementId: null } : null,
    save: { allowed: false, refusal: 'nothing-to-save' }, saveAs: { allowed: false, refusal: 'nothing-to-save' }, unsaved: false,
    canEditOpened: false, canDeleteOpened: false, saving: false, changedElsewhere: false, actionError: null, notice: null,
    explainAllowed: explainAllowed(connection, deploymentId), sql: null, folders: [],
    saveTargets: { folders: [], topLevel: false, preferred: null, folderChoice: true }, memberValues: {},
  };
  return { draft, baseline, state, runWhenOpen: start.kind === 'answer', knownMeta: start.kind === 'answer' ? start.meta : undefined };
}

/**
 * Show SQL is offered where the admin allows it (`creatorMode.showGeneratedSql`); on the deployment of a Cube API the
 * pane is connected to straight it always is: no admin stands between, and the user's token may ask `/v1/sql` itself.
 */
function explainAllowed(connection: Pick<BuilderAccount, 'appConfig' | 'cube'>, deploymentId: number): boolean {
  if (connection.cube?.deployments.some((deployment) => deployment.id === deploymentId)) return true;
  return connection.appConfig.creatorMode?.showGeneratedSql === true;
}

/** The view an exploration's members come from (their cube part), when the model has it. */
export function viewOf(exploration: Exploration, names: readonly string[]): string | null {
  const first = [...exploration.measures, ...exploration.rows, ...exploration.columns, ...exploration.filters.map((f) => f.member), ...exploration.segments][0];
  const cube = first?.split('.')[0];
  return cube && names.includes(cube) ? cube : null;
}

/** The members an exploration names, on any axis, filtered or sorted by, and the segments it applies. */
export function namedMembers(exploration: Exploration): string[] {
  return [
    ...exploration.measures, ...exploration.rows, ...exploration.columns,
    ...exploration.filters.map((f) => f.member), ...exploration.order.map((o) => o.member), ...exploration.segments,
  ];
}

/**
 * A changed state with what follows from it worked out: unknown members (once the model is read), save and edit
 * rights, where a report may be saved, and whether anything is unsaved (`savedFor`: the exploration as opened or
 * last saved, canonical JSON).
 */
export function withConsequences(state: BuilderState, hasMember: (member: string) => boolean, user: User, savedFor: string | null): BuilderState {
  const next = { ...state };
  next.unknownMembers = next.phase === 'ready' ? unknownMembers(next.exploration, hasMember) : [];
  next.saveTargets = saveTargets(next.folders, user, next.deploymentId, next.opened?.report.folderId ?? null);
  next.save = saveRight(next, user);
  next.saveAs = saveAsRight(next, user);
  next.canEditOpened = next.opened ? canEditReport(next.opened.report) : false;
  next.canDeleteOpened = next.opened ? canDeleteReport(next.opened.report) : false;
  next.unsaved = hasUnsavedChanges(next, savedFor);
  return next;
}
