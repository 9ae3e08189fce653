/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { WORKBOOK_REPORT_NAMESPACE } from '../../src/contract/workbook-report';
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { PartGoneError, WorkbookPartsUnsupportedError } from '../../src/ports';
import { connectOfficeJs, ExcelHost, HOST_PROFILES, PAYLOAD_LIMIT_BYTES, WorkbookModel, type HostProfile } from '../../workbench/excel-host';
import { installWorkbook } from '../support/excel';

/**
 * Reports kept in the workbook as custom XML parts (issue 26), through Microsoft's Office.js over the host emulator.
 * Expectations are Microsoft's documentation:
 * [CXP]  https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpartcollection (ExcelApi 1.5; add "Must be
 *        a valid XML fragment"; getByNamespace "whose namespaces match the given namespace"; getItemOrNullObject)
 * [SCP]  https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpartscopedcollection (getOnlyItem "produces
 *        an error" unless exactly one item; getOnlyItemOrNullObject)
 * [PART] https://learn.microsoft.com/en-us/javascript/api/excel/excel.customxmlpart (its samples: "You must have the xmlns
 *        attribute to populate the CustomXml.namespaceUri property"; after delete, getItemOrNullObject is a null object)
 * [PPT]  https://learn.microsoft.com/en-us/javascript/api/powerpoint/powerpoint.customxmlpartcollection and
 *        ...customxmlpartscopedcollection: the same API documents `GeneralException` for an invalid XML fragment and for
 *        getOnlyItem on zero or several items; Excel's pages name no code, so these tests expect PowerPoint's.
 * [GUID] ECMA-376 Part 1 §22.5.2.1 datastoreItem: a part's id is its `ds:itemID`, a GUID written `{A67AC88A-...}`,
 *        saved in the file (so it survives save and reopen).
 * [EH]   https://learn.microsoft.com/en-us/office/dev/add-ins/testing/application-specific-api-error-handling (ItemNotFound)
 * [RL]   https://learn.microsoft.com/en-us/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins (5 MB requests on the web)
 */

jest.setTimeout(30_000);

const OTHER_NAMESPACE = 'http://schemas.contoso.com/review/1.0';
const reportXml = (name: string) => `<workbookReport xmlns="${WORKBOOK_REPORT_NAMESPACE}"><name>${name}</name></workbookReport>`;
const prefixedXml = (name: string) => `<?xml version="1.0" encoding="UTF-8"?><rs:workbookReport xmlns:rs="${WORKBOOK_REPORT_NAMESPACE}"><rs:name>${name}</rs:name></rs:workbookReport>`;
const reviewersXml = `<Reviewers xmlns='${OTHER_NAMESPACE}'><Reviewer>Juan</Reviewer><Reviewer>Hong</Reviewer></Reviewers>`;
const BRACED_GUID = /^\{[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\}$/i;

/** A result read after its sync (a helper, so the load-before-read lint rule does not take it for a proxy's property). */
const valueOf = <T>(result: OfficeExtension.ClientResult<T>): T => result.value;
const codeOf = (promise: Promise<unknown>) => promise.then(() => 'ok', (error: { code?: string }) => error.code);
const noSleep = () => Promise.resolve();
const parts = () => new ExcelWorkbookParts({ sleep: noSleep });

/** Adds a part as any other code in the workbook would, straight through Office.js. */
async function addDirectly(xml: string): Promise<string> {
  return Excel.run(async (context) => {
    const part = context.workbook.customXmlParts.add(xml);
    part.load('id');
    await context.sync();
    return part.id;
  });
}

describe('custom XML parts through Office.js', () => {
  it('adds a part as the reference sample does: id, namespace and XML answered in the same sync [PART]', async () => {
    installWorkbook();
    const answer = await Excel.run(async (context) => {
      const part = context.workbook.customXmlParts.add(reviewersXml);
      part.load('id, namespaceUri');
      const xml = part.getXml();
      await context.sync();
      return { id: part.id, namespaceUri: part.namespaceUri, xml: valueOf(xml) };
    });
    expect(answer.id).toMatch(BRACED_GUID);
    expect(answer.namespaceUri).toBe(OTHER_NAMESPACE);
    expect(answer.xml).toBe(reviewersXml);
  });

  it('keeps a part from add usable in later syncs of the same run, then deletes it as the reference sample does [PART]', async () => {
    const host = installWorkbook();
    const gone = await Excel.run(async (context) => {
      const part = context.workbook.customXmlParts.add(reviewersXml);
      part.load('id');
      await context.sync();
      part.setXml(reportXml('replaced'));
      const xml = part.getXml();
      await context.sync();
      expect(valueOf(xml)).toBe(reportXml('replaced'));
      part.delete();
      const after = context.workbook.customXmlParts.getItemOrNullObject(part.id);
      await context.sync();
      return after.isNullObject;
    });
    expect(gone).toBe(true);
    expect(host.model.customXmlParts.size).toBe(0);
  });

  it('scopes by namespace, counts, and answers missing ids with ItemNotFound or a null object [CXP] [SCP] [EH]', async () => {
    installWorkbook();
    const ours = await addDirectly(reportXml('a'));
    await addDirectly(reviewersXml);
    await addDirectly('<plain>no namespace</plain>');
    await Excel.run(async (context) => {
      const all = context.workbook.customXmlParts;
      const scoped = all.getByNamespace(WORKBOOK_REPORT_NAMESPACE);
      const total = all.getCount();
      const inScope = scoped.getCount();
      const only = scoped.getOnlyItemOrNullObject();
      only.load('id');
      const missing = all.getItemOrNullObject('{00000000-0000-0000-0000-000000000000}');
      const otherThroughScope = scoped.getItemOrNullObject(ours);
      scoped.load('items/id, items/namespaceUri');
      await context.sync();
      expect(valueOf(total)).toBe(3);
      expect(valueOf(inScope)).toBe(1);
      expect(scoped.items.map((p) => [p.id, p.namespaceUri])).toEqual([[ours, WORKBOOK_REPORT_NAMESPACE]]);
      expect(only.isNullObject).toBe(false);
      expect(only.id).toBe(ours);
      expect(missing.isNullObject).toBe(true);
      expect(otherThroughScope.isNullObject).toBe(false);
    });
    expect(await codeOf(Excel.run(async (context) => {
      context.workbook.customXmlParts.getItem('{00000000-0000-0000-0000-000000000000}').load('id');
      await context.sync();
    }))).toBe('ItemNotFound');
  });

  it('getOnlyItem: an error unless exactly one part ([PPT]: GeneralException); getOnlyItemOrNullObject: a null object [SCP]', async () => {
    installWorkbook();
    const onlyOf = (ns: string) => codeOf(Excel.run(async (context) => {
      context.workbook.customXmlParts.getByNamespace(ns).getOnlyItem().load('id');
      await context.sync();
    }));
    expect(await onlyOf(WORKBOOK_REPORT_NAMESPACE)).toBe('GeneralException');
    await addDirectly(reportXml('a'));
    expect(await onlyOf(WORKBOOK_REPORT_NAMESPACE)).toBe('ok');
    await addDirectly(reportXml('b'));
    expect(await onlyOf(WORKBOOK_REPORT_NAMESPACE)).toBe('GeneralException');
    const isNull = await Excel.run(async (context) => {
      const only = context.workbook.customXmlParts.getByNamespace(WORKBOOK_REPORT_NAMESPACE).getOnlyItemOrNullObject();
      await context.sync();
      return only.isNullObject;
    });
    expect(isNull).toBe(true);
  });

  it('refuses XML that is not a valid XML fragment, in add and in setXml ([CXP]; code per [PPT])', async () => {
    const host = installWorkbook();
    for (const xml of ['<workbookReport xmlns="urn:x"><name>open</workbookReport>', 'not xml at all', '<a/><b/>', '']) {
      expect(await codeOf(parts().add(xml))).toBe('GeneralException');
    }
    expect(await codeOf(Excel.run(async (context) => {
      const part = context.workbook.customXmlParts.add(reportXml('a'));
      part.setXml('<broken');
      await context.sync();
    }))).toBe('GeneralException');
    // What ran before the failing action stays (a batch is not a transaction): the add, with its XML unchanged.
    expect(host.model.customXmlParts.all().map((p) => p.xml)).toEqual([reportXml('a')]);
  });

  it('refuses a request over 5 MB on the web, and adds nothing [RL]', async () => {
    const host = installWorkbook();
    const huge = reportXml('x'.repeat(PAYLOAD_LIMIT_BYTES));
    expect(await codeOf(parts().add(huge))).toBe('RequestPayloadSizeLimitExceeded');
    expect(host.model.customXmlParts.size).toBe(0);
    installWorkbook({ profile: 'desktop' });
    expect((await parts().add(huge)).id).toMatch(BRACED_GUID);
  });
});

describe('the workbook parts adapter', () => {
  it('adds, lists, replaces and removes the parts of one namespace', async () => {
    installWorkbook();
    const store = parts();
    const first = await store.add(reportXml('first'));
    const second = await store.add(prefixedXml('second'));
    expect(first.id).toMatch(BRACED_GUID);
    expect(second.id).not.toBe(first.id);
    expect(await store.list(WORKBOOK_REPORT_NAMESPACE)).toEqual([first, second]);

    await store.replace(first.id, reportXml('first, again'));
    expect(await store.list(WORKBOOK_REPORT_NAMESPACE)).toEqual([{ id: first.id, xml: reportXml('first, again') }, second]);

    await store.remove(second.id);
    expect(await store.list(WORKBOOK_REPORT_NAMESPACE)).toEqual([{ id: first.id, xml: reportXml('first, again') }]);
    await expect(store.remove(second.id)).resolves.toBeUndefined();
  });

  it('lists only its namespace: parts of another namespace or of none are left out [CXP]', async () => {
    installWorkbook();
    const store = parts();
    await addDirectly(reviewersXml);
    const ours = await store.add(reportXml('ours'));
    await addDirectly('<plain/>');
    expect(await store.list(WORKBOOK_REPORT_NAMESPACE)).toEqual([ours]);
    expect((await store.list(OTHER_NAMESPACE)).map((p) => p.xml)).toEqual([reviewersXml]);
    expect(await store.list('urn:nobody')).toEqual([]);
  });

  it('reads every part in two syncs, however many there are (one when there are none)', async () => {
    const host = installWorkbook();
    const store = parts();
    host.resetStats();
    expect(await store.list(WORKBOOK_REPORT_NAMESPACE)).toEqual([]);
    expect(host.stats.syncs).toBe(1);
    for (let i = 0; i < 12; i += 1) await store.add(reportXml(`report ${i}`));
    host.resetStats();
    const listed = await store.list(WORKBOOK_REPORT_NAMESPACE);
    expect(listed.map((p) => p.xml)).toEqual(Array.from({ length: 12 }, (_, i) => reportXml(`report ${i}`)));
    expect(host.stats.syncs).toBe(2);
  });

  it('replacing a part deleted meanwhile is a PartGoneError, and recreates nothing [EH]', async () => {
    const host = installWorkbook();
    const store = parts();
    const part = await store.add(reportXml('a'));
    await Excel.run(async (context) => {
      context.workbook.customXmlParts.getItem(part.id).delete();
      const gone = context.workbook.customXmlParts.getItemOrNullObject(part.id);
      await context.sync();
      expect(gone.isNullObject).toBe(true);
    });
    const error = await store.replace(part.id, reportXml('b')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PartGoneError);
    expect((error as PartGoneError).partId).toBe(part.id);
    expect(host.model.customXmlParts.size).toBe(0);
  });

  it('keeps parts and their ids when the workbook is saved and opened again, though sheet ids change [GUID]', async () => {
    const host = installWorkbook();
    const store = parts();
    const kept = [await store.add(reportXml('a')), await store.add(reportXml('b'))];
    await addDirectly(reviewersXml);
    const sheetId = host.model.sheets[0]!.id;
    const saved = JSON.parse(JSON.stringify(host.model.toJSON()));
    const reopened = installWorkbook({}, WorkbookModel.fromJSON(saved));
    expect(reopened.model.sheets[0]!.id).not.toBe(sheetId);
    expect(await store.list(WORKBOOK_REPORT_NAMESPACE)).toEqual(kept);
    await store.replace(kept[0]!.id, reportXml('a, after reopening'));
    expect((await store.list(WORKBOOK_REPORT_NAMESPACE))[0]).toEqual({ id: kept[0]!.id, xml: reportXml('a, after reopening') });
  });

  it('works on Excel 2019 (ExcelApi 1.7 includes 1.5)', async () => {
    installWorkbook({ profile: 'excel2019' });
    const part = await parts().add(reportXml('a'));
    expect(await parts().list(WORKBOOK_REPORT_NAMESPACE)).toEqual([part]);
  });

  it('on a host without ExcelApi 1.5, says so in words and sends no request', async () => {
    /** A host whose ExcelApi stops at 1.4. */
    class ExcelApi14Host extends ExcelHost {
      override readonly profile: HostProfile = { ...HOST_PROFILES.excel2019, excelApiMinor: 4 };
    }
    const host = new ExcelApi14Host(new WorkbookModel('Old.xlsx'));
    connectOfficeJs(host);
    expect(Office.context.requirements.isSetSupported('ExcelApi', '1.5')).toBe(false);
    const store = parts();
    for (const call of [() => store.list(WORKBOOK_REPORT_NAMESPACE), () => store.add(reportXml('a')), () => store.replace('{X}', reportXml('a')), () => store.remove('{X}')]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WorkbookPartsUnsupportedError);
      expect((error as Error).message).toMatch(/ExcelApi 1\.5/);
    }
    expect(host.stats.syncs).toBe(0);
  });
});

describe('emulator choices where Microsoft documents no behaviour', () => {
  it('refuses a document type declaration (DTD references in custom XML parts "will not resolve")', async () => {
    const host = installWorkbook();
    const withDoctype = `<!DOCTYPE workbookReport [<!ENTITY x "y">]>${reportXml('&x;')}`;
    expect(await codeOf(parts().add(withDoctype))).toBe('GeneralException');
    expect(host.model.customXmlParts.size).toBe(0);
  });
});
