/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ActionType, ObjectPathType, type RequestBody } from '../../workbench/excel-host/host/protocol';
import { installWorkbook } from '../support/excel';

/**
 * The emulator's round trip is honest (issue 27): every request that reaches the host costs its `delayMs`, however
 * little it carries, and is counted. Only a `context.sync()` with no action queued at all is free, because Office.js
 * itself sends no request for it (`syncPrivate` returns when the request has no actions), as it does against Excel;
 * the first sync of an `Excel.run` always carries the workbook's instantiation, so it is a request.
 */
const DELAY_MS = 40;
/** Timers may fire a little before their time on some platforms; a round trip is never shorter than this. */
const AT_LEAST_MS = DELAY_MS - 2;

async function timed(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

describe('a round trip per sync on the emulator', () => {
  it('answers a request that carries no action after its delay, and counts it as a sync', async () => {
    const host = installWorkbook({ delayMs: DELAY_MS });
    const nothing: RequestBody = { Actions: [], ObjectPaths: {} };
    expect(await timed(() => host.execute(nothing))).toBeGreaterThanOrEqual(AT_LEAST_MS);
    // Only object paths instantiated, no query and no write: the shape of a sync whose reads were all dropped.
    const onlyPaths: RequestBody = {
      Actions: [{ Id: 1, ActionType: ActionType.instantiate, Name: '', ObjectPathId: 1 }],
      ObjectPaths: { 1: { Id: 1, ObjectPathType: ObjectPathType.global, Name: '' } },
    };
    expect(await timed(() => host.execute(onlyPaths))).toBeGreaterThanOrEqual(AT_LEAST_MS);
    expect(host.stats.syncs).toBe(2);
  });

  it('makes a write that reads nothing back wait for its delay, through Office.js', async () => {
    const host = installWorkbook({ delayMs: DELAY_MS });
    const ms = await timed(() => Excel.run(async (context) => {
      context.workbook.worksheets.getItem('Sheet1').getRange('A1').values = [[1]];
      await context.sync();
    }));
    expect(ms).toBeGreaterThanOrEqual(AT_LEAST_MS);
    expect(host.stats.syncs).toBe(1);
  });

  it('makes an empty first sync of a run wait (it instantiates the workbook); a second one sends nothing, as against Excel', async () => {
    const host = installWorkbook({ delayMs: DELAY_MS });
    let second = 0;
    const first = await timed(() => Excel.run(async (context) => {
      await context.sync();
      second = await timed(() => context.sync());
    }));
    expect(host.stats.syncs).toBe(1);
    expect(first).toBeGreaterThanOrEqual(AT_LEAST_MS);
    expect(second).toBeLessThan(DELAY_MS);
  });

  it('makes a request that only releases kept ranges wait too, counted apart from syncs', async () => {
    const host = installWorkbook({ delayMs: DELAY_MS });
    const release: RequestBody = {
      Actions: [
        { Id: 1, ActionType: ActionType.instantiate, Name: '', ObjectPathId: 1 },
        { Id: 2, ActionType: ActionType.method, Name: '_RemoveReference', ObjectPathId: 1, ArgumentInfo: { Arguments: ['{R999}'] } },
      ],
      ObjectPaths: { 1: { Id: 1, ObjectPathType: ObjectPathType.global, Name: '' } },
    };
    expect(await timed(() => host.execute(release))).toBeGreaterThanOrEqual(AT_LEAST_MS);
    expect(host.stats).toMatchObject({ syncs: 0, cleanupRequests: 1 });
  });
});
