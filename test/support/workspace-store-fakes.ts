import type { Report, ReportPlacement } from '../../src/contract';
import type { RefreshItem } from '../../src/monitoring/refresh-all';
import type { PreparedRefresh, WorkbookPlacement, WriteOptions, WriteOutcome } from '../../src/placements/placement-service';
import { WorkspaceStore, type WorkspaceStorePorts } from '../../src/pane/workspace-store';
import type { CellChange } from '../../src/ports/workbook-events';
import type { PlacedCells } from '../../src/ports/workbook-cells';
import type { FormulaTally } from '../../src/functions/formula-calls';

/**
 * The pane store in Node, over a workspace whose placements answer as a test says: no DOM, no Excel.
 */

export const report = { id: 2, deploymentId: 1, name: 'Orders by status' } as Report;

/** A placement last written to Sheet1!B3:D8, its name there. */
export function entry(id: string): WorkbookPlacement {
  return {
    placement: { id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D8', resultChecksum: { v: 3, chunks: [], payload: 'x' }, syncStatus: 'CHANGED', refreshedAt: '2025-01-01T00:00:00Z' } as ReportPlacement,
    deploymentId: 1, reportId: 2, report, access: 'GRANTED', owner: { name: null, email: null }, legacy: false,
    location: { sheetId: 's1', sheetName: 'Sheet1', sheetIndex: 0, rect: { top: 2, left: 1, bottom: 7, right: 3 } },
  };
}

export const done = (id: string): WriteOutcome => ({
  kind: 'done', report, placement: { id, workbookId: 'wb', resultLocation: 'Sheet1!B3:D8', refreshedAt: '2025-01-02T00:00:00Z' } as ReportPlacement,
  cutAt: null, stale: false,
});
export const handEdits: WriteOutcome = { kind: 'hand-edits', rows: [5], cells: ['C5'], location: { sheetId: 's1', sheetName: 'Sheet1', rect: { top: 2, left: 1, bottom: 7, right: 3 } } };
const room = { sheetName: 'Sheet1', own: null, target: { top: 2, left: 1, bottom: 7, right: 3 }, placement: null, insert: ['rows' as const] };
export const inTheWay: WriteOutcome = { kind: 'needs-confirmation', foreignCells: ['C6'], target: 'Sheet1!B3:D8', room };

export const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
export async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('timed out');
}

/** A workspace whose use cases are jest functions, listing `listed`; typing raises a cell change on Sheet1. */
export function fakeWorkspace(listed: WorkbookPlacement[]) {
  let onCellChange: ((change: CellChange) => void) | null = null;
  const placed: PlacedCells[] = listed.map((e) => ({ placementId: e.placement.id!, sheetId: 's1', sheetName: 'Sheet1', rect: e.location!.rect, relative: false, formula: '' }));
  /** One placement's write as a run's wave makes it (`writeRefreshes` asks it of each): what tests answer and count. */
  const writeRefresh = jest.fn(async (p: PreparedRefresh, _options: WriteOptions): Promise<WriteOutcome> => done(p.placement.id!));
  const placements = {
    workbookPlacements: jest.fn(async () => listed),
    watchSelection: jest.fn(async (on: (address: string | null) => void) => {
      on('Sheet1!B3');
      return async () => undefined;
    }),
    place: jest.fn(async (_report: Report, _options: WriteOptions): Promise<WriteOutcome> => done('new')),
    refresh: jest.fn(async (e: WorkbookPlacement, _options: WriteOptions): Promise<WriteOutcome> => done(e.placement.id!)),
    placementIds: jest.fn(async () => listed.map((e) => e.placement.id!)),
    // The read Refresh all sends as it starts (what it answers is the real workbook's business; the fake writes ignore it).
    readForRefreshes: jest.fn(async () => ({ placements: placed })),
    sharedRun: jest.fn(() => ({ deps: null })),
    prepareRefresh: jest.fn(async (e: WorkbookPlacement) => ({ report, placement: e.placement, prepared: {} }) as PreparedRefresh),
    writeRefresh,
    writeRefreshes: jest.fn(async (prepared: readonly PreparedRefresh[], options: WriteOptions) => prepared.map((p) => settled(writeRefresh(p, options)))),
    checkHandEdits: jest.fn(async (_entry: Pick<WorkbookPlacement, 'placement'>) => ({ rows: [5], cells: ['C5'] })),
    selectCells: jest.fn(async () => undefined),
    relink: jest.fn(async (e: WorkbookPlacement) => e),
  };
  const workbook = {
    // The start read: the workbook's id and choices (the fake listing locates its placements itself).
    readStart: async () => ({ workbookId: 'wb', refreshOnOpen: false, sheets: [{ sheetId: 's1', name: 'Sheet1', visibility: 'Visible' }], placementsOf: null }),
    writeRefreshOnOpen: async () => true,
    supportsStartupBehavior: () => true,
    watchCellChanges: async (_sheets: readonly string[], on: (change: CellChange) => void) => {
      onCellChange = on;
      return async () => undefined;
    },
    findPlacements: async () => placed,
    // A host that tells of no renames (names are read again on focus).
    watchSheetNames: async () => null,
  };
  const registry = { statuses: jest.fn(async () => listed.map((e) => ({ deploymentId: 1, reportId: 2, placement: { ...e.placement, syncStatus: 'UP_TO_DATE' as const } }))) };
  const ports = { placements, workbook, document: workbook, registry } as unknown as WorkspaceStorePorts;
  return { ports, placements, registry, type: (address: string) => onCellChange!({ sheetId: 's1', address, changeType: 'RangeEdited' }) };
}

export const words = {
  describe: (error: unknown) => (error instanceof Error ? error.message : String(error)),
  attention: (item: RefreshItem) => (item.outcome?.kind === 'hand-edits' ? `Edited: ${item.outcome.cells.join(', ')}` : item.reason),
};

export async function started(listed: WorkbookPlacement[], options: { refreshFormulas?: () => Promise<FormulaTally> } = {}) {
  const fake = fakeWorkspace(listed);
  const store = new WorkspaceStore({ ports: fake.ports, writeDisabled: () => false, words, liveDebounceMs: 1, ...options });
  await store.start({ visible: false });
  return { store, ...fake };
}

function settled<T>(promise: Promise<T>): Promise<PromiseSettledResult<T>> {
  return promise.then((value) => ({ status: 'fulfilled', value }), (reason: unknown) => ({ status: 'rejected', reason }));
}
