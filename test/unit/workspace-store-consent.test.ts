import { RibbonRefreshRequests } from '../../src/monitoring/ribbon-requests';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import type { ConsentStorage } from '../../src/pane/workbook-consent';
import type { WorkbookOpening } from '../../src/ports/workbook-document';
import { WorkspaceStore } from '../../src/pane/workspace-store';
import { entry, fakeWorkspace, report, until, words } from '../support/workspace-store-fakes';

/**
 * Issue 39 in the pane store (Node, no Excel): a received workbook whose queries this user has not allowed runs
 * nothing by itself — refresh on open, the ribbon's Refresh all, formulas — until Allow; the allowance is kept in the
 * add-in's storage (here a map standing in for it) and holds when the pane opens again.
 */

/** The add-in's own storage, as a map a test can look into. */
function memoryStorage(): ConsentStorage & { saved: Map<string, readonly string[]> } {
  const saved = new Map<string, readonly string[]>();
  return {
    saved,
    allowed: (user, workbookId) => saved.get(`${user}|${workbookId}`) ?? null,
    allow: (user, workbookId, items) => void saved.set(`${user}|${workbookId}`, items),
  };
}

interface Opened {
  listed: WorkbookPlacement[];
  opening: WorkbookOpening;
  storage: ConsentStorage;
  formulaCalls?: number;
  ribbon?: RibbonRefreshRequests;
}

async function open({ listed, opening, storage, formulaCalls = 0, ribbon }: Opened) {
  const fake = fakeWorkspace(listed);
  const workbook = fake.ports.workbook as unknown as Record<string, unknown>;
  workbook.readStart = async () => ({ ...opening, sheets: opening.sheets.map((sheet, i) => ({ ...sheet, sheetId: `s${i}` })), placementsOf: null });
  workbook.keepWorkbookId = jest.fn(async () => 'new-id');
  const afterAllow = jest.fn(async () => undefined);
  const store = new WorkspaceStore({
    ports: fake.ports, writeDisabled: () => false, words, liveDebounceMs: 1, ribbon,
    consent: { storage, user: 'platform:1:anna@example.com', keptInFile: () => false, formulaCalls: () => formulaCalls, afterAllow },
  });
  await store.start({ visible: false });
  return { store, afterAllow, keepWorkbookId: workbook.keepWorkbookId as jest.Mock, ...fake };
}

/** A received file: one placement on a very hidden sheet, refresh on open on. */
const received = (): Omit<Opened, 'storage'> => {
  const hidden = entry('p1');
  hidden.location = { ...hidden.location!, sheetName: 'Payroll' };
  return {
    listed: [hidden],
    opening: { workbookId: 'wb', refreshOnOpen: true, sheets: [{ name: 'Sheet1', visibility: 'Visible' }, { name: 'Payroll', visibility: 'VeryHidden' }] },
  };
};

describe('consent before a received workbook queries anything', () => {
  it('refresh on open waits for Allow, the bar names the very hidden sheet, and Allow runs it and is kept', async () => {
    const storage = memoryStorage();
    const { store, placements, afterAllow } = await open({ ...received(), storage });
    await until(() => store.getState().consent.kind !== 'deciding');
    const consent = store.getState().consent;
    expect(consent).toMatchObject({ kind: 'asking', queries: { refreshOnOpen: true, sheets: [{ name: 'Payroll', visibility: 'VeryHidden' }], reports: [{ title: 'Orders by status' }] } });
    // Nothing ran by itself: no refresh was prepared or written.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(placements.prepareRefresh).not.toHaveBeenCalled();
    expect(placements.writeRefresh).not.toHaveBeenCalled();

    await store.consent!.allow();
    expect(store.getState().consent).toEqual({ kind: 'allowed' });
    await until(() => placements.writeRefresh.mock.calls.length === 1);
    expect(afterAllow).toHaveBeenCalledTimes(1);
    expect([...storage.saved.keys()]).toEqual(['platform:1:anna@example.com|wb']);

    // The pane opens again on the same storage: allowed at once, and refresh on open runs.
    const again = await open({ ...received(), storage });
    await until(() => again.store.getState().consent.kind !== 'deciding');
    expect(again.store.getState().consent).toEqual({ kind: 'allowed' });
    await until(() => again.placements.writeRefresh.mock.calls.length === 1);
  });

  it('Not now runs nothing this session; the pane\'s Refresh all brings the bar back instead of running', async () => {
    const { store, placements } = await open({ ...received(), storage: memoryStorage() });
    await until(() => store.getState().consent.kind === 'asking');
    store.consent!.notNow();
    expect(store.getState().consent.kind).toBe('declined');
    await store.refreshAll();
    expect(store.getState().consent.kind).toBe('asking');
    expect(placements.prepareRefresh).not.toHaveBeenCalled();
  });

  it('the ribbon\'s Refresh all waits for Allow, then runs; after Not now it runs nothing and says why', async () => {
    const ribbon = new RibbonRefreshRequests();
    const file = { ...received(), opening: { ...received().opening, refreshOnOpen: false } };
    const { store, placements } = await open({ ...file, storage: memoryStorage(), ribbon });
    await until(() => store.getState().consent.kind === 'asking');
    await expect(ribbon.request()).resolves.toBe('waiting');
    expect(placements.prepareRefresh).not.toHaveBeenCalled();
    await store.consent!.allow();
    await until(() => placements.writeRefresh.mock.calls.length === 1);

    const laterRibbon = new RibbonRefreshRequests();
    const declined = await open({ ...file, storage: memoryStorage(), ribbon: laterRibbon });
    await until(() => declined.store.getState().consent.kind === 'asking');
    await expect(laterRibbon.request()).resolves.toBe('waiting');
    declined.store.consent!.notNow();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(declined.store.getState().notice).toEqual({ kind: 'consent-declined' });
    expect(declined.placements.prepareRefresh).not.toHaveBeenCalled();
  });

  it('formulas wait while the pane decides, answer "allow first" while it asks, and may query once allowed', async () => {
    const { store } = await open({ listed: [], opening: { workbookId: 'wb', refreshOnOpen: false, sheets: [] }, storage: memoryStorage(), formulaCalls: 2 });
    const first = store.consent!.mayQuery();
    await until(() => store.getState().consent.kind === 'asking');
    await expect(first).resolves.toBe(false);
    expect(store.getState().consent).toMatchObject({ queries: { formulas: 2 } });
    await store.consent!.allow();
    await expect(store.consent!.mayQuery()).resolves.toBe(true);
  });

  it('a workbook with nothing that queries is the user\'s own: nothing asked; placing into a received one allows it', async () => {
    const empty = await open({ listed: [], opening: { workbookId: null, refreshOnOpen: false, sheets: [] }, storage: memoryStorage() });
    await until(() => empty.store.getState().consent.kind !== 'deciding');
    expect(empty.store.getState().consent).toEqual({ kind: 'allowed' });

    const storage = memoryStorage();
    const file = await open({ ...received(), storage });
    await until(() => file.store.getState().consent.kind === 'asking');
    expect(await file.store.place(report)).toBe(true);
    expect(file.store.getState().consent).toEqual({ kind: 'allowed' });
    expect(storage.saved.size).toBe(1);
  });

  it('the first formulas of a workbook the user starts give it an id once, however many calculate together, and keep the allowance', async () => {
    const storage = memoryStorage();
    const { store, keepWorkbookId } = await open({ listed: [], opening: { workbookId: null, refreshOnOpen: false, sheets: [] }, storage });
    await until(() => store.getState().consent.kind !== 'deciding');
    const answers = await Promise.all(Array.from({ length: 50 }, () => store.consent!.mayQuery()));
    expect(answers.every(Boolean)).toBe(true);
    expect(keepWorkbookId).toHaveBeenCalledTimes(1);
    expect(storage.allowed('platform:1:anna@example.com', 'new-id')).toEqual(['formulas']);
  });

  it('asks again when a file allowed before comes back with a new report', async () => {
    const storage = memoryStorage();
    const first = await open({ ...received(), storage });
    await until(() => first.store.getState().consent.kind === 'asking');
    await first.store.consent!.allow();
    const more = received();
    const other = entry('p2');
    other.reportId = 99;
    other.report = { ...report, id: 99, name: 'Salaries' };
    const second = await open({ ...more, listed: [...more.listed, other], storage });
    await until(() => second.store.getState().consent.kind !== 'deciding');
    expect(second.store.getState().consent).toMatchObject({ kind: 'asking' });
  });
});
