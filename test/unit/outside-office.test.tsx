import { renderToStaticMarkup } from 'react-dom/server';
import type { Report } from '../../src/contract';
import { officeHost, runsInOffice } from '../../src/excel/office-host';
import { I18nProvider, i18nFor } from '../../src/taskpane/i18n';
import { OutsideOffice } from '../../src/taskpane/views/OutsideOffice';
import { ReportRow } from '../../src/taskpane/views/ReportRow';

describe('the task pane outside Office', () => {
  afterEach(() => {
    delete (globalThis as { Office?: unknown }).Office;
    delete (globalThis as { window?: unknown }).window;
  });

  it("tells a plain browser (Office.onReady's host null) from Excel", () => {
    expect(runsInOffice({ host: null })).toBe(false);
    expect(runsInOffice({ host: 'Excel' as unknown as Office.HostType })).toBe(true);
  });

  it('answers a dialog asked for without an Office host as failed, throwing nothing', async () => {
    // A context with neither requirements nor ui, as Office.js leaves it in a plain browser.
    Object.assign(globalThis, { Office: { context: { displayLanguage: 'en-US' } }, window: { location: { origin: 'https://localhost:3000' } } });
    await expect(officeHost().openDialog('https://localhost:3000/auth/start.html')).resolves.toEqual({ kind: 'failed', code: null });
  });

  it('says the add-in runs in Excel, how to add it, and links the workbench only where there is one', () => {
    const development = renderToStaticMarkup(<OutsideOffice displayLanguage="en-US" workbenchUrl="http://localhost:3000/workbench.html" />);
    expect(development).toContain('Open this add-in in Excel');
    expect(development).toContain('Upload My Add-in');
    expect(development).toMatch(/<a [^>]*href="http:\/\/localhost:3000\/workbench.html"/);
    const production = renderToStaticMarkup(<OutsideOffice displayLanguage="de-DE" workbenchUrl={null} />);
    expect(production).toContain('Öffnen Sie dieses Add-In in Excel');
    expect(production).not.toContain('<a ');
  });
});

describe("a report's Place button", () => {
  const report = {
    id: 7, deploymentId: 1, publicId: 'r7', name: 'Revenue by region', userId: 1, user: { name: 'Anna', email: 'anna@example.com' },
    type: null, createdAt: '2025-01-01', updatedAt: '2025-01-01', jsonQuery: '{"measures":["sales.total_amount"]}',
  } as unknown as Report;
  const row = (r: Report, language = 'en-US') => renderToStaticMarkup(
    <I18nProvider value={i18nFor(language)}>
      <ReportRow report={r} placedCount={0} busy={false} placeDisabled={false} onPlace={() => {}} onOpenFolder={() => {}} />
    </I18nProvider>,
  );

  it("is named with the report's title, the visible word first", () => {
    expect(row(report)).toMatch(/<button [^>]*aria-label="Place Revenue by region"[^>]*>Place<\/button>/);
    expect(row(report, 'de-DE')).toMatch(/<button [^>]*aria-label="Platzieren: Revenue by region"[^>]*>Platzieren<\/button>/);
  });

  it('keeps a hostile title text in the name', () => {
    expect(row({ ...report, name: '"><img src=x onerror=alert(1)>' })).toContain('aria-label="Place &quot;&gt;&lt;img src=x onerror=alert(1)&gt;"');
  });
});
