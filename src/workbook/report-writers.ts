/**
 * One writer per report part (issue 39). A report's part is read, changed and written whole (Office gives no
 * compare-and-swap), so two changes run side by side read the same part and the last write wins: Refresh all,
 * recording three placements of one report at once, kept one. So the work on one report's part takes turns, in one
 * queue per report shared by every adapter over the same workbook (`WorkbookParts.workbook`: the Cube workspace and
 * the mixed one each build their own `WorkbookReports`, and a pane may hold both). A turn begins when the one before
 * it has ended, whether it succeeded or not. Changes that arrive while a turn runs gather for the next one, which
 * applies them together: one read of the part and one write for all (`report-parts.ts`).
 */

/** The turns of one workbook's parts, by key (a report's, or the one of adding reports). */
export class Turns {
  /** The end of each key's last turn (never a rejection), while one is queued or running. */
  private readonly tails = new Map<string, Promise<void>>();
  /** Each key's gathering for its next turn, while that turn has not begun. */
  private readonly gathering = new Map<string, unknown[]>();

  /** `work` in its own turn of `key`: after every turn queued before it. Later changes gather behind it, not before. */
  take<T>(key: string, work: () => Promise<T>): Promise<T> {
    this.gathering.delete(key);
    return this.queue(key, work);
  }

  private queue<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const result = before.then(work);
    const tail = result.then(() => undefined, () => undefined);
    this.tails.set(key, tail);
    // Only forgets the key once its last turn has ended; the turn's own outcome is `result`, the caller's.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /**
   * `item` joins the gathering for `key`'s next turn, or opens one that `run` will carry out, given every item
   * gathered by the time the turn begins. `run` settles each item itself and never rejects.
   */
  gather<I>(key: string, item: I, run: (items: readonly I[]) => Promise<void>): void {
    const open = this.gathering.get(key) as I[] | undefined;
    if (open) {
      open.push(item);
      return;
    }
    const items = [item];
    this.gathering.set(key, items);
    // `run` answers each gathered item (its promise is the caller's); nothing is left for this one to tell.
    void this.queue(key, async () => {
      if (this.gathering.get(key) === items) this.gathering.delete(key);
      await run(items);
    });
  }
}

const turnsByWorkbook = new WeakMap<object, Turns>();

/** The turns of the workbook `workbook` names (`WorkbookParts.workbook`), the same for every adapter over it. */
export function turnsOf(workbook: object): Turns {
  let turns = turnsByWorkbook.get(workbook);
  if (!turns) {
    turns = new Turns();
    turnsByWorkbook.set(workbook, turns);
  }
  return turns;
}
