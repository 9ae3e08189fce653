import { renderToStaticMarkup } from 'react-dom/server';
import type { AppConfigResponse, CubeLoadResult, CubeMeta, CubeQuery, Report, User } from '../../src/contract';
import { ReportRunner } from '../../src/placements/report-run';
import { ReportPreviewer, type ReportPreview } from '../../src/placements/report-preview';
import { ReportPreviewStore, type OpenPreview } from '../../src/pane/report-preview-store';
import type { DataClient, LoadOptions } from '../../src/ports/data-source';
import { I18nProvider, i18nFor } from '../../src/taskpane/i18n';
import { ReportPreview as PreviewView, sizeWords } from '../../src/taskpane/views/ReportPreview';

/**
 * The preview before placing, over hand-made ports: a data API that answers from a result written here (its rows
 * past the offset, up to the limit, with Cube's `total`: the rows without limit and offset), and the sizes worked
 * out by hand from how placing lays those rows out.
 */

const user = (timezone?: string): User => ({ id: 2, email: 'anna@example.com', username: 'anna', isAdmin: false, notifications: {}, settings: timezone ? { timezone } : {} });
const appConfig = (restrictDataDownload = false): AppConfigResponse => ({ applyThemeGlobally: false, restrictDataDownload, sheetsAgentChatEnabled: false });

const annotation: CubeLoadResult['annotation'] = {
  measures: {
    'orders.count': { title: 'Orders Count', shortTitle: 'Count', type: 'number' },
    'orders.total_amount': { title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number' },
  },
  dimensions: {
    'orders.status': { title: 'Orders Status', shortTitle: 'Status', type: 'string' },
    'orders.region': { title: 'Orders Region', shortTitle: 'Region', type: 'string' },
  },
  segments: {},
  timeDimensions: { 'orders.created_at.quarter': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' } },
};
const meta: CubeMeta = {
  cubes: [{
    name: 'orders', title: 'Orders', measures: [
      { name: 'orders.count', title: 'Orders Count', shortTitle: 'Orders', type: 'number' },
      { name: 'orders.total_amount', title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number' },
    ],
    dimensions: [
      { name: 'orders.status', title: 'Orders Status', shortTitle: 'Status', type: 'string' },
      { name: 'orders.region', title: 'Orders Region', shortTitle: 'Region', type: 'string' },
      { name: 'orders.created_at', title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
    ],
    segments: [],
  }],
};

/** Statuses: five, so a flat "Orders by status" is a header row and five rows of three columns. */
const statuses = ['completed', 'processing', 'shipped', 'cancelled', 'returned'].map((status, i) => ({ 'orders.status': status, 'orders.count': String(10 - i), 'orders.total_amount': String(100 * (i + 1)) }));
/** Two regions by four quarters of 2025. */
const quarters = ['2025-01-01T00:00:00.000', '2025-04-01T00:00:00.000', '2025-07-01T00:00:00.000', '2025-10-01T00:00:00.000'];
const regionQuarters = ['Europe', 'Asia'].flatMap((region) => quarters.map((q, i) => ({ 'orders.region': region, 'orders.created_at.quarter': q, 'orders.total_amount': String(i + 1) })));

function dataApi(rows: Record<string, string>[], options: { total?: boolean; meta?: CubeMeta | null; load?: DataClient['load'] } = {}) {
  const queries: CubeQuery[] = [];
  const client: DataClient = {
    load: options.load ?? (async (query: CubeQuery) => {
      queries.push(query);
      const from = query.offset ?? 0;
      const data = rows.slice(from, from + (query.limit ?? 10_000));
      return { query, data, annotation, ...(query.total && options.total !== false ? { total: rows.length } : {}) };
    }),
    ...(options.meta === null ? {} : { meta: async () => options.meta ?? meta }),
  };
  return { queries, data: { forDeployment: async () => client } };
}

const report = (query: CubeQuery, extra: Partial<Report> = {}): Report => ({
  id: 11, deploymentId: 1, publicId: 'OrdersStatus', name: 'Orders by status', userId: 1, type: 'REPORT',
  user: { id: 1, email: 'admin@example.com', firstName: 'Ada' }, createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-03-02T10:15:00.000Z',
  description: '  Orders by their status.  ', folderPath: [{ id: 3, name: 'Sales' }], jsonQuery: JSON.stringify(query), ...extra,
});
const byStatus = report({ measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'] });
const regionQuarter = report(
  { measures: ['orders.total_amount'], dimensions: ['orders.region'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter' }] },
  {
    id: 12, name: 'Revenue by region and quarter', description: null, folderPath: [{ id: 3, name: 'Sales' }, { id: 4, name: 'Regional' }],
    pivotItems: { rows: ['orders.region'], columns: ['orders.created_at.quarter'], measures: ['orders.total_amount'], filters: [], showColumnTotals: true, showRowTotals: true },
  },
);

const previewer = (data: ReturnType<typeof dataApi>['data'], extra: Partial<ConstructorParameters<typeof ReportPreviewer>[0]> = {}, timezone?: string, restricted = false) =>
  new ReportPreviewer({ data, user: () => user(timezone), appConfig: () => appConfig(restricted), ...extra });

async function previewOf(p: ReportPreviewer, r: Report): Promise<{ final: ReportPreview; steps: ReportPreview[] }> {
  const steps: ReportPreview[] = [];
  const final = await p.preview(r, (step) => steps.push(step));
  return { final, steps };
}

describe('the preview before placing', () => {
  it("tells a flat report's description, folder, change, owner and members (the model's titles), and its exact size", async () => {
    const api = dataApi(statuses);
    const { final, steps } = await previewOf(previewer(api.data, {}, 'Europe/Berlin'), byStatus);
    expect(steps[0]!.size).toEqual({ kind: 'counting' });
    expect(final).toMatchObject({
      reportId: 11, title: 'Orders by status', description: 'Orders by their status.', folderPath: [{ id: 3, name: 'Sales' }],
      updatedAt: '2026-03-02T10:15:00.000Z', owner: { name: 'Ada', email: 'admin@example.com' },
      members: {
        rows: [{ name: 'orders.status', title: 'Status', granularity: null }],
        columns: [],
        measures: [{ name: 'orders.count', title: 'Orders', granularity: null }, { name: 'orders.total_amount', title: 'Revenue', granularity: null }],
      },
      // A header row and the five statuses; status, count and revenue.
      size: { kind: 'exact', rows: 6, columns: 3, cutAt: null },
    });
    // One row is enough for a flat table (its columns never depend on the data), asked with total, in the user's time zone.
    expect(api.queries).toEqual([{ measures: ['orders.count', 'orders.total_amount'], dimensions: ['orders.status'], timezone: 'Europe/Berlin', limit: 1, offset: undefined, total: true }]);
  });

  it("lays a whole pivot out: 2 header rows, 2 regions and the Total row by the region, 4 quarters and the Total column", async () => {
    const { final } = await previewOf(previewer(dataApi(regionQuarters).data), regionQuarter);
    expect(final.size).toEqual({ kind: 'exact', rows: 5, columns: 6, cutAt: null });
    expect(final.description).toBeNull();
    expect(final.members).toEqual({
      rows: [{ name: 'orders.region', title: 'Region', granularity: null }],
      columns: [{ name: 'orders.created_at.quarter', title: 'Created at', granularity: 'quarter' }],
      measures: [{ name: 'orders.total_amount', title: 'Revenue', granularity: null }],
    });
  });

  it('matches the grid placing lays out of the same result', async () => {
    const api = dataApi(regionQuarters);
    const runner = new ReportRunner({ data: api.data, user: () => user(), appConfig: () => appConfig() });
    const { grid } = await runner.run(regionQuarter);
    const { final } = await previewOf(previewer(api.data), regionQuarter);
    expect(final.size).toMatchObject({ rows: grid.values.length, columns: grid.values[0]!.length });
  });

  it("says 'about' for a pivot larger than the rows it looked at: Europe's 4 of 8 rows make one region row, so about two", async () => {
    const { final } = await previewOf(previewer(dataApi(regionQuarters).data, { sampleRows: 4 }), regionQuarter);
    expect(final.size).toEqual({ kind: 'about', rows: 5, columns: 6 });
  });

  it("counts a flat table's rows from total, within the report's limit and offset and the add-in's maximum", async () => {
    const many = Array.from({ length: 1_200 }, (_, i) => ({ 'orders.status': `s${i}`, 'orders.count': '1', 'orders.total_amount': '1' }));
    const limited = report({ measures: ['orders.count'], dimensions: ['orders.status'], limit: 100, offset: 1_150 });
    expect((await previewOf(previewer(dataApi(many).data), limited)).final.size).toEqual({ kind: 'exact', rows: 51, columns: 2, cutAt: null });
    const capped = previewer(dataApi(many).data, { limits: { pageSize: 500, maxRows: 1_000 } });
    expect((await previewOf(capped, byStatus)).final.size).toEqual({ kind: 'exact', rows: 1_001, columns: 3, cutAt: 1_000 });
    // A data API without total: only "at least" what it sent.
    expect((await previewOf(previewer(dataApi(many, { total: false }).data), byStatus)).final.size).toEqual({ kind: 'at-least', rows: 2, columns: 3 });
  });

  it('names members by their names when the model gives no titles and the query gave none yet', async () => {
    const { final } = await previewOf(previewer(dataApi(statuses, { meta: null }).data), byStatus);
    expect(final.members!.measures.map((m) => m.title)).toEqual(['Count', 'Revenue']);
    const slow = dataApi(statuses, { meta: null, load: () => Promise.reject(new Error('boom')) });
    const failed = (await previewOf(previewer(slow.data), byStatus)).final;
    expect(failed.members!.rows).toEqual([{ name: 'orders.status', title: null, granularity: null }]);
    expect(failed.size).toEqual({ kind: 'failed', error: new Error('boom') });
  });

  it('shows estimating while the data API answers Continue wait, then settles for what the definition tells', async () => {
    let stopped: AbortSignal | undefined;
    const load = (_query: CubeQuery, options?: LoadOptions) => new Promise<CubeLoadResult>((_, reject) => {
      stopped = options!.signal;
      options!.signal!.addEventListener('abort', () => reject(new Error('cancelled')));
      options!.onProgress!({ waitedMs: 2_000, attempts: 1 });
      options!.onProgress!({ waitedMs: 12_000, attempts: 2 });
    });
    const { final, steps } = await previewOf(previewer(dataApi([], { load }).data, { maxWaitMs: 10_000 }), byStatus);
    expect(steps.map((s) => s.size.kind)).toContain('slow');
    expect(stopped?.aborted).toBe(true);
    expect(final.size).toEqual({ kind: 'unknown', maxRows: null, columns: 3 });
    const limited = report({ measures: ['orders.count'], dimensions: ['orders.status'], limit: 250 });
    expect((await previewOf(previewer(dataApi([], { load }).data, { maxWaitMs: 10_000 }), limited)).final.size).toEqual({ kind: 'unknown', maxRows: 250, columns: 2 });
    const pivot = (await previewOf(previewer(dataApi([], { load }).data, { maxWaitMs: 10_000 }), regionQuarter)).final;
    expect(pivot.size).toEqual({ kind: 'unknown', maxRows: null, columns: null });
  });

  it('asks the data API nothing while the admin restricts data download, nor for a report that cannot be placed', async () => {
    const api = dataApi(statuses);
    expect((await previewOf(previewer(api.data, {}, undefined, true), byStatus)).final.size).toEqual({ kind: 'unavailable', reason: 'download-restricted' });
    const sql = report({}, { jsonQuery: null, sqlQuery: 'SELECT 1' });
    const unplaceable = (await previewOf(previewer(api.data), sql)).final;
    expect(unplaceable).toMatchObject({ members: null, size: { kind: 'unavailable', reason: 'unplaceable' } });
    expect(api.queries).toEqual([]);
  });
});

describe('the preview store', () => {
  it('opens one preview at a time, drops a replaced one\'s answers, and closes on a second click', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    const signals: AbortSignal[] = [];
    const fake = {
      async preview(r: Report, onChange: (p: ReportPreview) => void, signal?: AbortSignal) {
        signals.push(signal!);
        const p: ReportPreview = { reportId: r.id, title: r.name, description: null, folderPath: [], updatedAt: r.updatedAt, owner: { name: null, email: 'x@example.com' }, members: null, size: { kind: 'counting' } };
        onChange(p);
        if (r.id === 11) await held;
        onChange({ ...p, size: { kind: 'exact', rows: 1, columns: 1, cutAt: null } });
        return p;
      },
    };
    const store = new ReportPreviewStore(fake, { sample: async () => ({ kind: 'none' }) });
    store.toggle(byStatus);
    expect(store.getState().open).toMatchObject({ reportId: 11, size: { kind: 'counting' } });
    store.toggle(regionQuarter);
    expect(signals[0]!.aborted).toBe(true);
    await Promise.resolve();
    release();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(store.getState().open).toMatchObject({ reportId: 12, size: { kind: 'exact' } });
    store.toggle(regionQuarter);
    expect(store.getState().open).toBeNull();
    expect(signals[1]!.aborted).toBe(true);
  });
});

describe('the preview in words', () => {
  const en = i18nFor('en-US');
  const de = i18nFor('de-DE');
  it('says the size with plurals, about, at least, cut and why not, in English and German', () => {
    expect(sizeWords({ kind: 'exact', rows: 6, columns: 3, cutAt: null }, en)).toBe('6 rows × 3 columns');
    expect(sizeWords({ kind: 'exact', rows: 1, columns: 1, cutAt: null }, de)).toBe('1 Zeile × 1 Spalte');
    expect(sizeWords({ kind: 'about', rows: 1200, columns: 14 }, de)).toBe('etwa 1.200 Zeilen × 14 Spalten');
    expect(sizeWords({ kind: 'exact', rows: 500_001, columns: 2, cutAt: 500_000 }, en)).toBe('500,001 rows × 2 columns. More rows than the add-in places: the first 500,000 would be placed.');
    expect(sizeWords({ kind: 'slow', waitedMs: 3000 }, en)).toMatch(/^Estimating…/);
    expect(sizeWords({ kind: 'unknown', maxRows: 250, columns: 2 }, en)).toBe('Unknown (the query is slow): up to 250 rows × 2 columns.');
    expect(sizeWords({ kind: 'unknown', maxRows: null, columns: null }, de)).toMatch(/^Unbekannt/);
  });

  it('renders the platform\'s texts as text', () => {
    const preview: OpenPreview = {
      reportId: 1, title: '<b>t</b>', description: '<img src=x onerror=alert(1)>', folderPath: [{ id: 1, name: '<i>f</i>' }],
      updatedAt: '2026-03-02T10:15:00.000Z', owner: { name: 'Ada', email: 'admin@example.com' },
      members: { rows: [{ name: 'orders.created_at.quarter', title: 'Created at', granularity: 'quarter' }], columns: [], measures: [] },
      size: { kind: 'exact', rows: 2, columns: 1, cutAt: null },
      sample: { kind: 'none' },
    };
    const html = renderToStaticMarkup(<I18nProvider value={en}><PreviewView preview={preview} /></I18nProvider>);
    expect(html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;i&gt;f&lt;/i&gt;');
    expect(html).toContain('Created at · Quarter');
    expect(html).toContain('Ada (admin@example.com)');
  });
});
