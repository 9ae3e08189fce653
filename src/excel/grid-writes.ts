import type { Rect } from '../core/a1';
import { WriteFailedError } from '../ports/errors';
import type { CellsNow } from '../ports/workbook-cells';
import type { ApprovedWrite, GridWrite, SettledWrite, WriteProgress } from '../ports/workbook-writes';
import type { CombinedWriteResult } from './combined-writes';
import { heldBy, restoreAfter, stageGrid, writeOrRestore, type GridWriteSteps, type StagedGrid } from './grid-write';
import type { Inspection } from './reads';
import { knownFromRead, type Snapshot, type SnapshotOptions } from './snapshot';
import type { WritePlan } from './write-plan';

/** The connector's own steps: its reads can take a placement's cells as read along with its name (`known`). */
export interface ConnectorSteps extends Omit<GridWriteSteps, 'inspect' | 'snapshot'> {
  inspect(sheetName: string, own: Rect | null, target: Rect, usedRange: Rect | null | undefined, rowBytes: number, limit?: number, known?: CellsNow): Promise<Inspection>;
  snapshot(plan: WritePlan, options: Pick<SnapshotOptions, 'knownEmpty' | 'formattedRange' | 'knownValues' | 'knownCells' | 'nameFormula'>): Promise<Snapshot>;
}

/**
 * A write's steps: own cells read with their name (`own.cellsNow`, asked for by `prepare`) are checked as read, and
 * their formats and looks, when read along too (`CellsToRead.snapshot`), stand in the snapshot: no request reads
 * them again; nor the cells the write grows into, when read along as far as it reaches (`CellsToRead.reach`).
 */
export function stepsFor(base: ConnectorSteps, write: GridWrite): GridWriteSteps {
  const known = write.own?.cellsNow;
  if (!known) return base;
  return {
    inspect: (sheetName, own, target, used, rowBytes) => base.inspect(sheetName, own, target, used, rowBytes, 20, known),
    planWrite: (...args) => base.planWrite(...args),
    snapshot: (plan, options) => base.snapshot(plan, { ...options, ...knownFromRead(known, options.knownValues) }),
    write: (...args) => base.write(...args),
    restore: (snapshot) => base.restore(snapshot),
  };
}

/** Writes several plans in shared requests (`executeWrites`), telling which were written whole. */
export type WriteMany = (plans: readonly WritePlan[], onProgress?: (progress: WriteProgress) => void) => Promise<CombinedWriteResult>;

/**
 * Several approved writes with their requests shared (the port's `applyWrites`). Each is staged first, one after
 * another (with its cells read along with its name, nothing is read); then every staged plan goes out together.
 * When a shared request fails, the plans not yet written whole are written again each on its own, so one
 * placement's refusal is its alone: its cells are put back and it fails, the others stand.
 */
export async function writeGrids(
  base: ConnectorSteps, writes: readonly ApprovedWrite[], writeMany: WriteMany, onProgress?: (progress: WriteProgress) => void,
): Promise<SettledWrite[]> {
  const settled: SettledWrite[] = [];
  const staged: { index: number; grid: StagedGrid; steps: GridWriteSteps }[] = [];
  for (const [index, { inspection, approval }] of writes.entries()) {
    const held = heldBy(inspection);
    const steps = stepsFor(base, held.write);
    try {
      // In order on purpose: a write whose cells' looks were not read along snapshots them in requests of its own.
      const result = await stageGrid(steps, held, approval);
      if (result.kind === 'staged') staged.push({ index, grid: result, steps });
      else settled[index] = { kind: 'written', rect: result.rect, next: result.next, snapshot: null };
    } catch (error) {
      settled[index] = { kind: 'failed', error };
    }
  }
  if (!staged.length) return settled;
  const { done, error, requestsDone } = await writeMany(staged.map((s) => s.grid.plan), onProgress);
  for (const [i, { index, grid, steps }] of staged.entries()) {
    const { plan, snapshot, rect, next, recordKept } = grid;
    try {
      if (!done[i] && staged.length === 1) {
        await restoreAfter(steps, snapshot, error, requestsDone === 0);
        throw new WriteFailedError(error);
      }
      // Written again on its own, in order, so that a refusal names this write alone (its cells put back).
      if (!done[i]) await writeOrRestore(steps, plan, snapshot);
      settled[index] = { kind: 'written', rect, next, snapshot, recordKept };
    } catch (failure) {
      settled[index] = { kind: 'failed', error: failure };
    }
  }
  return settled;
}
