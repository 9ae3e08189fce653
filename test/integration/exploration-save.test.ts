import type { CubeQuery, MemberType } from '../../src/contract';
import { emptyExploration, placeMember, setGranularity, type Exploration } from '../../src/core/exploration';
import { ReportChangedElsewhereError } from '../../src/placements/errors';
import { saveAsNewReport, saveIntoReport } from '../../src/builder/exploration-save';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { useAnalystPlatform } from '../support/local-platform';
import { PlatformReportStore } from '../../src/platform/platform-reports';

/** Saving an exploration as a report on the local platform (api.yaml createReport / updateReport with expectedVersion). */
const local = useAnalystPlatform();

const types: Record<string, MemberType> = { 'sales.total_amount': 'number', 'sales.region': 'string', 'sales.created_at': 'time' };
const typeOf = (member: string) => types[member];

function revenueByRegionLastYear(): Exploration {
  let e = placeMember(emptyExploration(), { name: 'sales.total_amount', kind: 'measure', type: 'number' }, 'measures');
  e = placeMember(e, { name: 'sales.region', kind: 'dimension', type: 'string' }, 'rows');
  return placeMember(e, { name: 'sales.created_at', kind: 'dimension', type: 'time' }, 'filters', undefined,
    { member: 'sales.created_at', operator: 'inDateRange', values: ['last year'] });
}

describe('saving an exploration', () => {
  it('is refused to a user who may only read: the analyst has no ReportEdit grant', async () => {
    const { t } = local;
    const refused = await saveAsNewReport(t.analyst, t.salesDeploymentId, { name: 'Mine' }, revenueByRegionLastYear(), typeOf).catch((e: unknown) => e);
    expect(refused).toMatchObject({ status: 403 });
  });

  it('saves a new report with its query and pivot items, which the data API then runs', async () => {
    const { t, data } = local;
    const saved = await saveAsNewReport(new PlatformReportStore(t.admin), t.salesDeploymentId, { name: 'Revenue by region, last year' }, revenueByRegionLastYear(), typeOf);
    expect(saved).toMatchObject({ name: 'Revenue by region, last year', source: 'EXCEL' });
    const query = JSON.parse(saved.jsonQuery!) as CubeQuery;
    expect(query).toEqual({
      measures: ['sales.total_amount'], dimensions: ['sales.region'], timeDimensions: [],
      filters: [{ member: 'sales.created_at', operator: 'inDateRange', values: ['last year'] }],
    });
    expect(saved.pivotItems).toMatchObject({ rows: ['sales.region'], columns: [], measures: ['sales.total_amount'], filters: ['sales.created_at'] });
    const reread = await t.admin.getReport(t.salesDeploymentId, saved.id);
    expect(reread.jsonQuery).toBe(saved.jsonQuery);
    // Cube resolves "last year" itself: the query runs as saved.
    const result = await data.load(query);
    expect(result.query).toMatchObject({ filters: [{ member: 'sales.created_at', operator: 'inDateRange' }] });
  });

  it('saves into the report it was opened from, and refuses to overwrite a newer version', async () => {
    const { t } = local;
    const opened = await saveAsNewReport(new PlatformReportStore(t.admin), t.salesDeploymentId, { name: 'Revenue by quarter' }, revenueByRegionLastYear(), typeOf);
    let changed = placeMember(revenueByRegionLastYear(), { name: 'sales.created_at', kind: 'dimension', type: 'time' }, 'columns');
    changed = setGranularity(changed, 'sales.created_at', 'quarter');
    const updated = await saveIntoReport(new PlatformReportStore(t.admin), opened, changed, typeOf);
    expect(updated.version).toBe((opened.version ?? 0) + 1);
    // Cube's query format: the grouped time dimension carries the date range (the playground writes it so).
    expect(JSON.parse(updated.jsonQuery!)).toEqual({
      measures: ['sales.total_amount'], dimensions: ['sales.region'],
      timeDimensions: [{ dimension: 'sales.created_at', granularity: 'quarter', dateRange: 'last year' }], filters: [],
    });

    // Someone else saves meanwhile; saving into the version first opened is refused in words.
    await t.admin.updateReport(t.salesDeploymentId, opened.id, { title: 'Edited elsewhere' });
    const refused = await saveIntoReport(new PlatformReportStore(t.admin), updated, revenueByRegionLastYear(), typeOf).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ReportChangedElsewhereError);
    // Named as the user opened it.
    expect(describeError(refused, i18nFor('en-US'))).toBe('Someone else changed “Revenue by quarter” since you opened it. Reload it to see their version, or save yours as a copy.');
    expect(describeError(refused, i18nFor('de-DE'))).toMatch(/^Jemand anderes hat „Revenue by quarter“ geändert/);
  });
});
