/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ExcelWorkbookParts } from '../../src/excel/workbook-parts';
import { PlatformPlacementRegistry } from '../../src/platform/platform-placements';
import { PlatformReportStore } from '../../src/platform/platform-reports';
import { WorkbookPlacementRegistry, WorkbookReports, WorkbookReportStore } from '../../src/workbook';
import { installWorkbook } from '../support/excel';
import { noSleep, startTestPlatform } from '../support/local-platform';
import { describePlacementRegistry } from '../support/port-suites/placement-registry.suite';

/**
 * One placement registry contract, two adapters (issue 26's acceptance): the Platform API over the local platform,
 * as the analyst in her own folder; and the placements kept beside their reports in the workbook, through
 * Microsoft's Office.js on the host emulator's custom XML parts.
 */

jest.setTimeout(60_000);

const WORKBOOK_ID = 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

describePlacementRegistry('the Platform API (the analyst, in her own folder)', async () => {
  const t = await startTestPlatform();
  const own = (await t.analyst.allFolders(t.salesDeploymentId)).find((f) => f.name === "Anna's reports")!;
  const deployments = await t.analyst.listDeployments();
  return {
    registry: new PlatformPlacementRegistry(t.analyst, () => deployments),
    store: new PlatformReportStore(t.analyst),
    deploymentId: t.salesDeploymentId,
    folderId: own.id,
    workbookId: WORKBOOK_ID,
    cleanup: () => t.close(),
  };
});

describePlacementRegistry('the workbook (custom XML parts through Office.js)', async () => {
  installWorkbook();
  const reports = new WorkbookReports({
    parts: new ExcelWorkbookParts({ sleep: noSleep }),
    deploymentId: 7,
    who: { now: () => new Date(), user: () => ({ name: 'Anna Analyst', email: 'analyst@example.com' }) },
    workbookId: () => WORKBOOK_ID,
  });
  return {
    registry: new WorkbookPlacementRegistry(reports),
    store: new WorkbookReportStore(reports),
    deploymentId: 7,
    folderId: null,
    workbookId: WORKBOOK_ID,
    cleanup: async () => {},
  };
});
