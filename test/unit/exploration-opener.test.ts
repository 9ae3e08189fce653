import type { Report } from '../../src/contract';
import type { BuilderStart } from '../../src/builder/builder-state';
import type { ExplorationController } from '../../src/builder/exploration-controller';
import type { DraftRecord } from '../../src/builder/exploration-draft';
import type { WorkbookPlacement } from '../../src/placements/workbook-placements';
import { ExplorationOpener, type ExplorationOpenerDeps } from '../../src/pane/exploration-opener';

/** Which exploration the pane shows, in Node: opening from a cell, from Browse, the draft resumed, and failures. */

const report = { id: 7, deploymentId: 1, name: 'Orders' } as Report;

function placement(id: string, row: number): WorkbookPlacement {
  return {
    placement: { id, workbookId: 'wb', resultLocation: `Sheet1!A${row}:C${row + 5}`, syncStatus: 'UP_TO_DATE' },
    deploymentId: 1, reportId: 7, report, access: 'GRANTED', owner: { name: null, email: null }, legacy: false,
    location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect: { top: row - 1, left: 0, bottom: row + 4, right: 2 } },
  } as WorkbookPlacement;
}
const placements = [placement('p1', 1), placement('p2', 20)];

function setup(options: Partial<ExplorationOpenerDeps> & { openFromSheet?: boolean; revealOnOpen?: boolean; failOpen?: Error } = {}) {
  const started: BuilderStart[] = [];
  const errors: unknown[] = [];
  const located: string[] = [];
  const opener = new ExplorationOpener({
    createBuilder: async (how) => {
      started.push(how);
      return { open: async () => { if (options.failOpen) throw options.failOpen; } } as unknown as ExplorationController;
    },
    getReport: async () => report,
    locate: async (entry) => located.push(entry.placement.id!),
    readDraft: async () => null,
    preferences: () => ({ openFromSheet: options.openFromSheet ?? true, revealOnOpen: options.revealOnOpen ?? false }),
    onError: (error) => errors.push(error),
    ...options,
  });
  return { opener, started, errors, located };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('ExplorationOpener', () => {
  it("opens a placement's report when the user selects a cell inside it, not where the pane opened", async () => {
    const { opener, started } = setup();
    opener.selectionChanged(placements, 'Sheet1!B2');
    await settle();
    expect(started).toEqual([]);
    opener.selectionChanged(placements, 'Sheet1!B21');
    await settle();
    expect(started).toEqual([{ kind: 'placement', report, placementId: 'p2' }]);
    expect(opener.getState().builder).not.toBeNull();
  });

  it('does not open from a cell with the setting off, outside placements, or for a new list under the same selection', async () => {
    const off = setup({ openFromSheet: false });
    off.opener.selectionChanged(placements, 'Sheet1!Z99');
    off.opener.selectionChanged(placements, 'Sheet1!B2');
    await settle();
    expect(off.started).toEqual([]);
    const on = setup();
    on.opener.selectionChanged(placements, 'Sheet1!Z99');
    on.opener.selectionChanged(placements, 'Sheet1!Z98');
    // A Place or a refresh: the placements change, the selection does not.
    on.opener.selectionChanged([...placements, placement('p3', 97)], 'Sheet1!Z98');
    await settle();
    expect(on.started).toEqual([]);
  });

  it('after a close, opens again only once the user selects another cell', async () => {
    const { opener, started } = setup();
    opener.selectionChanged(placements, 'Sheet1!Z99');
    opener.selectionChanged(placements, 'Sheet1!B2');
    await settle();
    expect(started).toHaveLength(1);
    opener.closed();
    expect(opener.getState().builder).toBeNull();
    opener.selectionChanged([...placements], 'Sheet1!B2');
    await settle();
    expect(started).toHaveLength(1);
    opener.selectionChanged(placements, 'Sheet1!B3');
    await settle();
    expect(started).toHaveLength(2);
  });

  it('opens one builder at a time: New, an answer, a report from Browse and Edit wait for the one open to close', async () => {
    const { opener, started, located } = setup({ revealOnOpen: true });
    await opener.openNew(1);
    await opener.openReport(report);
    await opener.openPlacement(placements[0]!, true);
    expect(started).toEqual([{ kind: 'new', deploymentId: 1 }]);
    opener.closed();
    await opener.openPlacement(placements[0]!, true);
    expect(located).toEqual(['p1']);
    expect(started.at(-1)).toEqual({ kind: 'placement', report, placementId: 'p1' });
  });

  it('resumes the draft kept in the workbook', async () => {
    const draft = { v: 1, deploymentId: 1 } as DraftRecord;
    const { opener, started } = setup({ readDraft: async () => draft });
    await opener.resumeDraft();
    expect(started).toEqual([{ kind: 'draft', draft }]);
  });

  it('shows a failure to open, and can open again after it', async () => {
    const gone = new Error('The report is gone.');
    const failing = setup({ getReport: async () => { throw gone; } });
    await failing.opener.openReport(report);
    expect(failing.errors).toEqual([gone]);
    expect(failing.started).toEqual([]);
    const broken = new Error('no model');
    const { opener, errors, started } = setup({ failOpen: broken });
    await opener.openNew(1);
    expect(errors).toEqual([broken]);
    await opener.openNew(2);
    expect(started).toHaveLength(2);
  });
});
