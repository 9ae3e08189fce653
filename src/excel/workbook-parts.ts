import { PartGoneError, WorkbookPartsUnsupportedError } from '../ports/errors';
import type { ListedPart, WorkbookPart, WorkbookParts } from '../ports/workbook-parts';
import { hostErrorCode, isResponseTooLarge, realSleep, withHostRetry, WRITE_RETRY, type RetryPolicy, type Sleep } from './host-errors';
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
 * - "Excel on the web has a payload size limit for requests and responses of 5MB"
 *   (https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins),
 *   answered `ResponsePayloadSizeLimitExceeded` over it, and a part tells nothing of its size before it is read (its
 *   members are `id`, `namespaceUri`, `getXml`, `setXml`, `delete`). So `list` reads the ids first, then the XML
 *   {@link PARTS_PER_READ} parts a request; a group whose answer is too large is read again in halves, down to one
 *   part, and a part too large alone is listed unreadable while the others are read. One oversized part among n
 *   costs at most 2·⌈log2 16⌉ = 8 requests more than the 1 + ⌈n / 16⌉ of a workbook without one, the first time:
 *   from then on it is read alone (one request more), so the next lists cost no splitting.
 * Transient host errors ("not now": a cell being edited, throttling, see host-errors.ts) are tried again for the
 * calls that can safely run twice (`list`, `replace`, `remove`); `add` is not, since a retried add could leave two
 * parts. A part deleted between the ids and its XML is left out of the list (`ItemNotFound` fails its whole group,
 * which is then read in halves like one too large).
 */

/** The requirement set of `workbook.customXmlParts` and all its members. */
export const CUSTOM_XML_PARTS_API_SET = '1.5';

/** A result read after its sync (a helper, so the load-before-read lint rule does not take it for a proxy's property). */
const valueOf = <T>(result: OfficeExtension.ClientResult<T>): T => result.value;

/**
 * Parts whose XML one request reads: 5 MB over 16 is about 320 KB a part on average, several times what a report's
 * part holds with a few placements; a group over the limit is read again in halves.
 */
export const PARTS_PER_READ = 16;

/** Office.js runs every batch on the workbook the add-in is loaded in: every adapter here is over that one. */
const THIS_WORKBOOK = Object.freeze({ workbook: 'the one this add-in runs in' });

/** Parts of this workbook found too large to read with others: each is read alone from then on (it may shrink). */
const readAlone = new Set<string>();

const TOO_LARGE = 'it is larger than Excel on the web hands to an add-in at once (5 MB); Excel for Windows or Mac has no such limit and can open it';

export interface WorkbookPartsOptions {
  sleep?: Sleep;
  retry?: RetryPolicy;
}

export class ExcelWorkbookParts implements WorkbookParts {
  readonly workbook = THIS_WORKBOOK;
  private readonly sleep: Sleep;
  private readonly retry: RetryPolicy;

  constructor(options: WorkbookPartsOptions = {}) {
    this.sleep = options.sleep ?? realSleep;
    this.retry = options.retry ?? WRITE_RETRY;
  }

  private supported(): void {
    if (!supportsExcelApi(CUSTOM_XML_PARTS_API_SET)) throw new WorkbookPartsUnsupportedError(`ExcelApi ${CUSTOM_XML_PARTS_API_SET}`);
  }

  /** The ids in one request, then the XML in groups (see the header): two requests for up to 16 parts of usual size. */
  async list(namespaceUri: string): Promise<ListedPart[]> {
    this.supported();
    const ids = await withHostRetry(this.retry, this.sleep, () => Excel.run(async (context) => {
      const parts = context.workbook.customXmlParts.getByNamespace(namespaceUri);
      parts.load('items/id');
      await context.sync();
      return parts.items.map((part) => part.id);
    }));
    const groups: string[][] = [];
    const others = ids.filter((id) => !readAlone.has(id));
    for (let start = 0; start < others.length; start += PARTS_PER_READ) groups.push(others.slice(start, start + PARTS_PER_READ));
    for (const id of ids) if (readAlone.has(id)) groups.push([id]);
    const read = new Map<string, ListedPart>();
    // One request a group: Excel on the web refuses any answer over 5 MB, and a part's size is known only once read.
    for (const group of groups) {
      for (const part of await this.readXml(namespaceUri, group)) read.set(part.id, part);
    }
    return ids.flatMap((id) => read.get(id) ?? []);
  }

  /** The parts' XML in one request; an answer too large is asked again in halves. A part deleted meanwhile is left out. */
  private async readXml(namespaceUri: string, ids: readonly string[]): Promise<ListedPart[]> {
    try {
      const xml = await withHostRetry(this.retry, this.sleep, () => Excel.run(async (context) => {
        const parts = context.workbook.customXmlParts.getByNamespace(namespaceUri);
        const results = ids.map((id) => parts.getItem(id).getXml());
        await context.sync();
        return results.map(valueOf);
      }));
      return ids.map((id, i) => ({ id, xml: xml[i]! }));
    } catch (error) {
      const gone = hostErrorCode(error) === 'ItemNotFound';
      if (!gone && !isResponseTooLarge(error)) throw error;
      if (ids.length === 1) {
        if (gone) return [];
        readAlone.add(ids[0]!);
        return [{ id: ids[0]!, xml: null, unreadable: TOO_LARGE }];
      }
      const half = Math.ceil(ids.length / 2);
      const first = await this.readXml(namespaceUri, ids.slice(0, half));
      return first.concat(await this.readXml(namespaceUri, ids.slice(half)));
    }
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
