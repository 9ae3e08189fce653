import type { Folder, User } from '../contract';
import { emptyExploration, isRunnable } from '../core/exploration';
import { canCreateReports, canEditReport, editableFolderIds } from '../core/report-permissions';
import type { BuilderState, SaveRefusal, SaveRight, SaveTargets } from './builder-model';
import { explorationKey } from './exploration-draft';

/**
 * What the user may save, and where: Save (into the opened report), Save as (a new report, in a folder they may
 * create reports in), and whether the exploration has changes not saved. The platform decides in the end (a
 * refused save is told in words); these keep the builder from offering what it would refuse, and say why.
 */

const allowed: SaveRight = { allowed: true, refusal: null };
const refuse = (refusal: SaveRefusal): SaveRight => ({ allowed: false, refusal });

/** Refusals that hold for either kind of save: nothing to save, or members the model does not have. */
function contentRefusal(state: BuilderState): SaveRight | null {
  if (!isRunnable(state.exploration)) return refuse('nothing-to-save');
  if (state.unknownMembers.length) return refuse('unknown-members');
  return null;
}

/**
 * Save as a new report: anywhere in the deployment, or in a folder the user may create reports in. Once the folders
 * are listed, one of them must be such a folder (grants name folders of every deployment); until then the grants decide.
 */
export function saveAsRight(state: BuilderState, user: User): SaveRight {
  const refused = contentRefusal(state);
  if (refused) return refused;
  const { topLevel, folders } = state.saveTargets;
  const may = topLevel || folders.length > 0 || (state.folders.length === 0 && canCreateReports(user, state.deploymentId, [...editableFolderIds(user)]));
  return may ? allowed : refuse('no-create-right');
}

/** The builder's Save: into the opened report (its `canEdit`), else as a new report. */
export function saveRight(state: BuilderState, user: User): SaveRight {
  if (!state.opened) return saveAsRight(state, user);
  return contentRefusal(state) ?? (canEditReport(state.opened.report) ? allowed : refuse('no-edit-right'));
}

/**
 * Where a new report may go (Save as, Move): the top level with rights on the whole deployment, else only the
 * folders the user's grants cover (a grant on a folder covers what is inside it). The form starts on the opened
 * report's folder when the user may save there, else on the first folder they may.
 */
export function saveTargets(folders: readonly Folder[], user: User, deploymentId: number, openedFolderId: number | null): SaveTargets {
  const topLevel = canCreateReports(user, deploymentId);
  const editable = editableFolderIds(user);
  const mayUse = (folder: Folder) => topLevel || editable.has(folder.id) || (folder.folderPath ?? []).some((entry) => editable.has(entry.id));
  const usable = folders.filter(mayUse);
  const opened = openedFolderId === null ? (topLevel ? null : undefined) : usable.find((f) => f.id === openedFolderId)?.id;
  return { folders: usable, topLevel, preferred: opened !== undefined ? opened : usable[0]?.id ?? null, folderChoice: usable.length > 0 || !topLevel };
}

const EMPTY = explorationKey(emptyExploration());

/**
 * Whether closing would lose something: the exploration differs from the report as it was opened or last saved
 * (`savedFor`, its canonical JSON); never saved, it differs from an empty one or has cells. An opened report
 * whose saved state is not known counts as changed: asking once too often loses nothing.
 */
export function hasUnsavedChanges(state: Pick<BuilderState, 'exploration' | 'opened' | 'hasCells'>, savedFor: string | null): boolean {
  const key = explorationKey(state.exploration);
  if (state.opened) return savedFor === null || key !== savedFor;
  return key !== EMPTY || state.hasCells;
}
