import type { AddInCall, AddInFunctions, AddInResult } from './add-in-functions';

/**
 * The add-in functions' results by call, and the calls still to answer. Excel shows `#BUSY!` while a call is
 * pending (https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-get-started) and sends a
 * calculation's calls to the runtime together; a call already pending is not sent again.
 */

/** Same cell, same function, same arguments: the same call. */
const callKey = (call: AddInCall) => `${call.address}|${call.id}|${JSON.stringify(call.args)}`;

export class AddInCalls {
  functions: AddInFunctions | null = null;
  /** Results by cell id, then by call: a cell's entries are replaced when it calculates again. */
  private readonly results = new Map<string, Map<string, AddInResult>>();
  private readonly pending = new Map<string, string>();
  /** The calls of the calculation under way, by key, with the cell that made each. */
  private queued = new Map<string, { call: AddInCall; cellId: string }>();
  /** Results of calls sent before `forget` belong to an older calculation and are dropped. */
  private generation = 0;
  /** Calls made by the cell calculating now, to drop its results for calls it no longer makes. */
  private used = new Set<string>();

  /** A cell starts calculating: the calls it makes are noted until `endCell`. */
  beginCell(): void {
    this.used = new Set();
  }

  /** The cell has calculated: its results for calls it did not make again go. */
  endCell(cellId: string): void {
    const results = this.results.get(cellId);
    if (!results) return;
    for (const key of results.keys()) if (!this.used.has(key)) results.delete(key);
    if (results.size === 0) this.results.delete(cellId);
  }

  /** A call's result if it came, else `null` after queueing the call (unless it is pending already). */
  lookUp(call: AddInCall, cellId: string): AddInResult | null {
    const key = callKey(call);
    this.used.add(key);
    const result = this.results.get(cellId)?.get(key);
    if (result) return result;
    if (!this.pending.has(key)) this.queued.set(key, { call, cellId });
    return null;
  }

  /** The formats of the formatted numbers the cell's one call answered (none when it made several calls, or none). */
  formatsOf(cellId: string): (string | null)[][] | undefined {
    const results = [...(this.results.get(cellId)?.values() ?? [])];
    const only = results.length === 1 ? results[0] : undefined;
    return only?.ok ? only.formats : undefined;
  }

  /** Whether any call waits for its result. */
  get busy(): boolean {
    return this.pending.size > 0 || this.queued.size > 0;
  }

  /**
   * Sends the queued calls in one `invoke`. Each result is kept and `arrived` is told the calling cell's id.
   */
  send(arrived: (cellId: string) => void): void {
    if (this.queued.size === 0 || !this.functions) return;
    const batch = [...this.queued];
    this.queued = new Map();
    const generation = this.generation;
    for (const [key, { cellId }] of batch) this.pending.set(key, cellId);
    this.functions.invoke(batch.map(([, { call }]) => call), (index, result) => {
      const entry = batch[index];
      if (!entry || generation !== this.generation) return;
      const [key, { cellId }] = entry;
      if (!this.pending.delete(key)) return;
      const results = this.results.get(cellId) ?? new Map<string, AddInResult>();
      results.set(key, result);
      this.results.set(cellId, results);
      arrived(cellId);
    });
  }

  /** Drops every result and pending call: the next calculation calls every add-in function again. */
  forget(): void {
    this.generation += 1;
    this.results.clear();
    this.pending.clear();
    this.queued.clear();
  }
}
