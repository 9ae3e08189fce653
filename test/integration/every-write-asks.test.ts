/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { writeDraftCells } from '../../src/builder/exploration-draft';
import { ExplorationController } from '../../src/builder/exploration-controller';
import type { BuilderState } from '../../src/builder/builder-model';
import { isDamaged } from '../../src/monitoring/live-edit-results';
import { startRefreshAll } from '../../src/monitoring/refresh-all';
import type { WriteOutcome } from '../../src/placements/placement-service';
import type { ExcelHost } from '../../workbench/excel-host';
import { commitEdit, runMenuAction } from '../../workbench/grid/actions';
import { startEdit } from '../../workbench/grid/editing';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { done, workspaceFor } from '../support/workspace';

/**
 * Every write path goes through the one pipeline, so every one of them asks before it overwrites a hand edit and
 * before it covers foreign cells, with nothing written until the user answers: place, refresh, Refresh all, move,
 * Place again here (a damaged placement included), the builder's draft, and the chat's Place in sheet (a builder
 * draft of the agent's query). Sheet rows and cells are as a user reads them (OrdersStatus at B3 covers B3:D8).
 */

jest.setTimeout(60_000);

const local = useAnalystPlatform();

/** Types `text` into a cell as the user does in the workbench grid (not through Office.js). */
function type(host: ExcelHost, row: number, column: number, text: string) {
  const sheet = host.model.sheetByName('Sheet1')!;
  commitEdit(host.model, { ...startEdit(sheet.id, row, column, host.model.cellAt(sheet, row, column), text), text }, entryFromFormula);
}

function question<K extends 'hand-edits' | 'needs-confirmation'>(outcome: WriteOutcome<unknown>, kind: K): Extract<WriteOutcome, { kind: K }> {
  if (outcome.kind !== kind) throw new Error(`expected ${kind}, got ${outcome.kind}`);
  return outcome as Extract<WriteOutcome, { kind: K }>;
}

/** OrdersStatus placed at B3 (B3:D8: a header row and five statuses), with its cells as written. */
async function placed() {
  const host = installWorkbook();
  const ws = await workspaceFor(local.t);
  await selectCell('B3');
  done(await ws.service.place(await local.report('OrdersStatus')));
  const [entry] = await ws.service.workbookPlacements();
  return { host, ...ws, entry: entry!, written: cellsOf(host, 'Sheet1', 2, 1, 6, 3) };
}

describe('every write asks before overwriting a hand edit or covering foreign cells', () => {
  it('place: foreign cells in the way are asked about, nothing written', async () => {
    const host = installWorkbook();
    const { service } = await workspaceFor(local.t);
    type(host, 5, 2, 'mine');
    await selectCell('B3');
    const asked = question(await service.place(await local.report('OrdersStatus')), 'needs-confirmation');
    expect(asked.foreignCells).toEqual(['C6']);
    expect(cellsOf(host, 'Sheet1', 2, 1, 6, 3).flat().filter((v) => v !== '')).toEqual(['mine']);
  });

  it('refresh: a hand edit is asked about, nothing written', async () => {
    const { host, service, entry } = await placed();
    type(host, 4, 3, '999');
    const asked = question(await service.refresh(entry), 'hand-edits');
    expect(asked.cells).toEqual(['D5']);
    expect(cellsOf(host, 'Sheet1', 4, 3, 1, 1)).toEqual([[999]]);
  });

  it('refresh: foreign cells where the result grows are asked about, nothing written', async () => {
    const host = installWorkbook();
    const { service } = await workspaceFor(local.t);
    const report = await local.report('OrdersStatus');
    const query = JSON.parse(report.jsonQuery!) as Record<string, unknown>;
    await local.t.admin.updateReport(local.t.salesDeploymentId, report.id, { jsonQuery: JSON.stringify({ ...query, limit: 2 }) });
    await selectCell('B3');
    done(await service.place(await local.report('OrdersStatus')));
    type(host, 6, 1, 'below');
    await local.t.admin.updateReport(local.t.salesDeploymentId, report.id, { jsonQuery: JSON.stringify(query) });
    const [entry] = await service.workbookPlacements();
    const asked = question(await service.refresh(entry!), 'needs-confirmation');
    expect(asked.foreignCells).toEqual(['B7']);
    expect(cellsOf(host, 'Sheet1', 6, 1, 1, 1)).toEqual([['below']]);
  });

  it('Refresh all: a hand edit leaves that placement unwritten, needing the user', async () => {
    const { host, service, entry } = await placed();
    type(host, 4, 3, '999');
    const items = await startRefreshAll(service, [entry]).done;
    expect(items[0]).toMatchObject({ state: 'needs-attention', outcome: { kind: 'hand-edits', cells: ['D5'] } });
    expect(cellsOf(host, 'Sheet1', 4, 3, 1, 1)).toEqual([[999]]);
  });

  it('move: hand edits in the cells it would empty, then foreign cells at the new place, are asked about', async () => {
    const { host, service, entry } = await placed();
    type(host, 4, 3, '999');
    type(host, 3, 6, 'there');
    await selectCell('F2');
    const ref = { deploymentId: entry.deploymentId, reportId: entry.reportId, placementId: entry.placement.id! };
    expect(question(await service.move(ref), 'hand-edits').cells).toEqual(['D5']);
    expect(question(await service.move(ref, { overwriteHandEdits: true }), 'needs-confirmation').foreignCells).toEqual(['G4']);
    expect(cellsOf(host, 'Sheet1', 4, 3, 1, 1)).toEqual([[999]]);
    expect(cellsOf(host, 'Sheet1', 1, 5, 6, 3).flat().filter((v) => v !== '')).toEqual(['there']);
  });

  it('Place again here on a damaged placement: the hand edit in what is left is asked about, and only it', async () => {
    const { host, service } = await placed();
    // Sheet row 5 (inside B3:D8) deleted: the placement is damaged, its rows below moved up.
    runMenuAction(host.model, 'delete-rows', { top: 4, left: 0, bottom: 4, right: 0 });
    const [damaged] = await service.workbookPlacements();
    expect(isDamaged(damaged!)).toBe(true);
    type(host, 5, 3, '999');
    // What "Place again here" runs for a damaged placement: a refresh where it is, with every guard.
    const asked = question(await service.refresh(damaged!), 'hand-edits');
    expect(asked.cells).toEqual(['B6', 'C6', 'D6']);
    expect(cellsOf(host, 'Sheet1', 5, 3, 1, 1)).toEqual([[999]]);
    // Answered: written whole again where it is.
    done(await service.refresh(damaged!, { overwriteHandEdits: true }));
    expect(isDamaged((await service.workbookPlacements())[0]!)).toBe(false);
  });

  it("the builder's draft: foreign cells at the selection, then a hand edit in its cells, are asked about", async () => {
    const host = installWorkbook();
    const { workspace } = await workspaceFor(local.t, local.t.admin);
    type(host, 3, 2, 'mine');
    await selectCell('B3');
    const { grid } = await workspace.runner.run(await local.report('OrdersStatus'));
    let written = null as Parameters<typeof writeDraftCells>[1]['written'];
    const options = { placementIds: [], record: async (checksum: NonNullable<typeof written>) => void (written = checksum) };
    expect(question(await writeDraftCells(workspace, { placementId: null, written }, grid, options), 'needs-confirmation').foreignCells).toEqual(['C4']);
    expect((await writeDraftCells(workspace, { placementId: null, written }, grid, { ...options, overwrite: true })).kind).toBe('done');
    type(host, 4, 3, '999');
    expect(question(await writeDraftCells(workspace, { placementId: null, written }, grid, options), 'hand-edits').cells).toEqual(['D5']);
    expect(cellsOf(host, 'Sheet1', 4, 3, 1, 1)).toEqual([[999]]);
  });

  it("the chat's Place in sheet: the agent's query placed at the selection asks about foreign cells first", async () => {
    const host = installWorkbook();
    const { connection, workspace } = await workspaceFor(local.t, local.t.admin);
    type(host, 3, 2, 'mine');
    await selectCell('B3');
    const query = { measures: ['sales.total_amount'], dimensions: ['sales.region'] };
    const builder = new ExplorationController({ ports: workspace, connection, describe: String, debounceMs: 0 }, { kind: 'answer', deploymentId: local.t.salesDeploymentId, query });
    const asked = new Promise<BuilderState['question']>((resolve) => {
      const stop = builder.subscribe(() => {
        const { question: q, run } = builder.getState();
        if (q || run.kind === 'done' || run.kind === 'failed') {
          stop();
          resolve(q);
        }
      });
    });
    await builder.open();
    expect(await asked).toMatchObject({ kind: 'overwrite', foreignCells: ['C4'] });
    expect(cellsOf(host, 'Sheet1', 3, 2, 1, 1)).toEqual([['mine']]);
    await builder.close({ clearCells: false });
  });
});
