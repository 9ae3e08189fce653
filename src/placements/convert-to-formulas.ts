import type { CubeMeta } from '../contract';
import { sheetAddress } from '../core/a1';
import type { CellWords } from '../core/cell-words';
import type { ConversionRefusal } from '../core/conversion-refusal';
import { firstDifference, type FormulaDifference } from '../core/formula-answers';
import { resolveMeasure } from '../core/formula-catalog';
import { placementFormulas } from '../layout/placement-formulas';
import { recordedExtent } from '../core/recorded-size';
import { reportDefinition, reportTitle } from '../core/report-definition';
import { PlacementAccessDeniedError, PlacementDetachedError, PlacementGoneError, UnplaceableReportError } from './errors';
import type { WorkbookCells } from '../ports/workbook-cells';
import type { PlacementNames } from '../ports/workbook-names';
import type { PlacementDeps } from './placement-deps';
import { readForRefreshes } from './refresh-writes';
import type { WorkbookPlacement } from './workbook-placements';
import { recordedRect } from './write-pipeline';

/**
 * "Convert to formulas" on a placement's card (issue 40): its cells replaced by `RS.VALUE` formulas over typed
 * headers (layout/placement-formulas.ts), as Excel's OLAP PivotTables offer ("Convert to Formulas",
 * https://learn.microsoft.com/office/vba/api/excel.pivottable.converttoformulas). Nothing is written unless every
 * formula, answered through the formula service as `RS.VALUE` answers it, shows what its cell shows now. The
 * formulas go through the one write pipeline (its guards, its snapshot), and the write's record is the placement's
 * removal from the registry: if that fails, the cells go back. Then its hidden name goes, so no refresh touches them.
 */

/** `RS.VALUE` as the workbook's formulas are answered: a number, '' for none, or a formatted number entity. */
export interface FormulaValues {
  value(measure: unknown, pairs: readonly unknown[]): Promise<unknown>;
}

/** What a conversion needs beyond the placement ports. */
export interface ConversionPorts {
  /** The formula service, once formulas can be answered (signed in, the workbook's queries allowed); else it throws why. */
  values(): Promise<FormulaValues>;
  /** The deployment a formula names as its last argument, or null when a formula naming none asks this one. */
  deploymentArgument(deploymentId: number): string | null;
  /** The deployment's data model (a header's title names a measure only if it names the report's); null without one. */
  meta(deploymentId: number): Promise<CubeMeta | null>;
  /** The cell words of a placement's language (its quarter labels are read back as periods). */
  words(language: string): Pick<CellWords, 'quarter'>;
}

/** The report cannot be turned into formulas that give its numbers; nothing was written. */
export class ConversionRefusedError extends Error {
  override readonly name = 'ConversionRefusedError';
  constructor(readonly title: string, readonly refusal: ConversionRefusal | { kind: 'edited'; cells: string[] }) {
    super(`"${title}" cannot be converted to formulas: ${refusal.kind}.`);
  }
}

/** A formula would show another number than its cell does now (or fail): nothing was written. */
export class FormulasDifferError extends Error {
  override readonly name = 'FormulasDifferError';
  constructor(readonly title: string, readonly difference: FormulaDifference) {
    super(`"${title}" was not converted: ${difference.cell} shows ${String(difference.now)}, its formula ${difference.error ?? String(difference.answer)}.`);
  }
}

export interface Converted {
  title: string;
  /** Where the formulas are now. */
  location: string;
  formulas: number;
}

/**
 * What converting uses: the reports, registry, runner and pipeline, and of the workbook its state and the placement's
 * cells read, and its name forgotten once the formulas stand.
 */
export type ConversionDeps = Pick<PlacementDeps, 'reports' | 'registry' | 'runner' | 'pipeline'> & {
  workbook: Pick<WorkbookCells, 'prepare' | 'readPlacement'> & Pick<PlacementNames, 'forgetPlacement'>;
};

export async function convertToFormulas(deps: ConversionDeps, entry: WorkbookPlacement, ports: ConversionPorts, signal?: AbortSignal): Promise<Converted> {
  const { reports, registry, workbook, runner, pipeline } = deps;
  const placementId = entry.placement.id;
  if (entry.access !== 'GRANTED') throw new PlacementAccessDeniedError(entry.owner);
  if (!placementId) throw new PlacementDetachedError(entry.placement);
  const report = await reports.getReport(entry.deploymentId, entry.reportId, signal);
  const title = reportTitle(report);
  const placement = report.externalWorkbookPlacements?.find((p) => p.id === placementId);
  if (!placement) throw new PlacementGoneError(entry.placement);
  const definition = reportDefinition(report);
  if (!definition.placeable) throw new UnplaceableReportError(title, definition.reason);
  const state = await readForRefreshes(deps, await registry.placementIds(placement.workbookId, signal), [{ placement }]);
  const own = state.placements.find((p) => p.placementId === placementId);
  if (!own) throw new PlacementDetachedError(placement);
  const cellOptions = runner.cellsOf(own.cellOptions);
  const rows = own.rect.bottom - own.rect.top + 1;
  const columns = own.rect.right - own.rect.left + 1;
  const [prepared, read, meta, values] = await Promise.all([
    runner.run(report, signal, cellOptions), workbook.readPlacement(placementId, rows, columns), ports.meta(report.deploymentId), ports.values(),
  ]);
  if (!read) throw new PlacementDetachedError(placement);
  if (prepared.cutAt !== null) throw new ConversionRefusedError(title, { kind: 'rows-cut' });
  const origin = { row: read.rect.top, column: read.rect.left };
  const conversion = placementFormulas({
    query: definition.query, pivot: definition.pivot, grid: prepared.grid, cells: read.values, origin, words: ports.words(cellOptions.language),
    measureNamed: (text) => measureNamed(meta, text), deployment: ports.deploymentArgument(report.deploymentId),
  });
  if (conversion.kind === 'refused') throw new ConversionRefusedError(title, conversion.refusal);
  // Asked all at once: the formula service answers calls made together in the fewest queries.
  const answers = await Promise.allSettled(conversion.cells.map((cell) => values.value(cell.measure, cell.pairs)));
  const difference = firstDifference(conversion.cells, answers, origin);
  if (difference) throw new FormulasDifferError(title, difference);

  const ref = { deploymentId: report.deploymentId, reportId: report.id };
  const result = await pipeline.write<true>({
    sheetName: own.sheetName, anchor: origin, grid: conversion.grid, own, nameAs: placementId,
    baseline: { record: placement.resultChecksum, rect: recordedExtent(recordedRect(placement.resultLocation), placement.resultChecksum) },
    placed: state.placements, state, permissions: {}, signal,
    // Not removed from the registry means not converted: the cells go back, and refresh keeps them as the report's.
    record: async () => {
      await registry.disconnect(ref, { placementId }, signal);
      return true;
    },
    landed: async () => {
      const current = await reports.getReport(report.deploymentId, report.id);
      return current.externalWorkbookPlacements?.some((p) => p.id === placementId) ? null : true;
    },
  });
  // The cells are the report's as last written (the check found each one), so a question means edits elsewhere in them.
  if (result.kind === 'hand-edits') throw new ConversionRefusedError(title, { kind: 'edited', cells: result.cells });
  if (result.kind !== 'written') throw new ConversionRefusedError(title, { kind: 'shape' });
  await workbook.forgetPlacement(placementId);
  return { title, location: sheetAddress(own.sheetName, result.written.rect), formulas: conversion.cells.length };
}

/** The measure a header's title names for `RS.VALUE` in this data model; null when none, several, or no model to ask. */
function measureNamed(meta: CubeMeta | null, text: string): string | null {
  if (!meta) return null;
  try {
    return resolveMeasure(meta, text).name;
  } catch {
    // A title several members share, or none: the formula names the measure itself.
    return null;
  }
}
