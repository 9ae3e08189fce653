import type { PlatformClient } from '../src/client';
import type {
  AppConfigResponse, ConnectReportToWorkbookInput, Deployment, ExternalDocumentPlacement, RefreshReportInput, Report, ReportPlacement, User,
} from '../src/contract';

/** The signed-in side of the benchmarks that need no platform: one user, one deployment, default settings. */
export const benchOwner = { id: 1, email: 'bench@example.com', firstName: 'Bench' };
export const benchDeployment: Deployment = { id: 1, name: 'Bench', deploymentUrl: 'http://127.0.0.1:1', creationStep: 'ready' };
export const benchUser: User = { id: 1, email: benchOwner.email, username: benchOwner.email, isAdmin: false, notifications: {}, settings: null };
export const benchAppConfig: AppConfigResponse = { applyThemeGlobally: false, restrictDataDownload: false, sheetsAgentChatEnabled: false };

/** A Platform API that records one report's one placement in memory: these benchmarks measure the workbook side only. */
export function memoryPlatform(report: Report): PlatformClient {
  const now = new Date().toISOString();
  let placement: ReportPlacement | null = null;
  const answer = (): Report => ({ ...report, externalWorkbookPlacements: placement ? [placement] : [] });
  return {
    getReport: async () => answer(),
    listEnvironments: async () => [],
    connectWorkbook: async (_d: number, _r: number, body: ConnectReportToWorkbookInput) => {
      placement = {
        ...body, id: body.placementId ?? 'bench-placement', workbookId: body.externalWorkbookId, placedAt: now, placedByUserId: benchUser.id, refreshedAt: null,
        refreshedByUserId: null, queryChecksum: report.currentQueryChecksum, syncStatus: 'UP_TO_DATE',
      };
      return answer();
    },
    recordRefresh: async (_d: number, _r: number, body: RefreshReportInput) => {
      const { sheetId, sheetName, anchorCell, resultChecksum } = body;
      placement = {
        ...placement!, sheetId, sheetName, anchorCell, resultChecksum, resultLocation: body.resultLocation ?? placement!.resultLocation,
        refreshedAt: new Date().toISOString(), refreshedByUserId: benchUser.id,
      };
      return answer();
    },
    externalDocumentPlacements: async (): Promise<ExternalDocumentPlacement[]> =>
      (placement ? [{ ...placement, access: 'GRANTED', deploymentId: benchDeployment.id, reportId: report.id, reportName: report.name }] : []),
    iterateReports: async function* () { yield answer(); },
  } as unknown as PlatformClient;
}
