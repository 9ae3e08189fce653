import { renderToStaticMarkup } from 'react-dom/server';
import type { Folder, Report } from '../../src/contract';
import type { KeptPublish } from '../../src/pane/publish-reports';
import { outcomeOf, type PublishOutcome } from '../../src/placements/publishing';
import { PlacementOutOfDateError, PublishedReportDiffersError } from '../../src/placements/publishing-errors';
import { I18nProvider, i18nFor } from '../../src/taskpane/i18n';
import { keptEn } from '../../src/taskpane/i18n/kept-en';
import { KeptPublishForm } from '../../src/taskpane/views/kept/KeptPublishPanel';
import { differing, KeptPublishing, type KeptPublishState } from '../../src/pane/kept-publish';
import { KeptReportActions, type KeptReportEditing } from '../../src/pane/kept-reports';
import type { ReportListing } from '../../src/pane/report-list';
import { ReportListStore } from '../../src/pane/report-list-store';
import { outcomeWords } from '../../src/taskpane/views/kept/kept-publish-words';
import { ReportsView, type KeptReportsBrowse } from '../../src/taskpane/views/ReportsView';

/** "Publish to the platform…" in Browse of the kept reports: its logic, and what it shows in English and German. */

const noop = () => undefined;
const html = (node: React.ReactNode, language = 'en-US') => renderToStaticMarkup(<I18nProvider value={i18nFor(language)}>{node}</I18nProvider>);
const platformReport = { id: 90, deploymentId: 5, name: 'x' } as Report;
const folders = [{ id: 12, name: "Anna's reports" }] as Folder[];

const mixed: PublishOutcome = outcomeOf(5, [
  { kind: 'published', workbookReportId: 1, title: 'Orders by status', report: platformReport, placements: 2, was: 'created' },
  { kind: 'published', workbookReportId: 2, title: 'Regions', report: platformReport, placements: 1, was: 'same' },
  { kind: 'failed', workbookReportId: 3, title: 'Stale one', error: new PlacementOutOfDateError('Stale one', 'Sheet1!A1:B6'), placements: 0, placementsLeft: 1 },
  { kind: 'failed', workbookReportId: 4, title: 'Taken', error: new PublishedReportDiffersError('Taken', 'Someone else’s'), placements: 0, placementsLeft: 1 },
]);

function fakePublish(outcomes: PublishOutcome[]): KeptPublish & { runs: unknown[] } {
  const runs: unknown[] = [];
  return {
    runs,
    deployments: [{ id: 5, name: 'Sales Analytics' }, { id: 6, name: 'Finance Sandbox' }],
    folders: async () => folders,
    run: async (deploymentId, options) => {
      runs.push([deploymentId, options]);
      return outcomes.shift()!;
    },
  };
}

describe('KeptPublishing', () => {
  it('opens on the first deployment with its folders, publishes all into the folder chosen, and replaces only the differing ones when asked', async () => {
    const publish = fakePublish([mixed, outcomeOf(5, [{ kind: 'published', workbookReportId: 4, title: 'Taken id', report: platformReport, placements: 1, was: 'replaced' }])]);
    let changed = 0;
    const store = new KeptPublishing({ publish: () => publish, describe: String, onChanged: () => changed++ });
    store.open();
    await Promise.resolve();
    await Promise.resolve();
    expect(store.getState()).toMatchObject({ open: true, deploymentId: 5, folders, folderId: null });
    store.chooseFolder(12);
    await store.run();
    expect(publish.runs).toEqual([[5, { folderId: 12 }]]);
    expect(store.getState().outcome).toBe(mixed);
    expect(differing(mixed)).toEqual([4]);
    await store.run(true);
    expect(publish.runs[1]).toEqual([5, { folderId: 12, reportIds: [4], replace: true }]);
    expect(store.getState().outcome).toMatchObject({ published: 3, failed: 1, placements: 4, replaced: 1 });
    expect(changed).toBe(2);
  });

  it('keeps a failure of the whole run in words', async () => {
    const publish = { ...fakePublish([]), run: async () => { throw new Error('offline'); } };
    const store = new KeptPublishing({ publish: () => publish, describe: (e) => `said: ${(e as Error).message}`, onChanged: noop });
    await store.choose(5);
    await store.run();
    expect(store.getState()).toMatchObject({ working: false, error: 'said: offline', outcome: null });
  });
});

describe('the outcome in words', () => {
  const plural = (n: number) => (n === 1 ? 'one' as const : 'other' as const);
  it('counts, then a line per report, with why each failed', () => {
    const told = outcomeWords(mixed, keptEn.publish, String, String, plural);
    expect(told.summary).toBe('2 reports published, 2 not published, 3 placements moved.');
    expect(told.lines.map((l) => l.text)).toEqual([
      'Orders by status: published.',
      'Regions: published (the platform had it already).',
      'Stale one: its placement at Sheet1!A1:B6 is out of date, and the platform would call it up to date. Refresh it, then publish again.',
      'Taken: the platform already has it, as Someone else’s, with a different definition. It was left as it is.',
    ]);
    expect(outcomeWords(outcomeOf(5, []), keptEn.publish, String, String, plural).summary).toBe(keptEn.publish.none);
  });
});

describe('the view', () => {
  const publish = fakePublish([]);
  const store = new KeptPublishing({ publish: () => publish, describe: String, onChanged: noop });
  const state = (s: Partial<KeptPublishState>): KeptPublishState => ({
    open: true, deploymentId: 5, folders, folderId: null, working: false, outcome: null, error: null, ...s,
  });

  it('offers one button in Browse of kept reports when it can publish, and none without', () => {
    const view = (kept: KeptReportsBrowse) => html(
      <ReportsView list={new ReportListStore({ reports: {} as ReportListing })} deploymentId={0} workbookId="wb" placedCounts={new Map()} busy={false} placeDisabled={false} onPlace={noop} kept={kept} />,
    );
    const actions = new KeptReportActions({ reports: () => ({}) as KeptReportEditing, describe: String, copyName: (n) => n, onChanged: noop });
    expect(view({ actions, onOpenInBuilder: noop, publishing: store })).toMatch(/<button [^>]*>.*Publish to the platform…<\/button>/);
    expect(view({ actions, onOpenInBuilder: noop })).not.toContain('Publish to the platform');
  });

  it('lets the user choose the deployment and the folder, and shows the outcome with the offer to replace', () => {
    const form = html(<KeptPublishForm store={store} state={state({ outcome: mixed })} />);
    expect(form).toContain('Publish these reports to the platform');
    expect(form).toContain('<option value="5" selected="">Sales Analytics</option>');
    expect(form).toContain('<option value="" selected="">Top level</option>');
    expect(form).toContain('Anna&#x27;s reports');
    expect(form).toMatch(/<button [^>]*>Publish all<\/button>/);
    expect(form).toContain('2 reports published, 2 not published, 3 placements moved.');
    expect(form).toContain('Stale one: its placement at Sheet1!A1:B6 is out of date');
    expect(form).toMatch(/<button [^>]*>Replace the platform&#x27;s versions<\/button>/);
    const german = html(<KeptPublishForm store={store} state={state({ outcome: mixed })} />, 'de-DE');
    expect(german).toContain('2 Berichte veröffentlicht, 2 nicht veröffentlicht, 3 Platzierungen übertragen.');
    expect(german).toMatch(/<button [^>]*>Alle veröffentlichen<\/button>/);
    expect(german).toContain('Fassungen der Plattform ersetzen');
    // No differing report: no offer.
    const plain = html(<KeptPublishForm store={store} state={state({ outcome: outcomeOf(5, [mixed.reports[0]!]) })} />);
    expect(plain).not.toContain('Replace the platform');
    expect(plain).toContain('1 report published, 2 placements moved.');
  });
});
