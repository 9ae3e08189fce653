import { cellAddress, sheetAddress } from '../core/a1';
import { PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError } from './errors';
import type { WorkbookCells } from '../ports/workbook-cells';
import type { PlacementNames } from '../ports/workbook-names';
import type { PlacementDeps } from './placement-deps';
import { placementAt, type WorkbookPlacement } from './workbook-placements';

/**
 * Links a placement recorded before placements had ids to its cells again: the registry gives it an id (the
 * `connect-workbook` upsert finds it by its range) and the cells get their hidden name, so it follows inserted rows
 * from now on and can be refreshed. Its cells are left as they are: nothing is written, so no guard is needed.
 */
export async function linkAgain(
  { workbook, registry }: Pick<PlacementDeps, 'registry'> & { workbook: Pick<WorkbookCells, 'prepare'> & Pick<PlacementNames, 'recordPlacement'> }, entry: WorkbookPlacement): Promise<WorkbookPlacement> {
  if (entry.access !== 'GRANTED' || !entry.report) throw new PlacementAccessDeniedError(entry.owner);
  const state = await workbook.prepare();
  const location = entry.location;
  if (!location || !state.workbookId) throw new PlacementDetachedError(entry.placement);
  const anchor = cellAddress({ row: location.rect.top, column: location.rect.left });
  const updated = await registry.connect({ deploymentId: entry.deploymentId, reportId: entry.reportId }, {
    externalWorkbookId: state.workbookId,
    resultLocation: sheetAddress(location.sheetName, location.rect),
    sheetId: location.sheetId,
    sheetName: location.sheetName,
    anchorCell: anchor,
    endResultCell: cellAddress({ row: location.rect.bottom, column: location.rect.right }),
    workbookName: state.workbookName,
    host: 'EXCEL',
    addressOnly: true,
  });
  const placement = placementAt(updated, state.workbookId, location.sheetName, anchor);
  if (!placement?.id) throw new PlacementGoneError(entry.placement);
  await workbook.recordPlacement(location.sheetName, location.rect, { placementId: placement.id, sheetName: location.sheetName, nameExists: false });
  return { ...entry, report: updated, placement, legacy: false };
}
