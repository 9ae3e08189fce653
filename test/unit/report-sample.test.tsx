import { renderToStaticMarkup } from 'react-dom/server';
import type { AppConfigResponse, CubeLoadResult, CubeQuery, Report, User } from '../../src/contract';
import { ENGLISH_CELL_WORDS } from '../../src/core/cell-words';
import { resolvePivot } from '../../src/core/report-definition';
import { shownValue } from '../../src/core/shown-value';
import { sampleQuery, sampleTable } from '../../src/layout/sample-table';
import { ReportPreviewStore, type OpenPreview } from '../../src/pane/report-preview-store';
import { ReportPreviewer } from '../../src/placements/report-preview';
import { ReportSampler, type SampleRows } from '../../src/placements/report-sample';
import type { DataClient, LoadOptions } from '../../src/ports/data-source';
import { I18nProvider, i18nFor } from '../../src/taskpane/i18n';
import { PreviewSampleRows } from '../../src/taskpane/views/PreviewSampleRows';

/**
 * A report's first rows in its preview (issue 42): the one `limit: 5` load beside the size's, the rows laid out flat
 * with the titles and number formats placing gives them, shown as Excel would show those cells. The data API is a
 * hand-made port answering rows written here; the shown texts are worked out by hand from Excel's format codes.
 */

const user: User = { id: 2, email: 'anna@example.com', username: 'anna', isAdmin: false, notifications: {}, settings: { timezone: 'Europe/Berlin' } };
const appConfig = (restrictDataDownload = false): AppConfigResponse => ({ applyThemeGlobally: false, restrictDataDownload, sheetsAgentChatEnabled: false });

const annotation: CubeLoadResult['annotation'] = {
  measures: {
    'orders.count': { title: 'Orders Count', shortTitle: 'Count', type: 'number' },
    'orders.total_amount': { title: 'Orders Revenue', shortTitle: 'Revenue', type: 'number', format: 'currency', currency: 'USD' },
    'orders.rate': { title: 'Orders Completion rate', shortTitle: 'Completion rate', type: 'number', format: 'percent' },
  },
  dimensions: {
    'orders.status': { title: 'Orders Status', shortTitle: 'Status', type: 'string' },
    'orders.region': { title: 'Orders Region', shortTitle: 'Region', type: 'string' },
    'orders.returning': { title: 'Orders Returning', shortTitle: 'Returning', type: 'boolean' },
  },
  segments: {},
  timeDimensions: {
    'orders.created_at.month': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
    'orders.created_at.quarter': { title: 'Orders Created at', shortTitle: 'Created at', type: 'time' },
  },
};

/** Seven months of 2025: more than the five the preview shows. */
const months = Array.from({ length: 7 }, (_, i) => ({
  'orders.created_at.month': `2025-${String(i + 1).padStart(2, '0')}-01T00:00:00.000`,
  'orders.total_amount': String(1234.5 * (i + 1)),
  'orders.count': String(10 + i),
}));

function dataApi(rows: Record<string, string | boolean | null>[], load?: DataClient['load']) {
  const queries: CubeQuery[] = [];
  const client: DataClient = {
    load: load ?? (async (query: CubeQuery) => {
      queries.push(query);
      const from = query.offset ?? 0;
      return { query, data: rows.slice(from, from + (query.limit ?? 10_000)), annotation, ...(query.total ? { total: rows.length } : {}) };
    }),
  };
  return { queries, data: { forDeployment: async () => client } };
}

const report = (query: CubeQuery, extra: Partial<Report> = {}): Report => ({
  id: 21, deploymentId: 1, publicId: 'MonthlyRevnu', name: 'Monthly revenue', userId: 1, type: 'REPORT',
  user: { id: 1, email: 'admin@example.com', firstName: 'Ada' }, createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-03-02T10:15:00.000Z',
  jsonQuery: JSON.stringify(query), ...extra,
});
const monthly = report({ measures: ['orders.total_amount', 'orders.count'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }], order: { 'orders.created_at': 'asc' } });

const sampler = (data: ReturnType<typeof dataApi>['data'], restricted = false, maxWaitMs?: number) =>
  new ReportSampler({ data, user: () => user, appConfig: () => appConfig(restricted), maxWaitMs });
const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a report's first rows", () => {
  it('are one load of the report\'s query as placing sends it, with limit 5 and no total', async () => {
    const api = dataApi(months);
    const rows = await sampler(api.data).sample(monthly);
    expect(api.queries).toEqual([{
      measures: ['orders.total_amount', 'orders.count'], timeDimensions: [{ dimension: 'orders.created_at', granularity: 'month' }],
      order: { 'orders.created_at': 'asc' }, timezone: 'Europe/Berlin', limit: 5,
    }]);
    expect(rows).toMatchObject({ kind: 'loaded', flat: true });
    expect((rows as Extract<SampleRows, { kind: 'loaded' }>).result.data).toHaveLength(5);
  });

  it("keep the query's own smaller limit, its offset and its time zone", () => {
    expect(sampleQuery({ measures: ['orders.count'], limit: 3, offset: 10, timezone: 'UTC', total: true })).toEqual({ measures: ['orders.count'], limit: 3, offset: 10, timezone: 'UTC' });
    expect(sampleQuery({ measures: ['orders.count'], limit: 500 })).toEqual({ measures: ['orders.count'], limit: 5 });
  });

  it('are not loaded for a report that cannot be placed, nor when the admin restricts data download', async () => {
    const api = dataApi(months);
    expect(await sampler(api.data).sample(report({}, { jsonQuery: null, sqlQuery: 'SELECT 1' }))).toEqual({ kind: 'none' });
    expect(await sampler(api.data, true).sample(monthly)).toEqual({ kind: 'none' });
    expect(api.queries).toEqual([]);
  });

  it('keep a failed load as its error, and give a query that keeps answering Continue wait up', async () => {
    const refused = new Error('Query timeout');
    expect(await sampler(dataApi([], async () => { throw refused; }).data).sample(monthly)).toEqual({ kind: 'failed', error: refused });
    const waiting = dataApi([], (_query: CubeQuery, options?: LoadOptions) => new Promise((_, reject) => {
      options!.signal!.addEventListener('abort', () => reject(new Error('stopped')));
      options!.onProgress!({ waitedMs: 50, attempts: 1 });
    }));
    expect(await sampler(waiting.data, false, 50).sample(monthly)).toEqual({ kind: 'slow' });
  });
});

describe('the preview store with first rows', () => {
  const storeOver = (api: ReturnType<typeof dataApi>) => new ReportPreviewStore(
    new ReportPreviewer({ data: api.data, user: () => user, appConfig: () => appConfig() }),
    new ReportSampler({ data: api.data, user: () => user, appConfig: () => appConfig() }),
  );
  const until = async (store: ReportPreviewStore, done: (open: OpenPreview) => boolean) => {
    for (let i = 0; i < 50 && !(store.getState().open && done(store.getState().open!)); i += 1) await settled();
    return store.getState().open!;
  };

  it('sends two loads, the size\'s (1 row with total) and the first rows\' (limit 5), and keeps both', async () => {
    const api = dataApi(months);
    const store = storeOver(api);
    store.open(monthly);
    expect(store.getState().open).toMatchObject({ reportId: 21, size: { kind: 'counting' }, sample: { kind: 'loading' } });
    const open = await until(store, (o) => o.size.kind === 'exact' && o.sample.kind === 'loaded');
    expect(open.size).toEqual({ kind: 'exact', rows: 8, columns: 3, cutAt: null });
    expect(open.sample).toMatchObject({ kind: 'loaded', query: { limit: 5 } });
    expect(api.queries.map((q) => ({ limit: q.limit, total: q.total }))).toEqual(
      expect.arrayContaining([{ limit: 1, total: true }, { limit: 5, total: undefined }]),
    );
    expect(api.queries).toHaveLength(2);
  });

  it('keeps a failed first-rows load in words while the size stays', async () => {
    const api = dataApi(months, async (query) => {
      if (!query.total) throw new Error('The data API answered 500');
      return { query, data: months.slice(0, 1), annotation, total: months.length };
    });
    const store = storeOver(api);
    store.open(monthly);
    const open = await until(store, (o) => o.size.kind === 'exact' && o.sample.kind === 'failed');
    expect(open.size).toMatchObject({ kind: 'exact', rows: 8 });
    expect(open.sample).toMatchObject({ kind: 'failed', error: new Error('The data API answered 500') });
    const html = renderToStaticMarkup(<I18nProvider value={i18nFor('en-US')}><PreviewSampleRows sample={open.sample} /></I18nProvider>);
    expect(html).toContain('The first rows could not be loaded:');
  });

  it("drops a closed preview's rows", async () => {
    const store = storeOver(dataApi(months));
    store.open(monthly);
    store.close();
    await settled();
    await settled();
    expect(store.getState().open).toBeNull();
  });
});

describe('the first rows as the cells placing writes would show them', () => {
  const words = { locale: 'en-US', true: 'TRUE', false: 'FALSE' };
  const german = { locale: 'de-DE', true: 'WAHR', false: 'FALSCH' };

  it('shows the number formats the add-in writes', () => {
    expect(shownValue(1234.5, '$#,##0.00', words)).toBe('$1,234.50');
    expect(shownValue(1234.5, '$#,##0.00', german)).toBe('$1.234,50');
    expect(shownValue(-1234.5, '$#,##0.00', words)).toBe('-$1,234.50');
    expect(shownValue(1234567, '#,##0', words)).toBe('1,234,567');
    expect(shownValue(0.125, '0.0%', words)).toBe('12.5%');
    expect(shownValue(0.6, '0.00%', german)).toBe('60,00%');
    expect(shownValue(-1500, '#,##0.00;(#,##0.00)', words)).toBe('(1,500.00)');
    expect(shownValue(1234567, '"€"#,##0.0,,"M"', words)).toBe('€1.2M');
    expect(shownValue(12345, '0.00E+00', words)).toBe('1.23E+04');
    expect(shownValue(1.25, '#,##0.0#', words)).toBe('1.25');
    expect(shownValue(2024, '0', words)).toBe('2024');
    expect(shownValue(1234.5678, 'General', words)).toBe('1234.5678');
    expect(shownValue(-3, '"€"General;-"€"General', words)).toBe('-€3');
    expect(shownValue(true, 'General', german)).toBe('WAHR');
    expect(shownValue('<b>North</b>', 'General', words)).toBe('<b>North</b>');
  });

  it('shows dates from their serials', () => {
    // 2025-03-01 is serial 45717; 14:05:09 is 0.58691 of a day.
    const march = 45717;
    const at = march + (14 * 3600 + 5 * 60 + 9) / 86_400;
    expect(shownValue(march, 'mmm yyyy', words)).toBe('Mar 2025');
    expect(shownValue(march, 'yyyy-mm-dd', words)).toBe('2025-03-01');
    expect(shownValue(march, '"Week of "yyyy-mm-dd', words)).toBe('Week of 2025-03-01');
    expect(shownValue(at, 'yyyy-mm-dd hh:mm:ss', words)).toBe('2025-03-01 14:05:09');
    expect(shownValue(at, 'dd.mm.yyyy h:mm AM/PM', words)).toBe('01.03.2025 2:05 PM');
    expect(shownValue(march, 'yyyy', words)).toBe('2025');
    expect(shownValue(march, 'mmmm', german)).toBe('März');
  });

  it('lays out a flat report: its titles, its values and their formats', () => {
    const query = JSON.parse(monthly.jsonQuery!) as CubeQuery;
    const result: CubeLoadResult = { query, data: months.slice(0, 2), annotation };
    const table = sampleTable(result, query, resolvePivot(null, query), ENGLISH_CELL_WORDS);
    expect(table.columns).toEqual([
      { title: 'Created at · Month', numeric: false }, { title: 'Revenue', numeric: true }, { title: 'Count', numeric: true },
    ]);
    expect(table.rows.map((row) => row.map((cell) => shownValue(cell.value, cell.format, words)))).toEqual([
      ['Jan 2025', '$1,234.50', '10'], ['Feb 2025', '$2,469.00', '11'],
    ]);
  });

  it('lays a pivot out flat (rows, then columns, then measures), a quarter as its label, a boolean and a missing value', () => {
    const query: CubeQuery = {
      measures: ['orders.rate'], dimensions: ['orders.region', 'orders.returning'],
      timeDimensions: [{ dimension: 'orders.created_at', granularity: 'quarter' }],
    };
    const pivot = resolvePivot({ rows: ['orders.region'], columns: ['orders.created_at.quarter'], measures: ['orders.rate'], filters: [] }, query);
    const data = [
      { 'orders.region': 'Europe', 'orders.returning': true, 'orders.created_at.quarter': '2025-04-01T00:00:00.000', 'orders.rate': '0.5' },
      { 'orders.region': 'Asia', 'orders.returning': false, 'orders.created_at.quarter': '2025-01-01T00:00:00.000', 'orders.rate': null },
    ];
    const table = sampleTable({ query, data, annotation }, query, pivot, ENGLISH_CELL_WORDS);
    expect(table.columns.map((c) => c.title)).toEqual(['Region', 'Returning', 'Created at · Quarter', 'Completion rate']);
    expect(table.rows.map((row) => row.map((cell) => shownValue(cell.value, cell.format, words)))).toEqual([
      ['Europe', 'TRUE', 'Q2 2025', '50.00%'], ['Asia', 'FALSE', 'Q1 2025', ''],
    ]);
  });
});

describe('the first rows in the preview', () => {
  const loaded = (query: CubeQuery, data: Record<string, string | boolean | null>[], items: Report['pivotItems'] = null): SampleRows => {
    const pivot = resolvePivot(items, query);
    return { kind: 'loaded', result: { query, data, annotation }, query, pivot, flat: !items?.columns.length };
  };
  const html = (sample: SampleRows, locale = 'en-US') => renderToStaticMarkup(<I18nProvider value={i18nFor(locale)}><PreviewSampleRows sample={sample} /></I18nProvider>);
  const hostile = { 'orders.status': '<img src=x onerror=alert(1)>', 'orders.count': '3' };

  it('is a table with a caption, column headers and the values as text, in English and German', () => {
    const query: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.status'] };
    const en = html(loaded(query, [hostile, { 'orders.status': 'shipped', 'orders.count': '1200' }]));
    expect(en).toContain('>First 2 rows</p>');
    expect(en).toContain('<th scope="col"');
    expect(en).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(en).not.toContain('<img');
    expect(en).toContain('1,200');
    const de = html(loaded(query, [hostile]), 'de-DE');
    expect(de).toContain('>Die erste Zeile</p>');
  });

  it("says a pivot's rows are the query's, and tells loading, none, slow and failed in words", () => {
    const query: CubeQuery = { measures: ['orders.count'], dimensions: ['orders.region', 'orders.status'] };
    const items = { rows: ['orders.region'], columns: ['orders.status'], measures: ['orders.count'], filters: [] };
    const rows = Array.from({ length: 5 }, () => ({ 'orders.region': 'Europe', 'orders.status': 'shipped', 'orders.count': '1' }));
    expect(html(loaded(query, rows, items))).toContain('>First 5 rows of the query</p>');
    expect(html(loaded(query, rows, items), 'de-DE')).toContain('>Die ersten 5 Zeilen der Abfrage</p>');
    expect(html(loaded(query, []))).toContain('The query returns no rows.');
    expect(html({ kind: 'loading' })).toContain('Loading the first rows…');
    expect(html({ kind: 'slow' }, 'de-DE')).toContain('Die ersten Zeilen werden nicht gezeigt');
    expect(html({ kind: 'none' })).toBe('');
  });
});
