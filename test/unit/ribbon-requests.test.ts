import { RibbonRefreshRequests, runRibbonRefreshAll, type RunnerAnswer } from '../../src/monitoring/ribbon-requests';

/** A promise and its resolver, to hold a run open while the test looks. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('the ribbon\'s "Refresh all" requests', () => {
  it('run at once on the runner on offer, and the command ends when the run does', async () => {
    const requests = new RibbonRefreshRequests();
    const run = deferred();
    const runner = jest.fn(async (): Promise<RunnerAnswer> => {
      await run.promise;
      return 'ran';
    });
    requests.offer(runner);
    let ended = false;
    const command = requests.request().then((outcome) => {
      ended = true;
      return outcome;
    });
    await flush();
    expect(runner).toHaveBeenCalledTimes(1);
    expect(ended).toBe(false);
    run.resolve();
    await expect(command).resolves.toBe('ran');
    expect(requests.waiting).toBe(false);
  });

  it('wait while no runner is on offer (signed out), once however many clicks, and run when one is offered', async () => {
    const requests = new RibbonRefreshRequests();
    const seen: boolean[] = [];
    requests.subscribe((waiting) => seen.push(waiting));
    await expect(requests.request()).resolves.toBe('waiting');
    await expect(requests.request()).resolves.toBe('waiting');
    expect(requests.waiting).toBe(true);
    const runner = jest.fn(async (): Promise<RunnerAnswer> => 'ran');
    requests.offer(runner);
    await flush();
    expect(runner).toHaveBeenCalledTimes(1);
    expect(requests.waiting).toBe(false);
    expect(seen).toEqual([true, false]);
  });

  it('keep waiting when the runner cannot take them now, and run on its next offer', async () => {
    const requests = new RibbonRefreshRequests();
    const busy = jest.fn(async (): Promise<RunnerAnswer> => 'not-now');
    const withdraw = requests.offer(busy);
    await expect(requests.request()).resolves.toBe('waiting');
    expect(busy).toHaveBeenCalledTimes(1);
    withdraw();
    const free = jest.fn(async (): Promise<RunnerAnswer> => 'ran');
    requests.offer(free);
    await flush();
    expect(free).toHaveBeenCalledTimes(1);
    expect(requests.waiting).toBe(false);
  });

  it('go back to waiting when a waiting request is handed to a runner that cannot take it', async () => {
    const requests = new RibbonRefreshRequests();
    await requests.request();
    requests.offer(async () => 'not-now');
    await flush();
    expect(requests.waiting).toBe(true);
  });

  it('are not run by a withdrawn offer, nor does withdrawing an older offer remove a newer one', async () => {
    const requests = new RibbonRefreshRequests();
    const older = jest.fn(async (): Promise<RunnerAnswer> => 'ran');
    const newer = jest.fn(async (): Promise<RunnerAnswer> => 'ran');
    const withdrawOlder = requests.offer(older);
    requests.offer(newer);
    withdrawOlder();
    await requests.request();
    expect(older).not.toHaveBeenCalled();
    expect(newer).toHaveBeenCalledTimes(1);
  });
});

describe("the ribbon button's function", () => {
  it('shows the pane only when the request waits for it', async () => {
    const requests = new RibbonRefreshRequests();
    const showPane = jest.fn(async () => undefined);
    await runRibbonRefreshAll(requests, showPane);
    expect(showPane).toHaveBeenCalledTimes(1);
    requests.offer(async () => 'ran');
    await flush();
    await runRibbonRefreshAll(requests, showPane);
    expect(showPane).toHaveBeenCalledTimes(1);
  });

  it('ends the command, the request still waiting, when Office will not show the pane', async () => {
    const requests = new RibbonRefreshRequests();
    await expect(runRibbonRefreshAll(requests, () => Promise.reject(new Error('no pane')))).resolves.toBeUndefined();
    expect(requests.waiting).toBe(true);
  });
});
