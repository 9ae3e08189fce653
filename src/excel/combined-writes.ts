import type { RetryPolicy, Sleep } from './host-errors';
import { sheetNamed } from './reads';
import type { WriteBatch, WritePlan } from './write-plan';
import { addsName, dropNamesAddedBefore, queueOp, runBatches, suspendForWrite } from './writes';
import type { WriteProgress } from '../ports/workbook-writes';

/** One plan's batch inside a shared request. */
interface Part {
  plan: WritePlan;
  batch: WriteBatch;
  /** The plan's place in the list written together. */
  planIndex: number;
  /** The plan's last batch: once its request is through, the plan is written whole. */
  last: boolean;
}

/**
 * Several plans' batches packed into shared requests in order, each request's estimated bytes within `budget`
 * (every batch was planned within it on its own, so one always fits). A plan's batches keep their order, so a
 * plan written over several requests is written as it would be alone.
 */
export function combineBatches(plans: readonly WritePlan[], budget: number): Part[][] {
  const requests: Part[][] = [];
  let current: Part[] = [];
  let bytes = 0;
  plans.forEach((plan, planIndex) => {
    plan.batches.forEach((batch, b) => {
      if (current.length && bytes + batch.bytes > budget) {
        requests.push(current);
        current = [];
        bytes = 0;
      }
      current.push({ plan, batch, planIndex, last: b === plan.batches.length - 1 });
      bytes += batch.bytes;
    });
  });
  if (current.length) requests.push(current);
  return requests;
}

/** What a shared write got through: which plans were written whole, and the error that stopped it (null: none). */
export interface CombinedWriteResult {
  done: boolean[];
  error: unknown;
  /** Requests that went through (none: a failure changed nothing). */
  requestsDone: number;
}

/**
 * Writes several placements' plans in as few requests as the request budget allows (Office.js sends everything
 * queued before `sync()` as one batch: https://learn.microsoft.com/en-us/office/dev/add-ins/develop/application-specific-api-model#sync),
 * one request at a time, transient host errors waited out as for one plan (`runBatches`). Never throws: a request
 * that fails leaves the plans not yet written whole for the caller to write on their own, so one placement's
 * refusal (a protected sheet, say) is that placement's alone.
 */
export async function executeWrites(
  plans: readonly WritePlan[], budget: number, retry: RetryPolicy, sleep: Sleep, onProgress?: (progress: WriteProgress) => void,
): Promise<CombinedWriteResult> {
  const requests = combineBatches(plans, budget);
  const done = plans.map((plan) => plan.batches.length === 0);
  const totalRows = plans.reduce((sum, plan) => sum + plan.totalRows, 0);
  let written = 0;
  let requestsDone = 0;
  let retried = false;
  try {
    await runBatches(requests, async (context, parts) => {
      if (retried) await dropNamesAddedBefore(context, parts.filter((part) => addsName(part.batch)).map((part) => part.plan));
      suspendForWrite(context, requests.length === 1);
      for (const { plan, batch } of parts) {
        const sheet = sheetNamed(context, plan.sheetName);
        for (const op of batch.ops) queueOp(context, sheet, plan, op);
      }
      retried = true;
    }, retry, sleep, (parts) => {
      retried = false;
      requestsDone += 1;
      for (const part of parts) {
        written += part.batch.rows;
        if (part.last) done[part.planIndex] = true;
      }
      onProgress?.({ rowsWritten: written, totalRows });
    });
    return { done, error: null, requestsDone };
  } catch (error) {
    return { done, error, requestsDone };
  }
}
