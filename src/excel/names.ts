import { cellAddress, parseSheetAddress, quoteSheetName, rectAddress, type Rect } from '../core/a1';
import { queueWriteCellOptions } from './placement-options';
import type { RecordTarget } from './write-plan';

/**
 * A hidden defined name per placement (`ReportSync_<placement id>`) keeps the address of its cells: Excel moves
 * a name's reference when rows or columns are inserted or deleted around it, and turns it into `#REF!` when its
 * cells are deleted.
 */
export const PLACEMENT_NAME_PREFIX = 'ReportSync_';
export function placementName(placementId: string): string {
  return `${PLACEMENT_NAME_PREFIX}${placementId.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/** Earlier versions kept each placement's fingerprint in a document setting; disconnecting removes it. */
export function legacyPlacementSetting(placementId: string): string {
  return `reportSync.placement.${placementId}`;
}

/**
 * `'Sales Q1'!$B$3:$F$40`: a name's reference with absolute rows and columns. A relative reference in a name is
 * relative to the active cell, so `=Sheet1!B3:F40` would point somewhere else from every cell the user selects
 * ("Use names in formulas", https://support.microsoft.com/en-us/office/define-and-use-names-in-formulas-4d0f13ac-53b7-422e-afd2-abd7ff379c64).
 * Sheet names are quoted as Excel requires (spaces, punctuation, names that look like cells).
 */
export function absoluteReference(sheetName: string, rect: Rect): string {
  const absolute = (row: number, column: number) => cellAddress({ row, column }).replace(/^([A-Z]+)(\d+)$/, '$$$1$$$2');
  const start = absolute(rect.top, rect.left);
  const area = rect.top === rect.bottom && rect.left === rect.right ? start : `${start}:${absolute(rect.bottom, rect.right)}`;
  return `${quoteSheetName(sheetName)}!${area}`;
}

/** Where a placement's name points now. */
export interface NamedCells {
  placementId: string;
  sheetName: string;
  rect: Rect;
  /**
   * The name holds a relative reference (earlier versions re-pointed names that way): Excel reads it against the
   * active cell, so its text is taken as meant and the next write re-points it with an absolute reference.
   */
  relative: boolean;
  /** The name's formula as read (`='Sales Q1'!$B$3:$F$40`), for a snapshot to put back. */
  formula: string;
}

const ABSOLUTE_AREA = /!\$[A-Z]{1,3}\$\d+(?::\$[A-Z]{1,3}\$\d+)?$/i;

/**
 * Finds the cells of the given placements by their names, in one sync: each name looked up with
 * `getItemOrNullObject` and only its type and formula loaded. Excel keeps a name's formula current as cells
 * are inserted, deleted or renamed around it, so the formula says where the cells are now; no range is read.
 * Other names' values are never loaded (desktop Excel fails on names built from OFFSET or arrays), nor are
 * names that are not the add-in's. A name gone, broken (`#REF!`, type `Error`) or not a single range means
 * "cells gone": the placement is left out.
 */
export async function findNamedCells(context: Excel.RequestContext, placementIds: readonly string[]): Promise<Map<string, NamedCells>> {
  if (placementIds.length === 0) return new Map();
  const found = queueNamedCells(context, placementIds);
  await context.sync();
  return found();
}

/** Queues the lookups of `findNamedCells` into the pending request; the answer is read after its sync. */
export function queueNamedCells(context: Excel.RequestContext, placementIds: readonly string[]): () => Map<string, NamedCells> {
  const items = placementIds.map((id) => {
    const item = context.workbook.names.getItemOrNullObject(placementName(id));
    item.load(['type', 'formula']);
    return { id, item };
  });
  return () => {
    const found = new Map<string, NamedCells>();
    for (const { id, item } of items) {
      const cells = item.isNullObject ? null : namedCellsOf(id, item);
      if (cells) found.set(id, cells);
    }
    return found;
  };
}

/** Where a placement's name points, from its type and formula as loaded; null when broken or not one range. */
export function namedCellsOf(placementId: string, item: Pick<Excel.NamedItem, 'type' | 'formula'>): NamedCells | null {
  if (item.type !== 'Range') return null;
  const formula = String(item.formula ?? '');
  const cells = literalCells(formula);
  return cells && { placementId, ...cells, relative: !ABSOLUTE_AREA.test(formula), formula };
}

/** The sheet and cells a reference names as written (`=Sheet1!B3:F40`), or null (several areas, no sheet, `#REF!`). */
function literalCells(reference: string): { sheetName: string; rect: Rect } | null {
  try {
    const { sheetName, rect } = parseSheetAddress(reference.replace(/^=/, ''));
    return sheetName ? { sheetName, rect } : null;
  } catch {
    return null;
  }
}

/** Queues naming the cells for a placement: a new hidden name, or the existing one re-pointed (absolute reference). */
export function queueName(context: Excel.RequestContext, sheet: Excel.Worksheet, rect: Rect, record: RecordTarget): void {
  const name = placementName(record.placementId);
  if (record.nameExists) {
    // NamedItem.formula is settable from ExcelApi 1.7 (https://learn.microsoft.com/en-us/javascript/api/excel/excel.nameditem#excel-excel-nameditem-formula-member).
    context.workbook.names.getItem(name).formula = `=${absoluteReference(record.sheetName, rect)}`;
  } else {
    const item = context.workbook.names.add(name, sheet.getRange(rectAddress(rect)), 'Report Sync placement');
    item.visible = false;
  }
  // A new placement's cell options go with its name, in the same request (placement-options.ts).
  if (record.cellOptions) queueWriteCellOptions(context, record.placementId, record.cellOptions);
}
