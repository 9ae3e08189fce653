import { RefreshReportInput } from '../../src/contract';
import { parseSheetAddress, sheetAddress } from '../../src/core/a1';
import type { PlatformContext } from '../context';
import { notFound, type ApiRequest, type ApiResponse } from '../http';
import { abandonedRequestError, outlivingCaller } from '../store/abandoned';
import type { Row, SqlScalar, StateConnection } from '../store/database';
import type { UserRecord } from '../store/rows';
import { authenticate } from './auth';
import { integerPathParam } from './cursor';
import { addressOf, checksumText, findPlacement, kept } from './placement-lookup';
import { visibleDeployment } from './platform';
import { checkedReportResponse, checkReportRow, placementRows, reportRowsById, type CheckedReport } from './report-store';
import { parseBody } from './validation';

/**
 * Refresh records (`PUT …/refresh`) in batches. A pane's Refresh all sends one per placement, several at once,
 * and on the one state connection each took four statements of its own. Records that arrive while a batch runs
 * wait for it to end and then go together in one transaction: one read of their reports, one of their
 * placements, one write of the placements and one of the reports, whatever their number. Each record is still
 * checked on its own (its errors are its own) and applied in arrival order, as if they had run one by one; if a
 * statement of the batch fails, each record runs alone.
 */

/** The columns a refresh record sets, with their SQL types (a batch sets them from a typed list each). */
const REFRESHED_COLUMN_TYPES = {
  sheet_id: 'VARCHAR',
  sheet_name: 'VARCHAR',
  anchor_cell: 'VARCHAR',
  result_location: 'VARCHAR',
  end_result_cell: 'VARCHAR',
  result_checksum: 'VARCHAR',
  query_checksum: 'VARCHAR',
  refreshed_at: 'VARCHAR',
  refreshed_by_user_id: 'INTEGER',
} as const;
const REFRESHED_COLUMNS = Object.keys(REFRESHED_COLUMN_TYPES) as (keyof typeof REFRESHED_COLUMN_TYPES)[];
type RefreshedColumns = Record<keyof typeof REFRESHED_COLUMN_TYPES, SqlScalar>;

/** Records in one batch at most, so a backlog never makes one statement of thousands of rows. */
const MAX_BATCH = 64;
/**
 * How long a batch waits at most for more records to arrive: a wave of 40 reached this server over about 10 ms on
 * this machine (bench/round-trip.ts), and a wait of 5 ms split it into two batches.
 */
const GATHER_MS = 20;
/** A batch starts once no record arrived for this long. */
const QUIET_MS = 1;

/** One `PUT …/refresh` waiting for its batch: who asked, about what, and how it is answered. */
interface RefreshRecord {
  user: UserRecord;
  deploymentId: number;
  reportId: number;
  body: RefreshReportInput;
  /** Taken when the request joined: a record whose caller hung up before its batch ran is skipped. */
  abandoned: ReturnType<typeof abandonedRequestError>;
  answer: (response: ApiResponse) => void;
  fail: (error: unknown) => void;
}

/** A record in a running batch: its checked report once that passed, and its outcome once it has one. */
interface BatchItem {
  record: RefreshRecord;
  checked?: CheckedReport;
  outcome?: { response: ApiResponse } | { error: unknown };
}

/**
 * A placement's columns after a refresh record: where it is now (addressed by id, the body's `sheetName`,
 * `anchorCell` and `resultLocation` are its new place), what was written, and the report's current query checksum.
 */
function refreshedColumns(found: Row, body: RefreshReportInput, report: Row, user: UserRecord, now: string): RefreshedColumns {
  // Addressed by id with a new sheet name but no new range: the recorded range, on the renamed sheet.
  const renamed = body.placementId && body.sheetName && !body.resultLocation
    ? sheetAddress(body.sheetName, parseSheetAddress(String(found.result_location)).rect)
    : null;
  const location = body.resultLocation ?? renamed ?? String(found.result_location);
  const address = body.placementId
    ? addressOf({ ...body, resultLocation: location })
    : addressOf({ resultLocation: location, sheetName: kept(found.sheet_name), anchorCell: kept(found.anchor_cell) });
  return {
    sheet_id: body.sheetId ?? kept(found.sheet_id),
    sheet_name: address.sheetName,
    anchor_cell: address.anchorCell,
    result_location: location,
    end_result_cell: address.endResultCell,
    result_checksum: body.resultChecksum === undefined ? kept(found.result_checksum) : checksumText(body.resultChecksum),
    query_checksum: kept(report.query_checksum),
    refreshed_at: now,
    refreshed_by_user_id: user.id,
  };
}

/** Runs `step` for an item that has no outcome yet; an error it throws becomes the item's outcome, no one else's. */
async function attempt(item: BatchItem, step: () => Promise<void> | void): Promise<void> {
  if (item.outcome) return;
  try {
    await step();
  } catch (error) {
    item.outcome = { error };
  }
}

const reportIdsOf = (items: BatchItem[]) => [...new Set(items.filter((item) => !item.outcome).map((item) => item.record.reportId))];

/**
 * Sets each placement's refreshed columns (by `row_key`) in one statement. Each column's values go as one list
 * parameter, unnested into rows: DuckDB binds and plans that in a third of the time a `VALUES` list of one
 * parameter per cell takes (2 ms against 7 ms for 40 placements, measured here on the placements table).
 */
async function writePlacements(tx: StateConnection, updates: Map<number, RefreshedColumns>): Promise<void> {
  const rows = [...updates.values()];
  await tx.run(
    `UPDATE placements SET ${REFRESHED_COLUMNS.map((name) => `${name} = refreshed.${name}`).join(', ')}
     FROM (SELECT unnest(?::INTEGER[]) AS row_key, ${REFRESHED_COLUMNS.map((name) => `unnest(?::${REFRESHED_COLUMN_TYPES[name]}[]) AS ${name}`).join(', ')}) AS refreshed
     WHERE placements.row_key = refreshed.row_key`,
    [[...updates.keys()], ...REFRESHED_COLUMNS.map((name) => rows.map((columns) => columns[name]))],
  );
}

/**
 * Applies `records` in one transaction, in arrival order; answers each one's outcome, to be given once the
 * transaction has committed. Each answer is its report as that record left it (the placements the records
 * before it in the batch changed included, those after it not), the report marked viewed at the batch's time.
 */
async function applyBatch(ctx: PlatformContext, tx: StateConnection, records: RefreshRecord[]): Promise<BatchItem[]> {
  const items: BatchItem[] = records.map((record) => ({ record }));
  for (const item of items) {
    await attempt(item, async () => {
      item.record.abandoned.throwIfGone();
      await visibleDeployment(tx, item.record.user, item.record.deploymentId);
    });
  }
  const readIds = reportIdsOf(items);
  if (readIds.length === 0) return items;
  const reportRows = await reportRowsById(tx, readIds);
  for (const item of items) {
    const { user, deploymentId, reportId } = item.record;
    await attempt(item, async () => {
      item.checked = await checkReportRow(tx, user, deploymentId, reportId, reportRows.get(reportId));
    });
  }
  const checkedIds = reportIdsOf(items);
  if (checkedIds.length === 0) return items;
  const placementsOf = new Map<number, Row[]>(checkedIds.map((id) => [id, []]));
  for (const placement of await placementRows(tx, checkedIds)) placementsOf.get(Number(placement.report_id))!.push(placement);

  const now = ctx.now().toISOString();
  const updates = new Map<number, RefreshedColumns>();
  for (const item of items) {
    const { user, reportId, body } = item.record;
    await attempt(item, () => {
      const placements = placementsOf.get(reportId)!;
      const found = findPlacement(placements, body);
      if (!found) throw notFound(`No such placement on report ${reportId}`);
      const columns = refreshedColumns(found, body, item.checked!.row, user, now);
      // `placed_at` is unchanged, so the order the report lists them in is too.
      const after = placements.map((row) => (row === found ? { ...row, ...columns } : row));
      placementsOf.set(reportId, after);
      // A later record of the same placement started from this one's columns: the last one holds them all.
      updates.set(Number(found.row_key), columns);
      const row = { ...item.checked!.row, last_viewed_at: now };
      item.outcome = { response: { status: 200, body: checkedReportResponse({ ...item.checked!, row }, after) } };
    });
  }
  if (updates.size === 0) return items;
  await writePlacements(tx, updates);
  const viewed = [...new Set(items.filter((item) => item.outcome && 'response' in item.outcome).map((item) => item.record.reportId))];
  await tx.run(`UPDATE reports SET last_viewed_at = ? WHERE id IN (${viewed.map(() => '?').join(', ')})`, [now, ...viewed]);
  return items;
}

function settle({ record, outcome }: BatchItem): void {
  if (outcome && 'response' in outcome) record.answer(outcome.response);
  else record.fail(outcome?.error);
}

/** The refresh records waiting for a batch, and the one batch running at a time. */
class RefreshBatcher {
  private readonly waiting: RefreshRecord[] = [];
  private running = false;

  constructor(private readonly ctx: PlatformContext) {}

  /** Applies one refresh record with those that arrive while a batch runs; answers its report as the record left it. */
  record(record: Omit<RefreshRecord, 'abandoned' | 'answer' | 'fail'>): Promise<ApiResponse> {
    return new Promise((answer, fail) => {
      this.waiting.push({ ...record, abandoned: abandonedRequestError(), answer, fail });
      if (this.running) return;
      this.running = true;
      // The batches belong to every caller in them: one caller hanging up must not skip them. `runBatches`
      // settles every record and never fails.
      void outlivingCaller(() => this.runBatches());
    });
  }

  private async runBatches(): Promise<void> {
    while (this.waiting.length > 0) {
      await this.gather();
      await this.runBatch();
    }
    this.running = false;
  }

  /**
   * Waits while records keep arriving, `QUIET_MS` at a time and `GATHER_MS` at most: a pane sends a wave's
   * records together (Refresh all), or its next ones as answers come back, and they reach the server over a
   * few milliseconds; a batch costs about the same for one record as for forty.
   */
  private async gather(): Promise<void> {
    const started = Date.now();
    let seen: number;
    do {
      seen = this.waiting.length;
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
    } while (this.waiting.length > seen && Date.now() - started < GATHER_MS);
  }

  /**
   * One batch of the records waiting when its transaction first starts (those that arrive meanwhile join it). A
   * transaction run again (PostgreSQL's, after losing a race with another process) applies the same records anew.
   */
  private async runBatch(): Promise<void> {
    let records: RefreshRecord[] | undefined;
    try {
      const items = await this.ctx.db.transaction((tx) => {
        records ??= this.waiting.splice(0, MAX_BATCH);
        return applyBatch(this.ctx, tx, records);
      });
      items.forEach(settle);
    } catch {
      // A statement of the batch failed: each record alone, so a record that breaks a statement fails only itself.
      for (const record of records ?? this.waiting.splice(0, MAX_BATCH)) await this.applyAlone(record);
    }
  }

  private async applyAlone(record: RefreshRecord): Promise<void> {
    try {
      const [item] = await this.ctx.db.transaction((tx) => applyBatch(this.ctx, tx, [record]));
      settle(item!);
    } catch (error) {
      record.fail(error);
    }
  }
}

/** `PUT …/refresh`: records that a placement was rewritten (`refreshedColumns`); `404` when no placement matches. */
export function refreshPlacement(ctx: PlatformContext): (request: ApiRequest) => Promise<ApiResponse> {
  const batcher = new RefreshBatcher(ctx);
  return async (request) => {
    const user = await authenticate(ctx, request);
    const deploymentId = integerPathParam(request, 'deploymentId');
    const reportId = integerPathParam(request, 'reportId');
    const body = parseBody(RefreshReportInput, request.body);
    return batcher.record({ user, deploymentId, reportId, body });
  };
}
