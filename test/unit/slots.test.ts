import { Slots } from '../../src/core/slots';

/** A task that stays running until `finish` is called; `started` says whether it began. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => { finish = resolve; });
  const task = { started: false, finish: () => finish(), run: async () => { task.started = true; await done; return 'ran'; } };
  return task;
}

describe('Slots', () => {
  it('runs at most its size at once, the rest in the order they came', async () => {
    const slots = new Slots(2);
    const tasks = [pending(), pending(), pending(), pending()];
    const results = tasks.map((t) => slots.run(t.run));
    await Promise.resolve();
    expect(tasks.map((t) => t.started)).toEqual([true, true, false, false]);
    tasks[1]!.finish();
    await results[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks.map((t) => t.started)).toEqual([true, true, true, false]);
    tasks[0]!.finish();
    tasks[2]!.finish();
    await Promise.all([results[0], results[2]]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(tasks[3]!.started).toBe(true);
    tasks[3]!.finish();
    await expect(Promise.all(results)).resolves.toEqual(['ran', 'ran', 'ran', 'ran']);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    await expect(slots.run(() => Promise.resolve('next'))).resolves.toBe('next');
  });

  it('a task whose signal aborts while it waits never starts and leaves the line', async () => {
    const slots = new Slots(1);
    const first = pending();
    const running = slots.run(first.run);
    const controller = new AbortController();
    const waiting = pending();
    const aborted = slots.run(waiting.run, controller.signal);
    const third = pending();
    const after = slots.run(third.run);
    controller.abort(new Error('stopped'));
    await expect(aborted).rejects.toThrow('stopped');
    first.finish();
    await running;
    await new Promise((resolve) => setImmediate(resolve));
    expect(waiting.started).toBe(false);
    expect(third.started).toBe(true);
    third.finish();
    await expect(after).resolves.toBe('ran');
  });

  it('refuses at once a task whose signal has already aborted while every slot is taken', async () => {
    const slots = new Slots(1);
    const first = pending();
    const running = slots.run(first.run);
    const controller = new AbortController();
    controller.abort(new Error('gone'));
    await expect(slots.run(() => Promise.resolve('no'), controller.signal)).rejects.toThrow('gone');
    first.finish();
    await running;
  });
});
