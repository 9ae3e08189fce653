import { ApiError } from '../../src/client/errors';
import type { Folder, Report, User } from '../../src/contract';
import { emptyExploration, type Exploration } from '../../src/core/exploration';
import type { BuilderState } from '../../src/builder/builder-model';
import { startingPoint, withConsequences } from '../../src/builder/builder-state';
import { explorationKey } from '../../src/builder/exploration-draft';
import { grantedFolders } from '../../src/builder/save-folders';
import { hasUnsavedChanges, saveTargets } from '../../src/builder/save-rights';
import type { WorkspaceConnection } from '../../src/session/connection';

/**
 * Where and whether the builder lets the user save, and when Close asks: from api.yaml `User`/`Policy` and
 * `Folder` written by hand (a folder grant covers what is inside it, as the platform applies it).
 */
const user = (policies: User['userPolicies'], isAdmin = false): User => ({
  id: 2, username: 'a@example.com', email: 'a@example.com', isAdmin, notifications: {}, settings: { sheets: {} }, userPolicies: policies,
});
const SALES = 1;
const folder = (id: number, name: string, path: { id: number; name: string }[] = []): Folder => ({
  id, name, deploymentId: SALES, position: id, createdAt: '2026-01-01', updatedAt: '2026-01-01', type: 'FOLDER', folderPath: [...path, { id, name }],
} as Folder);
const FOLDERS = [folder(1, 'Sales'), folder(3, 'Finance'), folder(8, "Anna's reports")];
const readOnly = { resourceType: 'Folder' as const, actions: ['FolderRead', 'ReportRead'], resources: ['1', '3'] };
const own = { resourceType: 'Folder' as const, actions: ['FolderRead', 'FolderManage', 'ReportRead', 'ReportEdit', 'ReportManage'], resources: ['8'] };
const analyst = user([readOnly, own]);
const reader = user([readOnly]);
const admin = user([], true);

const revenue: Exploration = { ...emptyExploration(), measures: ['sales.total_amount'] };

function state(who: User, partial: Partial<BuilderState> = {}, savedFor: string | null = null): BuilderState {
  const connection = { user: who, appConfig: {} } as unknown as WorkspaceConnection;
  const start = startingPoint(connection, { kind: 'new', deploymentId: SALES }).state;
  return withConsequences({ ...start, phase: 'ready', exploration: revenue, folders: FOLDERS, ...partial }, () => true, who, savedFor);
}
const report = (folderId: number | null, canEdit: boolean) => ({ report: { id: 9, deploymentId: SALES, name: 'R', folderId, canEdit } as Report, placementId: 'p' });

describe('where a report may be saved', () => {
  it('the analyst: only the folder her grant covers, and the form starts on it, never on a folder she may only read', () => {
    expect(saveTargets(FOLDERS, analyst, SALES, null)).toEqual({ folders: [FOLDERS[2]], topLevel: false, preferred: 8, folderChoice: true });
    expect(saveTargets(FOLDERS, analyst, SALES, 1).preferred).toBe(8);
    expect(saveTargets(FOLDERS, analyst, SALES, 8).preferred).toBe(8);
  });

  it('a folder inside hers is hers too (a grant covers what is inside a folder)', () => {
    const inside = folder(12, 'Drafts', [{ id: 8, name: "Anna's reports" }]);
    expect(saveTargets([...FOLDERS, inside], analyst, SALES, 12)).toMatchObject({ folders: [FOLDERS[2], inside], preferred: 12 });
  });

  it('the admin: the top level and every folder, starting where the opened report is', () => {
    expect(saveTargets(FOLDERS, admin, SALES, null)).toEqual({ folders: FOLDERS, topLevel: true, preferred: null, folderChoice: true });
    expect(saveTargets(FOLDERS, admin, SALES, 3).preferred).toBe(3);
  });

  it('a reader: nowhere', () => {
    expect(saveTargets(FOLDERS, reader, SALES, null)).toEqual({ folders: [], topLevel: false, preferred: null, folderChoice: true });
  });
});

describe('whether Save and Save as are possible, and why not', () => {
  it('the analyst saves a new exploration (into her folder); a reader is told why not', () => {
    expect(state(analyst).save).toEqual({ allowed: true, refusal: null });
    expect(state(reader).save).toEqual({ allowed: false, refusal: 'no-create-right' });
    expect(state(reader).saveAs).toEqual({ allowed: false, refusal: 'no-create-right' });
  });

  it('a report she may not change: Save refused with the reason, Save as still allowed', () => {
    const s = state(analyst, { opened: report(1, false) });
    expect(s.save).toEqual({ allowed: false, refusal: 'no-edit-right' });
    expect(s.saveAs).toEqual({ allowed: true, refusal: null });
  });

  it('before the folders are listed her grants decide; once listed, one of them must be hers', () => {
    expect(state(analyst, { folders: [] }).saveAs.allowed).toBe(true);
    expect(state(analyst, { folders: [FOLDERS[0]!] }).saveAs).toEqual({ allowed: false, refusal: 'no-create-right' });
  });

  it('nothing to save, or members the model does not have, refuse both for that reason', () => {
    expect(state(analyst, { exploration: emptyExploration() }).save.refusal).toBe('nothing-to-save');
    const missing = withConsequences({ ...state(analyst), exploration: { ...revenue, rows: ['sales.gone'] } }, (m) => m !== 'sales.gone', analyst, null);
    expect(missing.unknownMembers).toEqual(['sales.gone']);
    expect([missing.save.refusal, missing.saveAs.refusal]).toEqual(['unknown-members', 'unknown-members']);
  });
});

describe('unsaved changes (Close asks)', () => {
  const opened = report(1, true);
  it('an opened report: only when the exploration differs from what was opened or last saved', () => {
    expect(hasUnsavedChanges({ exploration: revenue, opened, hasCells: true }, explorationKey(revenue))).toBe(false);
    expect(hasUnsavedChanges({ exploration: { ...revenue, limit: 5 }, opened, hasCells: true }, explorationKey(revenue))).toBe(true);
    // Its saved state unknown: asked, since asking loses nothing.
    expect(hasUnsavedChanges({ exploration: revenue, opened, hasCells: true }, null)).toBe(true);
  });

  it('never saved: anything chosen, or cells written', () => {
    expect(hasUnsavedChanges({ exploration: emptyExploration(), opened: null, hasCells: false }, null)).toBe(false);
    expect(hasUnsavedChanges({ exploration: revenue, opened: null, hasCells: false }, null)).toBe(true);
    expect(hasUnsavedChanges({ exploration: emptyExploration(), opened: null, hasCells: true }, null)).toBe(true);
  });

  it('is part of the builder\'s state', () => {
    expect(state(analyst, { opened }, explorationKey(revenue)).unsaved).toBe(false);
    expect(state(analyst, { opened, exploration: { ...revenue, limit: 5 } }, explorationKey(revenue)).unsaved).toBe(true);
  });
});

describe('the folders the builder offers', () => {
  const store = (ancestors: Record<number, Folder[] | Error>) => ({
    allFolders: jest.fn(async () => FOLDERS.slice(0, 2)),
    folderAncestors: jest.fn(async (_deployment: number, id: number) => {
      const answer = ancestors[id];
      if (!answer) throw new ApiError(404, `Folder ${id} not found`, { method: 'GET', url: `/folders/${id}/ancestors` }, null);
      if (answer instanceof Error) throw answer;
      return answer;
    }),
  });

  it('adds a granted folder the top level does not list, with its path; one of another deployment is left out', async () => {
    const deep = folder(8, "Anna's reports", [{ id: 1, name: 'Sales' }]);
    const reports = store({ 8: [FOLDERS[0]!, deep] });
    const granted = user([readOnly, { ...own, resources: ['8', '40'] }]);
    expect((await grantedFolders(reports, SALES, granted)).map((f) => f.id)).toEqual([1, 3, 8]);
    expect(reports.folderAncestors).toHaveBeenCalledTimes(2);
  });

  it('asks nothing more when every granted folder is listed; a failure other than "not found" is the caller\'s to tell', async () => {
    const listed = store({});
    expect((await grantedFolders(listed, SALES, user([readOnly]))).map((f) => f.id)).toEqual([1, 3]);
    expect(listed.folderAncestors).not.toHaveBeenCalled();
    const failing = store({ 8: new ApiError(500, 'The platform had a problem', { method: 'GET', url: '/folders/8/ancestors' }, null) });
    await expect(grantedFolders(failing, SALES, analyst)).rejects.toBeInstanceOf(ApiError);
  });
});
