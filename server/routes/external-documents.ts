import {
  EXTERNAL_DOCUMENT_MAX_PLACEMENTS, EXTERNAL_DOCUMENT_MAX_REPORTS, type ExternalDocumentPlacement,
} from '../../src/contract';
import { canSeeDeployment } from '../access';
import type { PlatformContext } from '../context';
import { HttpError, type ApiRequest, type ApiResponse, type Router } from '../http';
import type { FolderRow } from '../store/rows';
import { placementResponse } from '../store/rows';
import { authenticate } from './auth';
import { pageOf } from './cursor';
import { accessOf, foldersOf, selectReports } from './report-store';

/**
 * `GET /api/v1/external-documents/{externalWorkbookId}/placements` (changelog v0.13.0): every placement in one
 * spreadsheet across the tenant, including those the caller cannot read. A denied entry keeps the placement's
 * address, the owning deployment and the report owner's name and e-mail, so the user can ask for access; its
 * report name and checksums are withheld. Omitting `first` returns every placement; above 500 reports or
 * 2,000 placements the answer is `422`, never a truncated page.
 */
async function listPlacements(ctx: PlatformContext, request: ApiRequest): Promise<ApiResponse> {
  const user = await authenticate(ctx, request);
  const workbookId = request.params.externalWorkbookId!;
  return ctx.db.read(async (tx) => {
    const placements = await tx.all(`SELECT * FROM placements WHERE workbook_id = ? ORDER BY report_id, placed_at NULLS FIRST, row_key`, [workbookId]);
    const reportIds = [...new Set(placements.map((p) => Number(p.report_id)))];
    if (reportIds.length > EXTERNAL_DOCUMENT_MAX_REPORTS || placements.length > EXTERNAL_DOCUMENT_MAX_PLACEMENTS) {
      throw new HttpError(422, `This document holds more than ${EXTERNAL_DOCUMENT_MAX_REPORTS} placed reports or ${EXTERNAL_DOCUMENT_MAX_PLACEMENTS} placements`);
    }
    const reports = reportIds.length
      ? await selectReports(tx, `r.id IN (${reportIds.map(() => '?').join(', ')})`, reportIds, 'ORDER BY r.deployment_id, r.id')
      : [];
    const foldersByDeployment = new Map<number, Map<number, FolderRow>>();
    const entries: (ExternalDocumentPlacement & { id: string })[] = [];
    for (const report of reports) {
      const deploymentId = Number(report.deployment_id);
      if (!foldersByDeployment.has(deploymentId)) foldersByDeployment.set(deploymentId, await foldersOf(tx, deploymentId));
      const granted = canSeeDeployment(user, deploymentId) && accessOf(user, report, foldersByDeployment.get(deploymentId)!).read;
      const ownerName = [report.owner_first_name, report.owner_family_name].filter(Boolean).join(' ') || null;
      for (const row of placements.filter((p) => Number(p.report_id) === Number(report.id))) {
        const placement = placementResponse(row, (report.query_checksum as string | null) ?? null);
        entries.push({
          ...placement,
          ...(granted ? {} : { queryChecksum: null, syncStatus: null, resultChecksum: null }),
          // The list's cursor needs a key even for a placement recorded before ids existed.
          id: placement.id ?? `row-${String(row.row_key)}`,
          access: granted ? 'GRANTED' : 'DENIED',
          deploymentId,
          reportId: Number(report.id),
          reportName: granted ? String(report.name) : null,
          ownerName,
          ownerEmail: (report.owner_email as string | null) ?? null,
        });
      }
    }
    const page = pageOf(entries, request, `external:${workbookId}`, EXTERNAL_DOCUMENT_MAX_PLACEMENTS, EXTERNAL_DOCUMENT_MAX_PLACEMENTS);
    // Legacy placements have no id: the synthetic one above only orders the pages.
    const items = page.items.map((e) => (e.id.startsWith('row-') ? { ...e, id: null } : e));
    return { status: 200, body: { ...page, items, data: items } };
  });
}

export function externalDocumentRoutes(router: Router, ctx: PlatformContext): void {
  router.add('GET', '/api/v1/external-documents/:externalWorkbookId/placements', (r) => listPlacements(ctx, r));
}
