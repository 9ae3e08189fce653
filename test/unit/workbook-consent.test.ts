import { consentItems, isCovered, queriedReport, queriesNothing, type WorkbookQueries } from '../../src/core/workbook-consent';

/** Issue 39: what a received workbook would query, and whether an earlier allowance covers it (pure). */

const nothing: WorkbookQueries = { reports: [], placements: [], sheets: [], refreshOnOpen: false, formulas: 0 };

describe('what a workbook would query by itself', () => {
  it('names a report\'s members and filters as its query names them, nested filters included', () => {
    // A report as the platform's Report schema has it: jsonQuery is the Cube query as text.
    const report = {
      id: 7, deploymentId: 3, name: 'salaries', title: 'Salaries by person',
      jsonQuery: JSON.stringify({
        measures: ['hr.salary_total'], dimensions: ['hr.person_name'], segments: ['hr.executives'],
        timeDimensions: [{ dimension: 'hr.paid_at', granularity: 'month' }],
        filters: [{ or: [{ member: 'hr.department', operator: 'equals', values: ['Board', 'Legal'] }, { dimension: 'hr.grade', operator: 'gt', values: [9] }] }],
      }),
    };
    expect(queriedReport(report, null)).toEqual({
      deploymentId: 3, reportId: 7, title: 'Salaries by person', definition: null,
      members: ['hr.salary_total', 'hr.person_name', 'hr.paid_at', 'hr.executives', 'hr.department', 'hr.grade'],
      filters: ['hr.department equals Board, Legal', 'hr.grade gt 9'],
    });
  });

  it('names a report whose query cannot be read by its title alone', () => {
    expect(queriedReport({ id: 1, deploymentId: 1, name: 'broken', jsonQuery: '{not json' }, null)).toMatchObject({ title: 'broken', members: [], filters: [] });
  });

  it('asks nothing of a workbook that holds nothing that queries', () => {
    expect(queriesNothing(nothing)).toBe(true);
    expect(queriesNothing({ ...nothing, refreshOnOpen: true })).toBe(false);
    expect(queriesNothing({ ...nothing, formulas: 1 })).toBe(false);
  });
});

describe('an allowance', () => {
  const allowedOnce: WorkbookQueries = {
    reports: [{ deploymentId: 1, reportId: 2, title: 'Orders', members: [], filters: [], definition: null }],
    placements: [{ id: 'p1', sheetName: 'Sheet1' }],
    sheets: [{ name: 'Sheet1', visibility: 'Visible' }],
    refreshOnOpen: false,
    formulas: 0,
  };
  const allowed = consentItems(allowedOnce);

  it('covers the same workbook again, and one with less in it', () => {
    expect(isCovered(allowed, consentItems(allowedOnce))).toBe(true);
    expect(isCovered(allowed, consentItems(nothing))).toBe(true);
  });

  it('does not cover a workbook never allowed', () => {
    expect(isCovered(null, consentItems(allowedOnce))).toBe(false);
  });

  it('does not cover what a sender added: refresh on open, formulas, another report, a placement moved onto a hidden sheet', () => {
    expect(isCovered(allowed, consentItems({ ...allowedOnce, refreshOnOpen: true }))).toBe(false);
    expect(isCovered(allowed, consentItems({ ...allowedOnce, formulas: 3 }))).toBe(false);
    expect(isCovered(allowed, consentItems({ ...allowedOnce, reports: [...allowedOnce.reports, { ...allowedOnce.reports[0]!, reportId: 9 }] }))).toBe(false);
    expect(isCovered(allowed, consentItems({ ...allowedOnce, sheets: [{ name: 'Sheet1', visibility: 'VeryHidden' }] }))).toBe(false);
    expect(isCovered(allowed, consentItems({ ...allowedOnce, placements: [{ id: 'p1', sheetName: 'Secret' }], sheets: [{ name: 'Secret', visibility: 'Visible' }] }))).toBe(false);
  });

  it('does not cover a report kept in the file whose definition the sender rewrote', () => {
    const kept = { ...allowedOnce, reports: [{ ...allowedOnce.reports[0]!, definition: 'aaaa' }] };
    expect(isCovered(consentItems(kept), consentItems({ ...kept, reports: [{ ...kept.reports[0]!, definition: 'bbbb' }] }))).toBe(false);
  });
});
