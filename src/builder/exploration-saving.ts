import type { MemberType, Report } from '../contract';
import { cellAddress, sheetAddress } from '../core/a1';
import type { Location } from '../ports/workbook-cells';
import type { Workbook } from '../ports/workbook';
import type { BuilderPorts } from './builder-ports';
import { PlacementDetachedError, PlacementGoneError } from '../placements/errors';
import { draftCellsId, DRAFT_CELLS_ID, type DraftRecord } from './exploration-draft';
import { saveAsNewReport, saveIntoReport, type NewReport } from './exploration-save';
import { placementAt } from '../placements/workbook-placements';

/**
 * Saving a draft whose cells hold its exploration's result: the report is created or updated on the
 * platform, then its placement here is recorded with the checksum of what the draft wrote, so the placement
 * starts Up to date and the report's other placements (its definition changed) turn Out of date.
 */

/** What saving a draft works with. */
export interface DraftSaving {
  workbook: Pick<Workbook, 'locate' | 'prepare' | 'recordPlacement' | 'forgetPlacement'>;
  reports: Pick<BuilderPorts['reports'], 'createReport' | 'updateReport'>;
  registry: Pick<BuilderPorts['registry'], 'connect' | 'disconnect' | 'recordRefresh'>;
}

export interface SavedDraft {
  report: Report;
  placementId: string;
}

async function draftLocation(excel: Pick<Workbook, 'locate'>, cellsId: string): Promise<Location> {
  const location = await excel.locate(cellsId);
  if (!location) throw new PlacementDetachedError({ resultLocation: cellsId });
  return location;
}


/**
 * Saves the draft as a new report and makes its cells that report's placement (named by the placement's id).
 * A draft written into another report's placement takes its cells along: that placement is disconnected here.
 */
export async function saveDraftAsNewReport(
  { workbook: excel, reports, registry }: DraftSaving, draft: DraftRecord, target: NewReport,
  typeOf: (member: string) => MemberType | undefined, previous: Report | null,
): Promise<SavedDraft> {
  const written = draft.written;
  if (!written) throw new PlacementDetachedError({ resultLocation: DRAFT_CELLS_ID });
  const cellsId = draftCellsId(draft);
  const location = await draftLocation(excel, cellsId);
  const state = await excel.prepare();
  const workbookId = state.workbookId;
  if (!workbookId) throw new PlacementDetachedError({ resultLocation: sheetAddress(location.sheetName, location.rect) });
  const created = await saveAsNewReport(reports, draft.deploymentId, target, draft.exploration, typeOf);
  const updated = await registry.connect({ deploymentId: created.deploymentId, reportId: created.id }, {
    externalWorkbookId: workbookId,
    host: 'EXCEL',
    sheetId: location.sheetId,
    sheetName: location.sheetName,
    anchorCell: cellAddress({ row: location.rect.top, column: location.rect.left }),
    workbookName: state.workbookName,
    resultLocation: sheetAddress(location.sheetName, location.rect),
    endResultCell: cellAddress({ row: location.rect.bottom, column: location.rect.right }),
    resultChecksum: written,
  });
  const placement = placementAt(updated, workbookId, location.sheetName, cellAddress({ row: location.rect.top, column: location.rect.left }));
  if (!placement?.id) throw new PlacementGoneError({ resultLocation: sheetAddress(location.sheetName, location.rect) });
  await excel.recordPlacement(location.sheetName, location.rect, { placementId: placement.id, sheetName: location.sheetName, nameExists: false });
  await excel.forgetPlacement(cellsId);
  if (draft.placementId && previous) {
    await registry.disconnect({ deploymentId: previous.deploymentId, reportId: previous.id }, { placementId: draft.placementId });
  }
  return { report: updated, placementId: placement.id };
}

/**
 * Saves the draft into the report it was opened from (`expectedVersion`: a newer version elsewhere is
 * `ReportChangedElsewhereError`) and records the refresh of its placement here with what the draft wrote.
 */
export async function saveDraftIntoReport(
  { workbook: excel, reports, registry }: Pick<DraftSaving, 'workbook' | 'reports' | 'registry'>, draft: DraftRecord, opened: Report,
  typeOf: (member: string) => MemberType | undefined,
): Promise<Report> {
  const saved = await saveIntoReport(reports, opened, draft.exploration, typeOf);
  if (!draft.placementId || !draft.written) return saved;
  const location = await draftLocation(excel, draft.placementId);
  return registry.recordRefresh({ deploymentId: saved.deploymentId, reportId: saved.id }, {
    placementId: draft.placementId,
    sheetId: location.sheetId,
    sheetName: location.sheetName,
    anchorCell: cellAddress({ row: location.rect.top, column: location.rect.left }),
    resultLocation: sheetAddress(location.sheetName, location.rect),
    resultChecksum: draft.written,
  });
}

/**
 * After the opened report was deleted: its placement's name here becomes the draft's again, so the cells
 * stay with the exploration, unsaved.
 */
export async function renameToDraft(excel: Pick<Workbook, 'locate' | 'recordPlacement' | 'forgetPlacement'>, placementId: string): Promise<void> {
  const location = await excel.locate(placementId);
  if (!location) return;
  await excel.recordPlacement(location.sheetName, location.rect, { placementId: DRAFT_CELLS_ID, sheetName: location.sheetName, nameExists: false });
  await excel.forgetPlacement(placementId);
}
