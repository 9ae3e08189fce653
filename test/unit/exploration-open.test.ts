import type { AppConfigResponse, Report, SheetsSettings, User } from '../../src/contract';
import { filterSummary } from '../../src/core/filter-summary';
import { canCreateReports, canDeleteReport, canEditReport, editableFolderIds } from '../../src/core/report-permissions';
import { explorationPreferences, placementAtSelection } from '../../src/builder/exploration-open';
import type { WorkbookPlacement } from '../../src/placements/workbook-placements';

/** Written by hand from api.yaml `User`/`Policy` and `ReportPlacement`: what the builder decides from them. */
const user = (policies: User['userPolicies'], sheets: SheetsSettings = {}, isAdmin = false): User => ({
  id: 7, username: 'a@example.com', email: 'a@example.com', isAdmin, notifications: {}, settings: { sheets }, userPolicies: policies,
});
const appConfig: AppConfigResponse = { applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: false };

function placement(id: string | null, sheetName: string, rect: { top: number; left: number; bottom: number; right: number }, access: 'GRANTED' | 'DENIED' = 'GRANTED'): WorkbookPlacement {
  return {
    placement: { id, workbookId: 'wb', resultLocation: `${sheetName}!A1` },
    deploymentId: 1, reportId: 5, report: access === 'GRANTED' ? ({ id: 5 } as Report) : null, access,
    owner: { name: null, email: null }, location: { sheetId: '{1}', sheetName, sheetIndex: 0, rect }, legacy: false,
  };
}

describe('opening an exploration from the sheet', () => {
  const placements = [
    placement('p1', 'Sales Q1', { top: 1, left: 1, bottom: 10, right: 3 }),
    placement('p2', 'Sheet1', { top: 0, left: 0, bottom: 4, right: 1 }, 'DENIED'),
    placement(null, 'Sheet1', { top: 20, left: 0, bottom: 24, right: 1 }),
  ];

  it('finds the readable placement whose cells hold the selected cell (a range by its top-left), sheet names compared as Excel does', () => {
    expect(placementAtSelection(placements, "'Sales Q1'!C5")?.placement.id).toBe('p1');
    expect(placementAtSelection(placements, "'sales q1'!B2:Z99")?.placement.id).toBe('p1');
    expect(placementAtSelection(placements, "'Sales Q1'!E5")).toBeNull();
    expect(placementAtSelection(placements, "'Sales Q1'!A1")).toBeNull();
  });

  it('never opens a placement the user cannot read, one without an id, or for an unreadable selection', () => {
    expect(placementAtSelection(placements, 'Sheet1!A1')).toBeNull();
    expect(placementAtSelection(placements, 'Sheet1!A21')).toBeNull();
    expect(placementAtSelection(placements, null)).toBeNull();
    expect(placementAtSelection(placements, 'not an address')).toBeNull();
  });

  it('follows the user\'s sheet settings, off by default', () => {
    expect(explorationPreferences(user([]), appConfig)).toEqual({ openFromSheet: false, revealOnOpen: false });
    expect(explorationPreferences(user([], { openExplorationFromSheet: true, revealSheetOnOpen: true }), appConfig)).toEqual({ openFromSheet: true, revealOnOpen: true });
  });
});

describe('who may save', () => {
  it('creates reports with an edit grant on the deployment (or `*`), on a folder, or as an admin; a read grant is not enough', () => {
    expect(canCreateReports(user([{ resourceType: 'Deployment', actions: ['ReportRead'], resources: ['1'] }]), 1)).toBe(false);
    expect(canCreateReports(user([{ resourceType: 'Deployment', actions: ['ReportEdit'], resources: ['1'] }]), 1)).toBe(true);
    expect(canCreateReports(user([{ resourceType: 'Deployment', actions: ['ReportManage'], resources: ['*'] }]), 2)).toBe(true);
    expect(canCreateReports(user([{ resourceType: 'Deployment', actions: ['ReportEdit'], resources: ['1'] }]), 2)).toBe(false);
    const folderEditor = user([{ resourceType: 'Folder', actions: ['ReportEdit'], resources: ['12'] }]);
    expect(editableFolderIds(folderEditor)).toEqual(new Set([12]));
    expect(canCreateReports(folderEditor, 1, [...editableFolderIds(folderEditor)])).toBe(true);
    expect(canCreateReports(user([], {}, true), 9)).toBe(true);
    expect(canCreateReports(user([{ resourceType: 'Global', actions: ['All'], resources: ['*'] }]), 9)).toBe(true);
    expect(canCreateReports(user(null), 1)).toBe(false);
  });

  it('edits and deletes a report as the platform says for the reader (`canEdit`, `canManage`), never when it says nothing', () => {
    expect(canEditReport({ canEdit: true })).toBe(true);
    expect(canEditReport({ canEdit: null })).toBe(false);
    expect(canDeleteReport({ canManage: true })).toBe(true);
    expect(canDeleteReport({})).toBe(false);
  });
});

describe('the applied-filter line', () => {
  const titles: Record<string, string> = { 'sales.created_at': 'Created at', 'sales.region': 'Region' };
  const titleOf = (m: string) => titles[m] ?? m;

  it('writes a relative date range as Cube names it, and a pair of dates as between', () => {
    expect(filterSummary({ filters: [{ member: 'sales.created_at', operator: 'inDateRange', values: ['last year'] }] }, titleOf)).toBe('Created at last year');
    expect(filterSummary({ filters: [{ member: 'sales.created_at', operator: 'notInDateRange', values: ['this month'] }] }, titleOf)).toBe('Created at not this month');
    expect(filterSummary({ filters: [{ member: 'sales.created_at', operator: 'inDateRange', values: ['2025-01-01', '2025-03-31'] }] }, titleOf))
      .toBe('Created at between 2025-01-01 and 2025-03-31');
  });
});
