import type { Page } from 'playwright-core';
import type { SerializedWorkbook } from '../../../workbench/excel-host/workbook/workbook-data';
import { workbenchReady } from './actions';

/**
 * A workbook someone sent: the workbench keeps its workbook in the page's IndexedDB (workbench/workbook-store.ts:
 * database 'report-sync-workbench', store 'workbook', key 'workbook', the value a `SerializedWorkbook` as JSON text),
 * so a test reads the file as saved, edits it as a sender could, and opens it again as the reader. The pane is no
 * frame of its own (workbench/workbench-host.ts): its storage is the page's, at the workbench's origin.
 */

const DATABASE = 'report-sync-workbench';
const STORE = 'workbook';
const KEY = 'workbook';
/** Where the pane keeps which workbooks each user allowed (src/storage/consent-storage.ts). */
export const CONSENT_KEY = 'report-sync.consent';

/** The raw value saved under the workbook key (JSON text), or null when nothing is saved. Runs in the page. */
function readRaw(page: Page): Promise<string | null> {
  return page.evaluate(({ database, store, key }) => new Promise<string | null>((resolve, reject) => {
    const open = indexedDB.open(database);
    open.onerror = () => reject(open.error ?? new Error(`${database} did not open`));
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains(store)) {
        db.close();
        resolve(null);
        return;
      }
      const get = db.transaction(store, 'readonly').objectStore(store).get(key);
      get.onerror = () => reject(get.error ?? new Error(`${key} could not be read`));
      get.onsuccess = () => {
        db.close();
        const value: unknown = get.result;
        resolve(value === undefined ? null : typeof value === 'string' ? value : JSON.stringify(value));
      };
    };
  }), { database: DATABASE, store: STORE, key: KEY });
}

/** The saved workbook's JSON text exactly as the workbench stored it (to check what the file carries). */
export async function savedWorkbookText(page: Page): Promise<string> {
  const raw = await readRaw(page);
  if (raw === null) throw new Error('The workbench has no saved workbook');
  return raw;
}

/** The workbench's workbook as it saves it now: saved first (Ctrl+S, as it were), then read out of IndexedDB. */
export async function savedWorkbook(page: Page): Promise<SerializedWorkbook> {
  await workbenchReady(page);
  await page.evaluate(() => (window as unknown as { workbench: { save(): Promise<void> } }).workbench.save());
  return JSON.parse(await savedWorkbookText(page)) as SerializedWorkbook;
}

/** Writes `workbook` as the saved workbook, and/or forgets the consent storage, in the page (at the workbench's origin). */
function seed(page: Page, workbook: SerializedWorkbook | null, forgetConsent: boolean): Promise<void> {
  return page.evaluate(({ database, store, key, text, consentKey }) => new Promise<void>((resolve, reject) => {
    if (consentKey) localStorage.removeItem(consentKey);
    if (text === null) {
      resolve();
      return;
    }
    const open = indexedDB.open(database);
    // A profile that never opened the workbench: the store is made as idb-keyval makes it.
    open.onupgradeneeded = () => open.result.createObjectStore(store);
    open.onerror = () => reject(open.error ?? new Error(`${database} did not open`));
    open.onsuccess = () => {
      const db = open.result;
      const transaction = db.transaction(store, 'readwrite');
      transaction.objectStore(store).put(text, key);
      transaction.oncomplete = () => {
        db.close();
        resolve();
      };
      transaction.onerror = () => reject(transaction.error ?? new Error(`${key} could not be written`));
    };
  }), { database: DATABASE, store: STORE, key: KEY, text: workbook ? JSON.stringify(workbook) : null, consentKey: forgetConsent ? CONSENT_KEY : null });
}

/**
 * Opens `workbook` in the workbench at `page`'s address, as if the user opened a file someone sent: the page is left
 * first (so no save of the workbook it had open can land over the new one), the file is put where the workbench keeps
 * its workbook, and the workbench page opens again with it. `forgetConsent`: the same browser then stands for a reader
 * who never allowed this file (the pane's allowances are forgotten, nothing else: the reader stays signed in).
 * `address`: the workbench page to open it in (e.g. with `?lang=de-DE`), by default the one the page shows.
 */
export async function openReceivedWorkbook(page: Page, workbook: SerializedWorkbook, { forgetConsent = true, address = page.url() } = {}): Promise<void> {
  const origin = new URL(address).origin;
  // A page of the workbench's origin that runs nothing of it (the build's functions metadata): same storage.
  await page.goto(`${origin}/functions.json`);
  await seed(page, workbook, forgetConsent);
  await page.goto(address.replace(/#.*$/, ''));
  await workbenchReady(page);
}

/** Forgets every allowance the pane keeps (in the page's localStorage), as a browser that never allowed anything. */
export function forgetConsent(page: Page): Promise<void> {
  return seed(page, null, true);
}

/** The allowances the pane keeps, as stored (null when none). */
export function storedConsent(page: Page): Promise<Record<string, { items: string[]; at: number }> | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? 'null') as Record<string, { items: string[]; at: number }> | null, CONSENT_KEY);
}
