import { PartGoneError, WorkbookPartsUnsupportedError, type WorkbookPart, type WorkbookParts } from '../ports/workbook-parts';
import { hostErrorCode, realSleep, withHostRetry, WRITE_RETRY, type RetryPolicy, type Sleep } from './host-errors';
import { supportsExcelApi } from './requirements';

/**
 * The workbook parts port over Excel's custom XML parts (`workbook.customXmlParts`,
 * https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpartcollection). Host rules it keeps:
 * - Every member is ExcelApi 1.5 (the three reference pages' remarks): the host is asked first
 *   (`Office.context.requirements.isSetSupported('ExcelApi', '1.5')`, "Use runtime checks in your JavaScript code",
 *   https://learn.microsoft.com/en-us/office/dev/add-ins/develop/specify-office-hosts-and-api-requirements), and a host
 *   without it is a {@link WorkbookPartsUnsupportedError} before any request is made.
 * - `getByNamespace(namespaceUri)` "Gets a new scoped collection of custom XML parts whose namespaces match the given
 *   namespace" (the namespace of the part's root element); a part is read whole with `getXml()`.
 * - `getItem(id)` of a part that is not there fails the batch with `ItemNotFound` (Excel's error codes:
 *   https://learn.microsoft.com/en-us/office/dev/add-ins/testing/application-specific-api-error-handling); that is
 *   how a part deleted meanwhile shows, and it becomes {@link PartGoneError}.
 * - `setXml` "does a whole-for-whole replacement of the entire XML" (the reference page's sample).
 * Transient host errors ("not now": a cell being edited, throttling, see host-errors.ts) are tried again for the
 * calls that can safely run twice (`list`, `replace`, `remove`); `add` is not, since a retried add could leave two
 * parts.
 */

/** The requirement set of `workbook.customXmlParts` and all its members. */
export const CUSTOM_XML_PARTS_API_SET = '1.5';

/** A result read after its sync (a helper, so the load-before-read lint rule does not take it for a proxy's property). */
const valueOf = <T>(result: OfficeExtension.ClientResult<T>): T => result.value;

export interface WorkbookPartsOptions {
  sleep?: Sleep;
  retry?: RetryPolicy;
}

export class ExcelWorkbookParts implements WorkbookParts {
  private readonly sleep: Sleep;
  private readonly retry: RetryPolicy;

  constructor(options: WorkbookPartsOptions = {}) {
    this.sleep = options.sleep ?? realSleep;
    this.retry = options.retry ?? WRITE_RETRY;
  }

  private supported(): void {
    if (!supportsExcelApi(CUSTOM_XML_PARTS_API_SET)) throw new WorkbookPartsUnsupportedError(`ExcelApi ${CUSTOM_XML_PARTS_API_SET}`);
  }

  /** Two syncs at most, whatever the number of parts: their ids, then every part's XML at once. */
  async list(namespaceUri: string): Promise<WorkbookPart[]> {
    this.supported();
    return withHostRetry(this.retry, this.sleep, () => Excel.run(async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace(namespaceUri);
      parts.load('items/id');
      await context.sync();
      const ids = parts.items.map((part) => part.id);
      if (ids.length === 0) return [];
      const xml = parts.items.map((part) => part.getXml());
      await context.sync();
      return ids.map((id, i) => ({ id, xml: valueOf(xml[i]!) }));
    }));
  }

  async add(xml: string): Promise<WorkbookPart> {
    this.supported();
    return Excel.run(async (context) => {
      const part = context.workbook.customXmlParts.add(xml);
      part.load('id');
      await context.sync();
      return { id: part.id, xml };
    });
  }

  async replace(id: string, xml: string): Promise<void> {
    this.supported();
    try {
      await withHostRetry(this.retry, this.sleep, () => Excel.run(async (context) => {
        context.workbook.customXmlParts.getItem(id).setXml(xml);
        await context.sync();
      }));
    } catch (error) {
      if (hostErrorCode(error) === 'ItemNotFound') throw new PartGoneError(id, error);
      throw error;
    }
  }

  async remove(id: string): Promise<void> {
    this.supported();
    try {
      await withHostRetry(this.retry, this.sleep, () => Excel.run(async (context) => {
        context.workbook.customXmlParts.getItem(id).delete();
        await context.sync();
      }));
    } catch (error) {
      // Gone already (or removed by an earlier try whose answer was lost): what was asked for holds.
      if (hostErrorCode(error) !== 'ItemNotFound') throw error;
    }
  }
}
