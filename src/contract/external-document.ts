import { z } from 'zod';
import { IntegerId, listResponse, nullish, openEnum } from './common';
import { HOSTS, ReportPlacement } from './report';

export const PLACEMENT_ACCESS = ['GRANTED', 'DENIED'] as const;
export type PlacementAccess = (typeof PLACEMENT_ACCESS)[number];

/**
 * `ExternalDocumentPlacementResponse` (changelog v0.13.0, `GET /api/v1/external-documents/{externalWorkbookId}
 * /placements`). The changelog names its content but the snapshot has no schema, so the field names beyond
 * the placement's own are this project's (docs/api-contract.md): each entry is a `ReportPlacement` with the
 * report it belongs to (`deploymentId`, `reportId`, `reportName`, null when access is denied), whether the
 * caller may read it, and the report owner's name and e-mail so a denied user can ask for access.
 */
export const ExternalDocumentPlacement = ReportPlacement.extend({
  access: openEnum(PLACEMENT_ACCESS, 'DENIED'),
  deploymentId: IntegerId,
  reportId: nullish(z.number().int()),
  reportName: nullish(z.string()),
  host: nullish(openEnum(HOSTS, null)),
  ownerName: nullish(z.string()),
  ownerEmail: nullish(z.string()),
});
export type ExternalDocumentPlacement = z.infer<typeof ExternalDocumentPlacement>;

/** `ExternalDocumentPlacementsListResponse`; omitting `first` returns every placement (≤ 2,000, else 422). */
export const ExternalDocumentPlacementsListResponse = listResponse(ExternalDocumentPlacement);

export const EXTERNAL_DOCUMENT_MAX_PLACEMENTS = 2000;
export const EXTERNAL_DOCUMENT_MAX_REPORTS = 500;
