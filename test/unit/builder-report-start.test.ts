import type { Report, User } from '../../src/contract';
import { fromReport } from '../../src/core/exploration';
import { startingPoint, withConsequences } from '../../src/builder/builder-state';
import { explorationKey } from '../../src/builder/exploration-draft';
import type { WorkspaceConnection } from '../../src/session/connection';

/**
 * The builder opened on a report without a placement (`{ kind: 'report' }`, Browse's "Open in builder" of a report
 * kept in the workbook), beside the same report opened from a placement: both edit the report (Save saves into it),
 * but only the placement's start writes into existing cells; the report's draft writes at the selection, as a new
 * exploration's does.
 */

const user: User = { id: 0, username: 'ada', email: '', isAdmin: false, notifications: {}, settings: { sheets: {} } };
const connection = { user, appConfig: { applyThemeGlobally: false, restrictDataDownload: false } } as unknown as WorkspaceConnection;
const query = { measures: ['orders.count'], dimensions: ['orders.region'] };
const pivotItems = { rows: ['orders.region'], columns: [], measures: ['orders.count'], filters: [] };
const checksum = { v: 1, chunks: [{ from: 0, hash: 'h' }] };
const report = {
  id: 4, deploymentId: 0, name: 'Orders by region', folderId: null, jsonQuery: JSON.stringify(query), pivotItems, canEdit: true, canManage: true, version: 2,
  externalWorkbookPlacements: [{ id: 'p1', resultChecksum: checksum }],
} as unknown as Report;
const known = () => true;

describe('the builder opened on a report without a placement', () => {
  const start = startingPoint(connection, { kind: 'report', report });
  const ready = (exploration = start.state.exploration) =>
    withConsequences({ ...start.state, phase: 'ready', exploration }, known, user, start.draft.savedFor ?? null);

  it("opens the report's exploration for editing, with no cells yet: the result goes to the selection", () => {
    const { exploration } = fromReport(query, pivotItems);
    expect(start.draft).toMatchObject({
      deploymentId: 0, exploration, reportId: 4, placementId: null, written: null, writtenFor: null, cellsSaved: false, savedFor: explorationKey(exploration),
    });
    expect(start.baseline).toBeNull();
    expect(start.state).toMatchObject({ deploymentId: 0, exploration, hasCells: false, opened: { report, placementId: null }, run: { kind: 'idle' } });
    expect(start.runWhenOpen).toBe(false);
  });

  it('saves into the report (not as a new one), and asks on Close only once changed', () => {
    const state = ready();
    expect(state.save).toEqual({ allowed: true, refusal: null });
    expect(state.canEditOpened).toBe(true);
    expect(state.unsaved).toBe(false);
    const changed = ready({ ...state.exploration, limit: 10 });
    expect(changed.unsaved).toBe(true);
    expect(changed.opened?.report.id).toBe(4);
  });

  it("differs from the placement's start only in the cells: those hold the report's saved result", () => {
    const placed = startingPoint(connection, { kind: 'placement', report, placementId: 'p1' });
    expect(placed.draft).toMatchObject({ ...start.draft, placementId: 'p1', writtenFor: start.draft.savedFor, cellsSaved: true });
    expect(placed.baseline).toEqual(checksum);
    expect(placed.state).toMatchObject({ hasCells: true, opened: { report, placementId: 'p1' } });
  });

  it('opens a report whose query cannot be run as an empty exploration, still saving into it', () => {
    const sqlOnly = { ...report, jsonQuery: null, sqlQuery: 'select 1' } as unknown as Report;
    const opened = startingPoint(connection, { kind: 'report', report: sqlOnly });
    expect(opened.draft).toMatchObject({ reportId: 4, placementId: null });
    expect(opened.state.exploration.measures).toEqual([]);
    expect(opened.state.opened).toEqual({ report: sqlOnly, placementId: null });
  });
});
