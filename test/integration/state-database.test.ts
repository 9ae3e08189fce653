import { CallerGoneError, outlivingCaller, withCaller } from '../../server/store/abandoned';
import { Database } from '../../server/store/database';

describe('the state connection: kept reads and callers that hung up', () => {
  let db: Database;
  beforeEach(async () => {
    db = await Database.open(':memory:');
    await db.transaction(async (tx) => {
      await tx.run(`CREATE TABLE users (id INTEGER, active BOOLEAN)`);
      await tx.run(`CREATE TABLE deployments (id INTEGER, name VARCHAR)`);
      await tx.run(`INSERT INTO users VALUES (1, TRUE)`);
      await tx.run(`INSERT INTO deployments VALUES (1, 'Sales')`);
    });
  });
  afterEach(() => db.close());

  const activeUser = jest.fn((tx: Parameters<Parameters<Database['read']>[0]>[0]) => tx.one(`SELECT active FROM users WHERE id = 1`));
  const readUser = () => db.cachedRead(['users'], 'user 1', activeUser);
  beforeEach(() => activeUser.mockClear());

  it('answers a repeated read from memory until a commit writes its table, then reads the new state', async () => {
    expect(await readUser()).toEqual({ active: true });
    expect(await readUser()).toEqual({ active: true });
    expect(activeUser).toHaveBeenCalledTimes(1);
    await db.transaction((tx) => tx.run(`UPDATE deployments SET name = 'Sales EU'`));
    expect(await readUser()).toEqual({ active: true });
    expect(activeUser).toHaveBeenCalledTimes(1);
    await db.transaction((tx) => tx.run(`UPDATE users SET active = FALSE`));
    expect(await readUser()).toEqual({ active: false });
    expect(activeUser).toHaveBeenCalledTimes(2);
  });

  it('keeps nothing a transaction read after writing that table itself, and nothing of one rolled back', async () => {
    await expect(db.transaction(async (tx) => {
      await tx.run(`UPDATE users SET active = FALSE`);
      expect(await tx.cached(['users'], 'user 1', () => tx.one(`SELECT active FROM users WHERE id = 1`))).toEqual({ active: false });
      throw new Error('changed my mind');
    })).rejects.toThrow('changed my mind');
    expect(await readUser()).toEqual({ active: true });
  });

  it('a statement of no known table (DDL) forgets every kept read', async () => {
    await readUser();
    await db.transaction((tx) => tx.run(`ALTER TABLE users ADD COLUMN note VARCHAR`));
    await readUser();
    expect(activeUser).toHaveBeenCalledTimes(2);
  });

  it('skips queued work whose caller hung up while it waited, and runs the rest', async () => {
    let release!: () => void;
    let holds!: () => void;
    const held = new Promise<void>((resolve) => { holds = resolve; });
    const holding = db.transaction(() => new Promise<void>((resolve) => { release = resolve; holds(); }));
    await held;
    let gone = false;
    const skipped = jest.fn(() => Promise.resolve('ran'));
    const abandoned = withCaller(() => gone, () => db.transaction(skipped));
    const kept = withCaller(() => false, () => db.read(() => Promise.resolve('kept')));
    // Work that outlives its request (an agent's answer) runs although that caller has gone.
    const outliving = withCaller(() => gone, () => outlivingCaller(() => db.transaction(() => Promise.resolve('saved'))));
    gone = true;
    release();
    await holding;
    await expect(abandoned).rejects.toBeInstanceOf(CallerGoneError);
    expect(skipped).not.toHaveBeenCalled();
    await expect(kept).resolves.toBe('kept');
    await expect(outliving).resolves.toBe('saved');
  });
});
