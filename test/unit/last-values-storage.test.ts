import { lastValuesScope } from '../../src/ports/last-values';
import { LocalLastValues } from '../../src/storage/last-values-storage';

/** Each formula's last value in the add-in's own storage (a stand-in `localStorage` here): per user and workbook, bounded. */

const stored = new Map<string, string>();
beforeAll(() => {
  (globalThis as { localStorage?: unknown }).localStorage = {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  };
});
afterAll(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});
beforeEach(() => {
  stored.clear();
  jest.useFakeTimers();
});
afterEach(() => jest.useRealTimers());

const anna = lastValuesScope('platform:1:anna@example.com', 'workbook-1');
const ben = lastValuesScope('platform:2:ben@example.com', 'workbook-1');

describe('the last values kept in the add-in\'s storage', () => {
  it('are read back in a later session, per user and workbook, never another user\'s', () => {
    const store = new LocalLastValues();
    store.keep(anna, 'VALUE|["Revenue",["Region","Europe"]]', { answer: 1200.5, at: 1 });
    store.keep(anna, 'MEMBERS|["Region",[]]', { answer: [['Europe'], ['Asia']], at: 2 });
    jest.runAllTimers();
    const later = new LocalLastValues();
    expect(later.read(anna, 'VALUE|["Revenue",["Region","Europe"]]')).toEqual({ answer: 1200.5, at: 1 });
    expect(later.read(anna, 'MEMBERS|["Region",[]]')).toEqual({ answer: [['Europe'], ['Asia']], at: 2 });
    expect(later.read(ben, 'VALUE|["Revenue",["Region","Europe"]]')).toBeNull();
  });

  it('keeps no array answer over 10,000 cells, and at most 5,000 formulas per workbook, the most recent', () => {
    const store = new LocalLastValues();
    store.keep(anna, 'REPORT|["Big",true,null]', { answer: Array.from({ length: 10_001 }, () => [1]), at: 1 });
    for (let i = 0; i < 5_001; i += 1) store.keep(anna, `VALUE|[${i}]`, { answer: i, at: 10 + i });
    jest.runAllTimers();
    const later = new LocalLastValues();
    expect(later.read(anna, 'REPORT|["Big",true,null]')).toBeNull();
    expect(later.read(anna, 'VALUE|[0]')).toBeNull();
    expect(later.read(anna, 'VALUE|[5000]')).toEqual({ answer: 5000, at: 5010 });
  });

  it('leaves other workbooks\' values stored meanwhile by other panes as they are', () => {
    const store = new LocalLastValues();
    store.keep(anna, 'VALUE|[1]', { answer: 1, at: 1 });
    jest.runAllTimers();
    const otherPane = new LocalLastValues();
    otherPane.keep(lastValuesScope('platform:1:anna@example.com', 'workbook-2'), 'VALUE|[2]', { answer: 2, at: 2 });
    jest.runAllTimers();
    store.keep(anna, 'VALUE|[3]', { answer: 3, at: 3 });
    jest.runAllTimers();
    expect(new LocalLastValues().read(lastValuesScope('platform:1:anna@example.com', 'workbook-2'), 'VALUE|[2]')).toEqual({ answer: 2, at: 2 });
  });

  it('reads unreadable storage as nothing kept', () => {
    stored.set('report-sync.last-values', '{not json');
    expect(new LocalLastValues().read(anna, 'VALUE|[1]')).toBeNull();
    stored.set('report-sync.last-values', JSON.stringify({ [anna]: { at: 1, formulas: { 'VALUE|[1]': { answer: { evil: true }, at: 1 } } } }));
    expect(new LocalLastValues().read(anna, 'VALUE|[1]')).toBeNull();
  });
});
