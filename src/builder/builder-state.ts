import type { CubeMeta, CubeQuery, Report, User } from '../contract';
import { emptyExploration, fromReport, isRunnable, unknownMembers, type Exploration } from '../core/exploration';
import { reportDefinition } from '../core/report-definition';
import { canCreateReports, canDeleteReport, canEditReport, editableFolderIds } from '../core/report-permissions';
import type { WorkspaceConnection } from '../session/connection';
import { effectiveSheetSetting } from '../session/sheet-settings';
import type { BuilderState, SaveRefusal } from './builder-model';
import { explorationKey, type DraftRecord } from './exploration-draft';

/**
 * The builder's state: where it starts from (a new or kept draft, an opened placement's report, an agent's
 * answer) with the draft it starts with, and what follows from each change of it (unknown members, save rights).
 */

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

/** The draft and state a builder starts with: a new or kept draft, an opened placement's report, or an agent's answer. */
export function startingPoint(connection: WorkspaceConnection, start: BuilderStart): StartingPoint {
  const deploymentId = start.kind === 'draft' ? start.draft.deploymentId : start.kind === 'placement' ? start.report.deploymentId : start.deploymentId;
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
  if (start.kind === 'placement') {
    const definition = reportDefinition(start.report);
    const opened = definition.placeable ? fromReport(definition.query, start.report.pivotItems) : { exploration: emptyExploration(), unsupported: [] };
    unsupported = opened.unsupported;
    const placement = start.report.externalWorkbookPlacements?.find((p) => p.id === start.placementId);
    baseline = placement?.resultChecksum ?? null;
    draft = {
      ...draft, exploration: opened.exploration, reportId: start.report.id, placementId: start.placementId,
      writtenFor: explorationKey(opened.exploration), cellsSaved: true,
    };
  }
  const { user, appConfig } = connection;
  const autoRun = effectiveSheetSetting(user, appConfig, 'autoRunQueryOnChange');
  const suppressDuplicates = effectiveSheetSetting(user, appConfig, 'suppressDuplicateValues');
  const state: BuilderState = {
    phase: 'loading', loadError: null, deploymentId, cubes: [], viewName: draft.viewName, exploration: draft.exploration,
    unknownMembers: [], unsupported, autoRun, suppressDuplicates, run: { kind: 'idle' }, question: null, resultLocation: null,
    hasCells: draft.written !== null || draft.placementId !== null,
    opened: start.kind === 'placement' ? { report: start.report, placementId: start.placementId } : null,
    save: { allowed: false, refusal: 'nothing-to-save' }, canEditOpened: false, canDeleteOpened: false, saving: false,
    changedElsewhere: false, actionError: null, notice: null,
    explainAllowed: connection.appConfig.creatorMode?.showGeneratedSql === true, sql: null, folders: [], memberValues: {},
  };
  return { draft, baseline, state, runWhenOpen: start.kind === 'answer', knownMeta: start.kind === 'answer' ? start.meta : undefined };
}

/** The view an exploration's members come from (their cube part), when the model has it. */
export function viewOf(exploration: Exploration, names: readonly string[]): string | null {
  const first = [...exploration.measures, ...exploration.rows, ...exploration.columns, ...exploration.filters.map((f) => f.member)][0];
  const cube = first?.split('.')[0];
  return cube && names.includes(cube) ? cube : null;
}

/** A changed state with what follows from it worked out: unknown members (once the model is read), save and edit rights. */
export function withConsequences(state: BuilderState, hasMember: (member: string) => boolean, user: User): BuilderState {
  const next = { ...state };
  next.unknownMembers = next.phase === 'ready' ? unknownMembers(next.exploration, hasMember) : [];
  next.save = saveRight(next, user);
  next.canEditOpened = next.opened ? canEditReport(next.opened.report) : false;
  next.canDeleteOpened = next.opened ? canDeleteReport(next.opened.report) : false;
  return next;
}

function saveRight(state: BuilderState, user: User): BuilderState['save'] {
  const refuse = (refusal: SaveRefusal) => ({ allowed: false, refusal });
  if (!isRunnable(state.exploration)) return refuse('nothing-to-save');
  if (state.unknownMembers.length) return refuse('unknown-members');
  if (state.opened) return canEditReport(state.opened.report) ? { allowed: true, refusal: null } : refuse('no-edit-right');
  return canCreateReports(user, state.deploymentId, [...editableFolderIds(user)]) ? { allowed: true, refusal: null } : refuse('no-create-right');
}
