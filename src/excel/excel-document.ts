import type { WorkbookStart } from '../ports/workbook-document';
import { readSetting, writeSetting } from './document-settings';
import { withHostRetry, type RetryPolicy, type Sleep } from './host-errors';
import { setLoadOnOpen, supportsStartupBehavior } from './startup';
import { keepWorkbookId } from './workbook-opening';
import { readStart } from './workbook-start';
import { writeRefreshOnOpen } from './workbook-state';

/**
 * The workbook port's document-level part over Office.js: what the file says of itself rather than of cells —
 * its settings, its id, its "refresh when this workbook opens" choice and Office's startup behaviour, and what it
 * holds as it opens. `ExcelConnector` adds the cells.
 */
export abstract class ExcelDocument {
  protected abstract readonly newId: () => string;
  protected abstract readonly sleep: Sleep;
  protected abstract readonly writeRetry: RetryPolicy;

  /** A document setting's text, or null when the workbook has none (see document-settings.ts: never a token). */
  readSetting(key: string): Promise<string | null> {
    return Excel.run((context) => readSetting(context, key));
  }

  /** Saves a document setting's text (`add` replaces an existing one), or removes it (`null`). */
  async writeSetting(key: string, value: string | null): Promise<void> {
    await withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => writeSetting(context, key, value)));
  }

  /**
   * Saves the choice in the workbook, then asks Office to load the add-in when it opens, or not (startup.ts).
   * Resolves whether Office was asked: false where the host lacks SharedRuntime 1.1.
   */
  async writeRefreshOnOpen(on: boolean): Promise<boolean> {
    await withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => writeRefreshOnOpen(context, on)));
    return setLoadOnOpen(on);
  }

  /** Whether Office can be asked to load the add-in with the document (SharedRuntime 1.1). */
  supportsStartupBehavior(): boolean {
    return supportsStartupBehavior();
  }

  /** The workbook's id, refresh-on-open flag, sheets, and where its placements are, in one sync (workbook-start.ts). */
  readStart(): Promise<WorkbookStart> {
    return Excel.run((context) => readStart(context));
  }

  /** The workbook's id, saved now when it has none. */
  keepWorkbookId(): Promise<string> {
    return withHostRetry(this.writeRetry, this.sleep, () => Excel.run((context) => keepWorkbookId(context, this.newId)));
  }
}
