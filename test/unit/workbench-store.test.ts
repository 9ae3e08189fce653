import type { SerializedWorkbook } from '../../workbench/excel-host/workbook/workbook-model';
import { WorkbookModel } from '../../workbench/excel-host/workbook/workbook-model';

// IndexedDB is the browser's: idb-keyval is replaced by a map that copies values as IndexedDB's structured clone does.
const stores = new Map<string, Map<unknown, unknown>>();
jest.mock('idb-keyval', () => ({
  createStore: (db: string, store: string) => {
    const name = `${db}/${store}`;
    if (!stores.has(name)) stores.set(name, new Map());
    return name;
  },
  get: async (key: unknown, store: string) => structuredClone(stores.get(store)!.get(key)),
  set: async (key: unknown, value: unknown, store: string) => void stores.get(store)!.set(key, structuredClone(value)),
  del: async (key: unknown, store: string) => void stores.get(store)!.delete(key),
}));

import { clearWorkbook, LEGACY_KEY, loadWorkbook, saveWorkbook } from '../../workbench/workbook-store';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem = (key: string) => this.items.get(key) ?? null;
  setItem = (key: string, value: string) => void this.items.set(key, value);
  removeItem = (key: string) => void this.items.delete(key);
}

function bigWorkbook(rows: number): SerializedWorkbook {
  const model = new WorkbookModel('Book1.xlsx');
  const sheet = model.sheets[0]!;
  for (let r = 0; r < rows; r++) for (let c = 0; c < 6; c++) model.setCell(sheet, r, c, { value: c ? r * c + 0.5 : `Row ${r}`, numberFormat: c ? '#,##0.00' : undefined });
  model.select({ top: 2, left: 1, bottom: 2, right: 1 });
  return model.toJSON();
}

describe('workbench workbook store', () => {
  beforeEach(async () => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    await clearWorkbook();
  });
  afterAll(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('has nothing before the first save', async () => {
    await expect(loadWorkbook()).resolves.toBeNull();
  });

  it('saves and loads a workbook past localStorage’s quota (20,000 rows)', async () => {
    const data = bigWorkbook(20_000);
    expect(JSON.stringify(data).length).toBeGreaterThan(5_000_000);
    await saveWorkbook(data);
    const loaded = await loadWorkbook();
    expect(loaded).toEqual(data);
    const model = WorkbookModel.fromJSON(loaded!);
    expect(model.cellAt(model.sheets[0]!, 19_999, 3)).toEqual({ value: 59_997.5, numberFormat: '#,##0.00' });
    expect(model.selection).toEqual({ top: 2, left: 1, bottom: 2, right: 1 });
  });

  it('clears the saved workbook', async () => {
    await saveWorkbook(bigWorkbook(2));
    await clearWorkbook();
    await expect(loadWorkbook()).resolves.toBeNull();
  });

  it('opens a workbook an earlier workbench left in localStorage, and moves it on the next save', async () => {
    const legacy = bigWorkbook(3);
    localStorage.setItem(LEGACY_KEY, JSON.stringify(legacy));
    await expect(loadWorkbook()).resolves.toEqual(legacy);
    await saveWorkbook(legacy);
    expect(localStorage.getItem(LEGACY_KEY)).toBeNull();
    await expect(loadWorkbook()).resolves.toEqual(legacy);
  });

  it('drops what is not a workbook', async () => {
    localStorage.setItem(LEGACY_KEY, '{not json');
    await expect(loadWorkbook()).resolves.toBeNull();
    expect(localStorage.getItem(LEGACY_KEY)).toBeNull();
    await saveWorkbook({ sheets: [] } as unknown as SerializedWorkbook);
    await expect(loadWorkbook()).resolves.toBeNull();
  });
});

describe('workbench workbook store format', () => {
  it('keeps the workbook as JSON text, and still reads a stored object', async () => {
    Object.assign(globalThis, { localStorage: new MemoryStorage() });
    const data = bigWorkbook(2);
    await saveWorkbook(data);
    const [raw] = [...stores.get('report-sync-workbench/workbook')!.values()];
    expect(typeof raw).toBe('string');
    stores.get('report-sync-workbench/workbook')!.set('workbook', structuredClone(data));
    await expect(loadWorkbook()).resolves.toEqual(data);
    stores.get('report-sync-workbench/workbook')!.set('workbook', '{broken');
    await expect(loadWorkbook()).resolves.toBeNull();
  });
});
