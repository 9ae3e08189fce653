import { renderToStaticMarkup } from 'react-dom/server';
import type { Report, ReportPlacement } from '../../src/contract';
import { cardState } from '../../src/core/card-state';
import { placementNameKey, sharedNames } from '../../src/core/placement-names';
import { placementName } from '../../src/excel/names';
import { countOutcomes, startRefreshAll } from '../../src/monitoring/refresh-all';
import { cardsOf } from '../../src/pane/placement-cards';
import { PlacementIdSharedError } from '../../src/placements/errors';
import type { PlacementService, WorkbookPlacement } from '../../src/placements/placement-service';
import { locatePlacements, placementKey, type ListedPlacement } from '../../src/placements/workbook-placements';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { PlacementsView } from '../../src/taskpane/views/PlacementsView';

/**
 * Issue 39, "ids are unique", in its pure parts: which placement ids name one hidden name, the listing that refuses
 * them whichever registry listed them, their cards, Refresh all's count, and the card's words.
 */

const en = i18nFor('en-US');
const report = (id: number, name: string) => ({ id, deploymentId: 1, publicId: `r${id}`, name }) as Report;
function listed(id: string, reportId: number, name: string | null, resultLocation = 'Sheet1!A1:B6'): ListedPlacement {
  return {
    placement: { id, workbookId: 'wb', resultLocation, syncStatus: 'UP_TO_DATE', refreshedAt: '2025-01-01T00:00:00Z' } as ReportPlacement,
    deploymentId: 1, reportId, report: name ? report(reportId, name) : null, access: name ? 'GRANTED' : 'DENIED', owner: { name: null, email: null },
  };
}
const state = {
  sheets: [{ sheetId: 's1', sheetName: 'Sheet1' }],
  placements: ['Ab-1', 'other'].map((placementId) => ({ placementId, sheetId: 's1', sheetName: 'Sheet1', rect: { top: 0, left: 0, bottom: 5, right: 1 }, relative: false, formula: '' })),
} as never;

describe('placement ids that name one hidden name', () => {
  it('are the ids whose Excel names match, as Excel compares names: case ignored, punctuation written as `_`', () => {
    for (const [a, b] of [['Ab-1', 'ab_1'], ['X.y~z', 'x_Y_Z'], ['8f2e-41', '8F2E_41']]) {
      expect(placementNameKey(a!)).toBe(placementNameKey(b!));
      // The key is the hidden name itself, case aside (excel/names.ts names the cells).
      expect(`ReportSync_${placementNameKey(a!)}`.toLowerCase()).toBe(placementName(a!).toLowerCase());
    }
    expect(placementNameKey('ab-1')).not.toBe(placementNameKey('ab-2'));
  });

  it('are grouped with the others sharing their name; ids alone and entries without one share nothing', () => {
    const entries = ['Ab-1', 'solo', null, 'ab_1', 'AB.1'];
    const shared = sharedNames(entries, (id) => id);
    expect([...shared.keys()]).toEqual(['Ab-1', 'ab_1', 'AB.1']);
    expect(shared.get('ab_1')).toEqual(['Ab-1', 'ab_1', 'AB.1']);
  });
});

describe('a listing with a shared id', () => {
  const placed = locatePlacements([listed('Ab-1', 1, 'Orders'), listed('other', 3, 'Alone', 'Sheet1!D1:E6'), listed('ab_1', 2, null)], state);
  const [first, alone, second] = [placed.find((e) => e.reportId === 1)!, placed.find((e) => e.reportId === 3)!, placed.find((e) => e.reportId === 2)!];

  it('refuses each record sharing it, naming the others (a report the user may not read by no title), and no other', () => {
    expect(first.refused).toEqual({ kind: 'shared-id', copy: 1, others: [{ title: null, resultLocation: 'Sheet1!A1:B6' }] });
    expect(second.refused).toEqual({ kind: 'shared-id', copy: 2, others: [{ title: 'Orders', resultLocation: 'Sheet1!A1:B6' }] });
    expect(alone.refused).toBeUndefined();
    expect(new Set(placed.map(placementKey)).size).toBe(3);
  });

  it('shows the readable one Refused, above any run, and the unreadable one No access', () => {
    const cards = cardsOf(placed, new Map(), new Map([[placementKey(first), { state: 'failed', reason: 'x', handEdits: false, startedFrom: null, recorded: null }]]));
    expect(cards.get(placementKey(first))).toMatchObject({ status: 'REFUSED', refused: true, reason: null });
    expect(cards.get(placementKey(second))).toMatchObject({ status: 'DENIED', denied: true });
    expect(cards.get(placementKey(alone))?.status).toBe('UP_TO_DATE');
    expect(cardState({ denied: false, legacy: false, refused: true, cellsGone: true, syncStatus: 'UP_TO_DATE', refreshedAt: null, outcome: undefined, run: undefined }).status)
      .toBe('REFUSED');
  });

  it('is counted failed by Refresh all, with why, and never prepared or written', async () => {
    const asked: string[] = [];
    const service = {
      sharedRun: () => ({ deps: null }),
      prepareRefresh: (e: WorkbookPlacement) => {
        asked.push(e.placement.id!);
        return Promise.reject(new Error('not in this test'));
      },
      placementIds: async () => [],
      readForRefreshes: async () => ({}),
    } as unknown as PlacementService;
    const items = await startRefreshAll(service, [first], { describe: (error) => describeError(error, en) }).done;
    expect(asked).toEqual([]);
    expect(countOutcomes(items)).toMatchObject({ total: 1, failed: 1 });
    expect(items[0]!.reason).toBe(
      'Sheet1!A1:B6 was not refreshed: its id is also used by a report you cannot read, so the workbook may have been edited outside Report Sync. Disconnect one of them.',
    );
  });

  it('keeps a few of many others, and its words name three and say there are more', () => {
    const copies = locatePlacements(Array.from({ length: 6 }, (_, i) => listed('Ab-1', 10 + i, `Copy ${i}`)), state);
    expect(copies.map((e) => e.refused!.copy).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(copies.map((e) => e.refused!.others.length)).toEqual([4, 4, 4, 4, 4, 4]);
    const error = new PlacementIdSharedError(copies[0]!.placement, copies[0]!.refused!.others);
    expect(describeError(error, en)).toBe(
      'Sheet1!A1:B6 was not refreshed: its id is also used by «Copy 1», «Copy 2», «Copy 3» and more, so the workbook may have been edited outside Report Sync. Disconnect one of them.',
    );
  });

  it('is a greyed card saying why, with Locate and Disconnect only', () => {
    const noop = () => undefined;
    const html = renderToStaticMarkup(
      <PlacementsView
        placements={[first]} currentUserId={1} deployments={[]} browsedDeploymentId={1} cards={cardsOf([first], new Map(), new Map())} busy={false}
        writeDisabled={false} onRefresh={noop} onRefreshReport={noop} onPlaceAgain={noop} onRelink={noop} onDisconnect={noop} onLocate={noop}
        onEdit={noop} onTableChange={noop}
      />,
    );
    expect(html).toContain('data-refused="true"');
    expect(html).toContain('data-status="REFUSED"');
    expect(html).toContain(
      'This placement&#x27;s id is also used by a report you cannot read: the workbook may have been edited outside Report Sync. Neither is refreshed; disconnect one.',
    );
    const buttons = [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);
    expect(buttons).toEqual(['Locate', 'Disconnect']);
  });
});
