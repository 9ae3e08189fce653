/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { PlatformReportStore } from '../../src/platform/platform-reports';
import { WorkbookReportStore } from '../../src/workbook';
import { installWorkbook } from '../support/excel';
import { noSleep, startTestPlatform } from '../support/local-platform';
import { describeReportStore } from '../support/port-suites/report-store.suite';

/**
 * One report store contract, two adapters (issue 26's acceptance): the Platform API over the local platform, as the
 * analyst in her own folder; and the reports kept in the workbook, through Microsoft's Office.js on the host
 * emulator's custom XML parts.
 */

jest.setTimeout(60_000);

describeReportStore('the Platform API (the analyst, in her own folder)', async () => {
  const t = await startTestPlatform();
  const own = (await t.analyst.allFolders(t.salesDeploymentId)).find((f) => f.name === "Anna's reports")!;
  return { store: new PlatformReportStore(t.analyst), deploymentId: t.salesDeploymentId, folderId: own.id, cleanup: () => t.close() };
});

describeReportStore('the workbook (custom XML parts through Office.js)', async () => {
  installWorkbook();
  const store = new WorkbookReportStore({
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    deploymentId: 7,
    who: { now: () => new Date(), user: () => ({ name: 'Anna Analyst', email: 'analyst@example.com' }) },
  });
  return { store, deploymentId: 7, folderId: null, cleanup: async () => {} };
});
