import { CubeMeta, type User } from '../../src/contract';
import { applySegment, emptyExploration, fromReport, toQuery, unknownMembers } from '../../src/core/exploration';
import { filterSummary } from '../../src/core/filter-summary';
import { catalogSegments, explorableCubes, modelSegments, onlyView } from '../../src/core/member-catalog';
import { namedMembers, startingPoint, viewOf } from '../../src/builder/builder-state';
import { explorationKey, readDraft } from '../../src/builder/exploration-draft';
import { saveTargets } from '../../src/builder/save-rights';
import { CUBE_API_APP_CONFIG, DEFAULT_CUBE_DEPLOYMENT_ID, cubeApiDeployment, cubeApiUser } from '../../src/session/cube-api/cube-api-connection';

/**
 * Issue 42's builder for a self-hosted Cube: segments (Cube's `segments` query field, listed per cube and view in
 * `/v1/meta`), the public cubes no view draws on beside the views, Show SQL without an admin, and no Folder field
 * where there are no folders. The model is a `/v1/meta` answer written by hand as Cube 1.7 sends one
 * (CubeToMetaTransformer: `type`, `public`/`isVisible`, a view member's `aliasMember`).
 */
const member = (name: string, type: string, extra: object = {}) => ({ name, title: name, shortTitle: name.split('.')[1], type, isVisible: true, public: true, ...extra });
const segment = (name: string, shortTitle: string, extra: object = {}) => ({ name, title: `T ${shortTitle}`, shortTitle, isVisible: true, public: true, ...extra });

const meta = CubeMeta.parse({
  cubes: [
    {
      name: 'orders', type: 'cube', title: 'Orders', public: true, isVisible: true,
      measures: [member('orders.count', 'number')], dimensions: [member('orders.status', 'string')],
      segments: [segment('orders.completed', 'Completed orders'), segment('orders.internal', 'Internal', { isVisible: false, public: false })],
    },
    {
      name: 'sales', type: 'view', title: 'Sales', public: true, isVisible: true,
      measures: [member('sales.count', 'number', { aliasMember: 'orders.count' })],
      dimensions: [member('sales.status', 'string', { aliasMember: 'orders.status' })],
      segments: [segment('sales.completed', 'Completed orders')],
    },
    { name: 'line_items', type: 'cube', title: 'Line items', public: true, isVisible: true, measures: [member('line_items.count', 'number')], dimensions: [], segments: [] },
    // Listed only in Cube's development mode, marked private: not offered.
    { name: 'audit', type: 'cube', title: 'Audit', public: false, isVisible: false, measures: [member('audit.count', 'number')], dimensions: [], segments: [] },
  ],
});

describe('segments in an exploration', () => {
  it('go into the Cube query as `segments`, in the order applied, and come back from a saved query', () => {
    let exploration = { ...emptyExploration(), measures: ['sales.count'] };
    exploration = applySegment(applySegment(exploration, 'sales.completed', true), 'sales.europe', true);
    expect(toQuery(exploration, () => 'number').segments).toEqual(['sales.completed', 'sales.europe']);
    const off = applySegment(exploration, 'sales.completed', false);
    expect(off.segments).toEqual(['sales.europe']);
    expect(toQuery(applySegment(off, 'sales.europe', false), () => 'number')).not.toHaveProperty('segments');
    expect(fromReport({ measures: ['sales.count'], segments: ['sales.completed'] }, null).exploration.segments).toEqual(['sales.completed']);
  });

  it('are members of the model like any other: known when the model has them, named when it no longer does', () => {
    const known = modelSegments(meta);
    const exploration = { ...emptyExploration(), measures: ['sales.count'], segments: ['sales.completed', 'sales.gone'] };
    expect(unknownMembers(exploration, (name) => known.has(name) || name === 'sales.count')).toEqual(['sales.gone']);
    // A report that only applies a segment of a cube still opens on that cube.
    const onCube = { ...emptyExploration(), segments: ['orders.completed'] };
    expect(namedMembers(onCube)).toEqual(['orders.completed']);
    expect(viewOf(onCube, ['sales', 'orders'])).toBe('orders');
  });

  it('offers the public segments of a view, by their short title', () => {
    expect(catalogSegments(meta.cubes[0]!).map((s) => [s.name, s.shortTitle])).toEqual([['orders.completed', 'Completed orders']]);
  });

  it('are said in the filter line first, by title, before the filters', () => {
    const titles: Record<string, string> = { 'sales.completed': 'Completed orders', 'sales.status': 'Status' };
    const line = filterSummary({ segments: ['sales.completed'], filters: [{ member: 'sales.status', operator: 'equals', values: ['shipped'] }] }, (m) => titles[m] ?? m);
    expect(line).toBe('Completed orders; Status is shipped');
  });

  it('leave the key of an exploration without segments as it was before they were offered, and a kept draft without them reads as none', async () => {
    const exploration = { ...emptyExploration(), measures: ['sales.count'] };
    expect(JSON.parse(explorationKey(exploration))).not.toHaveProperty('segments');
    expect(JSON.parse(explorationKey(applySegment(exploration, 'sales.completed', true))).segments).toEqual(['sales.completed']);
    const { segments: _none, ...older } = exploration;
    const draft = { v: 1, deploymentId: 0, viewName: 'sales', exploration: older, reportId: null, placementId: null, written: null, writtenFor: null, cellsSaved: false };
    const read = await readDraft({ readSetting: async () => JSON.stringify(draft) });
    expect(read?.exploration.segments).toEqual([]);
  });
});

describe('the views and cubes offered', () => {
  it('lists views first, then every public cube no view draws on; not a cube a view draws on, nor a private one', () => {
    const offered = explorableCubes(meta);
    expect(offered.map((c) => [c.name, c.type])).toEqual([['sales', 'view'], ['line_items', 'cube']]);
    // With one view beside "More" cubes, the builder starts on the view.
    expect(onlyView(offered)?.name).toBe('sales');
  });

  it('lists a cube a report uses, even a private one or one a view draws on, so the report opens on it', () => {
    expect(explorableCubes(meta, ['orders.count', 'audit.count']).map((c) => c.name)).toEqual(['sales', 'orders', 'line_items', 'audit']);
  });

  it('chooses no view when the user has a choice between views', () => {
    const twoViews = CubeMeta.parse({ cubes: [{ ...meta.cubes[1]!, name: 'a' }, { ...meta.cubes[1]!, name: 'b' }] });
    expect(onlyView(explorableCubes(twoViews))).toBeNull();
  });
});

describe('connected straight to a Cube API', () => {
  const user: User = cubeApiUser('analyst@example.com');
  const cube = { deployments: [cubeApiDeployment('https://cube.example.com/cubejs-api')] };
  const cubeMode = { cube, user, appConfig: CUBE_API_APP_CONFIG };

  it('offers Show SQL on its deployment without an admin setting; the platform\'s only where the admin allows it', () => {
    expect(startingPoint(cubeMode, { kind: 'new', deploymentId: DEFAULT_CUBE_DEPLOYMENT_ID }).state.explainAllowed).toBe(true);
    // Both at once: a platform deployment goes by the platform admin's setting.
    const platformConfig = { ...CUBE_API_APP_CONFIG, creatorMode: { showGeneratedSql: false } };
    expect(startingPoint({ ...cubeMode, appConfig: platformConfig }, { kind: 'new', deploymentId: 1 }).state.explainAllowed).toBe(false);
    expect(startingPoint({ user, appConfig: platformConfig }, { kind: 'new', deploymentId: 1 }).state.explainAllowed).toBe(false);
    const allowed = { user, appConfig: { ...CUBE_API_APP_CONFIG, creatorMode: { showGeneratedSql: true } } };
    expect(startingPoint(allowed, { kind: 'new', deploymentId: 1 }).state.explainAllowed).toBe(true);
  });

  it('has no folder to choose when saving (reports kept in the workbook have none); a platform folder is one', () => {
    expect(saveTargets([], user, 0, null)).toMatchObject({ topLevel: true, folderChoice: false });
    const folder = { id: 3, name: 'Finance', parentFolderId: null } as unknown as Parameters<typeof saveTargets>[0][number];
    expect(saveTargets([folder], user, 0, null).folderChoice).toBe(true);
    // Nowhere the user may save: the field stays, to say so.
    const reader: User = { ...user, userPolicies: [] };
    expect(saveTargets([], reader, 0, null)).toMatchObject({ topLevel: false, folderChoice: true });
  });
});
