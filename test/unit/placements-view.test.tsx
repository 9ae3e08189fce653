import { renderToStaticMarkup } from 'react-dom/server';
import type { RunItemState } from '../../src/core/card-state';
import type { Report, ReportPlacement } from '../../src/contract';
import { cardsOf } from '../../src/pane/placement-cards';
import type { WorkbookPlacement } from '../../src/placements/workbook-placements';
import { PlacementsView, type PlacementOutcome } from '../../src/taskpane/views/PlacementsView';

const BEFORE = '2025-03-01T09:00:00.000Z';
const LATER = '2025-03-01T11:00:00.000Z';
const FAILURE = 'The result would cover "Orders" at Sheet1!A20:C25. Choose another cell or move that placement first.';

function entry(id: string, row: number, placement: Partial<ReportPlacement> = {}): WorkbookPlacement {
  const report = { id: row, deploymentId: 1, publicId: `r${id}`, name: `Report ${id}` } as Report;
  return {
    placement: { id, workbookId: 'wb', resultLocation: `Sheet1!A${row}:C${row + 5}`, syncStatus: 'UP_TO_DATE', refreshedAt: BEFORE, ...placement },
    deploymentId: 1, reportId: row, report, access: 'GRANTED', owner: { name: null, email: null }, legacy: false,
    location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect: { top: row - 1, left: 0, bottom: row + 4, right: 2 } },
  };
}
const item = (state: RunItemState['state'], over: Partial<RunItemState> = {}): RunItemState => ({
  state, reason: null, handEdits: false, startedFrom: BEFORE, recorded: null, ...over,
});

function render(placements: WorkbookPlacement[], runStates: [string, RunItemState][], outcomes: [string, PlacementOutcome][] = []) {
  const noop = () => undefined;
  return renderToStaticMarkup(
    <PlacementsView
      placements={placements} currentUserId={1} deployments={[]} browsedDeploymentId={1}
      cards={cardsOf(placements, new Map(outcomes), new Map(runStates))} busy={false} writeDisabled={false}
      onRefresh={noop} onRefreshReport={noop} onPlaceAgain={noop} onRelink={noop} onDisconnect={noop} onLocate={noop} onEdit={noop} onTableChange={noop}
    />,
  );
}
/** Each card's badge states, in order. */
const badges = (html: string) => [...html.matchAll(/data-status="([A-Z_]+)"/g)].map((match) => match[1]);

describe('the placement cards', () => {
  it('show one badge each, with the reason that belongs to it', () => {
    const html = render([entry('a', 1), entry('b', 20)], [
      ['a', item('needs-attention', { handEdits: true, reason: 'Edited by hand (B3): refresh it on its own to decide.' })],
      ['b', item('failed', { reason: FAILURE })],
    ]);
    expect(badges(html)).toEqual(['EDITED', 'FAILED']);
    expect(html).not.toContain('Up to date');
    expect(html).toContain('Edited by hand (B3)');
    expect(html).toContain('Sheet1!A20:C25');
  });

  it("drop a run's failure once a later refresh is recorded, and a later failure replaces the run's Done", () => {
    const html = render([entry('a', 1, { refreshedAt: LATER }), entry('b', 20, { refreshedAt: LATER })], [
      ['a', item('failed', { reason: FAILURE })],
      ['b', item('done', { recorded: LATER })],
    ], [['b', { state: 'FAILED', reason: 'Excel could not do that (AccessDenied).' }]]);
    expect(badges(html)).toEqual(['UP_TO_DATE', 'FAILED']);
    expect(html).not.toContain(FAILURE);
    expect(html).toContain('Excel could not do that (AccessDenied).');
    expect(html).not.toMatch(/data-run-state="done"/);
  });

  it("keep no failure text of a placement that is gone, and none of a dismissed run's", () => {
    // "b" was disconnected after the run: it is no longer listed.
    const gone = render([entry('a', 1)], [['a', item('done', { recorded: LATER })], ['b', item('failed', { reason: FAILURE })]]);
    expect(gone).not.toContain(FAILURE);
    expect(gone).not.toContain('Report b');
    // The next action dismissed the run: its items are gone, and so are their words.
    const dismissed = render([entry('a', 1), entry('b', 20)], []);
    expect(dismissed).not.toContain(FAILURE);
    expect(badges(dismissed)).toEqual(['UP_TO_DATE', 'UP_TO_DATE']);
  });

  it('say when Stop came before a placement was refreshed, beside its unchanged status', () => {
    const html = render([entry('a', 1, { syncStatus: 'CHANGED' })], [['a', item('stopped')]]);
    expect(badges(html)).toEqual(['CHANGED']);
    expect(html).toContain('&quot;Refresh all&quot; was stopped before it reached this one.');
  });
});
