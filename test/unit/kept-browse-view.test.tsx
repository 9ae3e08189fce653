import { renderToStaticMarkup } from 'react-dom/server';
import type { Report } from '../../src/contract';
import { cardsOf } from '../../src/pane/placement-cards';
import type { WorkbookPlacement } from '../../src/placements/workbook-placements';
import { I18nProvider, i18nFor } from '../../src/taskpane/i18n';
import { KeptReportForm, KeptReportMenu, UnavailableReports } from '../../src/taskpane/views/kept/KeptReportParts';
import { KeptReportActions, type KeptReportEditing } from '../../src/pane/kept-reports';
import type { ReportListing } from '../../src/pane/report-list';
import { ReportListStore } from '../../src/pane/report-list-store';
import { PlacementsView } from '../../src/taskpane/views/PlacementsView';
import { ReportRow } from '../../src/taskpane/views/ReportRow';
import { ReportsView, type KeptReportsBrowse } from '../../src/taskpane/views/ReportsView';
import type { UnavailableReport } from '../../src/workbook/report-parts';

/**
 * Browse of reports kept in the workbook and the cards saying where each report lives, rendered to markup (effects
 * do not run): what is shown and how each control is named, in English and German.
 */

const noop = () => undefined;
const report = {
  id: 7, deploymentId: 0, publicId: 'AbCdEf123456', name: 'orders-by-status', title: 'Orders by status', folderId: null, folderPath: [],
  jsonQuery: '{"measures":["orders.count"],"dimensions":["orders.status"]}', canEdit: true, canManage: true, version: 1,
} as unknown as Report;
const store = {} as KeptReportEditing;
const list = () => new ReportListStore({ reports: {} as ReportListing });
const actions = () => new KeptReportActions({ reports: () => store, describe: String, copyName: (n) => n, onChanged: noop });
const html = (node: React.ReactNode, language = 'en-US') => renderToStaticMarkup(<I18nProvider value={i18nFor(language)}>{node}</I18nProvider>);

describe('Browse of the reports kept in this workbook', () => {
  const view = (kept: KeptReportsBrowse | null, language = 'en-US') => html(
    <ReportsView
      list={list()} deploymentId={0} workbookId="wb" placedCounts={new Map()} busy={false} placeDisabled={false} onPlace={noop} kept={kept}
    />, language,
  );

  it('says in one line that its reports are not filed in folders, with no breadcrumb and no "In this workbook" switch', () => {
    const kept = view({ actions: actions(), onOpenInBuilder: noop });
    // Issue 42: no "managed platform" said to a user connected to a Cube deployment alone.
    expect(kept).toContain('Reports kept in this workbook are not filed in folders.');
    expect(kept).not.toContain('All reports');
    expect(kept).not.toContain('role="switch"');
    expect(kept).not.toMatch(/intent="error"|role="alert"/);
    expect(view({ actions: actions(), onOpenInBuilder: noop }, 'de-DE')).toContain('In dieser Arbeitsmappe gespeicherte Berichte liegen in keinem Ordner.');
    // The platform's reports keep their folders and the switch.
    const platform = view(null);
    expect(platform).toContain('All reports');
    expect(platform).toContain('In this workbook');
    expect(platform).toContain('role="switch"');
    expect(platform).not.toContain('not filed in folders');
  });

  it("gives each row a named menu besides Place, and no folder path", () => {
    const row = html(
      <ReportRow
        report={report} placedCount={2} busy={false} placeDisabled={false} onPlace={noop} onOpenFolder={noop} noFolders
        menu={<KeptReportMenu report={report} actions={actions()} disabled={false} onOpenInBuilder={noop} />}
      />,
    );
    expect(row).toMatch(/<button [^>]*aria-label="More actions for Orders by status"/);
    expect(row).toMatch(/<button [^>]*aria-label="More actions for Orders by status"[^>]*aria-haspopup="menu"/);
    expect(row).toMatch(/aria-label="Place Orders by status"/);
    expect(row).not.toContain('Top level');
    expect(row).toContain('2 here');
    expect(html(<KeptReportMenu report={report} actions={actions()} disabled={false} onOpenInBuilder={noop} />, 'de-DE')).toContain('aria-label="Weitere Aktionen für Orders by status"');
  });

  it('asks before deleting, saying what becomes of the placements here', () => {
    const a = actions();
    a.ask('delete', report);
    const form = (placements: number, language = 'en-US') => html(<KeptReportForm report={report} state={a.getState()} actions={a} placements={placements} />, language);
    expect(form(0)).toContain('role="alertdialog"');
    expect(form(0)).toContain('Delete Orders by status?');
    expect(form(0)).toContain('The report is removed from this workbook for everyone who opens it.');
    expect(form(1)).toContain('It is placed 1 time in this workbook. That placement is removed with it: its cells keep the values they show, but are no longer refreshed.');
    expect(form(3)).toContain('It is placed 3 times in this workbook. Those placements are removed with it');
    expect(form(3, 'de-DE')).toContain('Er ist 3-mal in dieser Arbeitsmappe platziert. Diese Platzierungen werden mit ihm entfernt');
    expect(form(3)).toMatch(/<button [^>]*>Delete the report<\/button>/);
    // Under another report's row: nothing.
    expect(html(<KeptReportForm report={{ ...report, id: 8 }} state={a.getState()} actions={a} placements={0} />)).toBe('');
  });

  it('renames with the name and the title, as the builder does', () => {
    const a = actions();
    a.ask('rename', report);
    const form = html(<KeptReportForm report={report} state={a.getState()} actions={a} placements={0} />);
    expect(form).toContain('Rename Orders by status');
    expect(form).toContain('value="orders-by-status"');
    expect(form).toContain('value="Orders by status"');
    expect(form).toMatch(/<button [^>]*type="submit"[^>]*>Rename<\/button>/);
  });

  it('lists the reports that cannot be read greyed, by name or as unnamed, with why, and no buttons', () => {
    const unavailable: UnavailableReport[] = [
      { partId: '{1}', kind: 'malformed', reportName: null, message: 'A report kept in this workbook cannot be read: it is not well-formed XML.', placementIds: [] },
      { partId: '{2}', kind: 'newer-version', reportName: 'Q3 <revenue>', message: 'Saved by a newer version of the add-in.', placementIds: ['p1'] },
    ];
    const list = html(<UnavailableReports reports={unavailable} />);
    expect(list).toContain('aria-label="Reports that cannot be read"');
    expect(list).toContain('Unnamed report');
    expect(list).toContain('Q3 &lt;revenue&gt;');
    expect(list).toContain('Saved by a newer version of the add-in.');
    expect(list).toContain('aria-disabled="true"');
    expect(list).not.toContain('<button');
    expect(html(<UnavailableReports reports={[]} />)).toBe('');
  });
});

describe('the placement cards, in a workbook with both kinds', () => {
  function entry(id: string, deploymentId: number, row: number): WorkbookPlacement {
    const r = { id: row, deploymentId, publicId: `r${id}`, name: `Report ${id}` } as Report;
    return {
      placement: { id, workbookId: 'wb', resultLocation: `Sheet1!A${row}:C${row + 5}`, syncStatus: 'UP_TO_DATE', refreshedAt: '2025-03-01T09:00:00.000Z' },
      deploymentId, reportId: row, report: r, access: 'GRANTED', owner: { name: null, email: null }, legacy: false,
      location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect: { top: row - 1, left: 0, bottom: row + 4, right: 2 } },
    };
  }
  const placements = [entry('a', 0, 1), entry('b', 5, 20)];
  const cards = (home?: (deploymentId: number) => 'platform' | 'workbook' | null, language = 'en-US') => html(
    <PlacementsView
      placements={placements} currentUserId={1} deployments={[]} browsedDeploymentId={0} cards={cardsOf(placements, new Map(), new Map())}
      busy={false} writeDisabled={false} home={home}
      onRefresh={noop} onRefreshReport={noop} onPlaceAgain={noop} onRelink={noop} onDisconnect={noop} onLocate={noop} onEdit={noop} onTableChange={noop}
    />, language,
  );
  const homes = (markup: string) => [...markup.matchAll(/data-testid="placement-home" data-home="(\w+)"[^>]*>([^<]*)</g)].map((m) => [m[1], m[2]]);

  it('each say where their report lives, in one quiet line', () => {
    const home = (id: number) => (id === 0 ? 'workbook' : 'platform');
    expect(homes(cards(home))).toEqual([['workbook', 'Report kept in this workbook'], ['platform', 'Report on the platform']]);
    expect(homes(cards(home, 'de-DE'))).toEqual([['workbook', 'Bericht in dieser Arbeitsmappe gespeichert'], ['platform', 'Bericht auf der Plattform']]);
  });

  it('say nothing of it without the choice, or where it is not known', () => {
    expect(homes(cards())).toEqual([]);
    expect(homes(cards((id) => (id === 0 ? 'workbook' : null)))).toEqual([['workbook', 'Report kept in this workbook']]);
  });
});
