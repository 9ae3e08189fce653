import type { CellValue } from '../core/cell-values';
import { ConversionRefusedError, FormulasDifferError } from '../placements/convert-to-formulas';
import { addErrorWords } from './errors';
import type { Messages } from './i18n';
import { convertWordsOf, type ConvertWords } from './i18n/convert-words';

/** Adds the words of "Convert to formulas"'s refusals to `describeError` (once; the placement cards' view does it as it loads). */
export function installConvertErrorWords(): void {
  addErrorWords(describeConversionError);
}

/** Why a placement was not converted to formulas, in words; undefined for other failures. */
export function describeConversionError(error: unknown, m: Messages): string | undefined {
  const w = convertWordsOf(m);
  const shown = (value: CellValue | null) => (value === '' || value === null ? w.empty : String(value));
  if (error instanceof FormulasDifferError) {
    const { cell, now, answer, error: reason } = error.difference;
    return reason !== null ? w.fails(error.title, cell, reason) : w.differs(error.title, cell, shown(now), shown(answer));
  }
  if (error instanceof ConversionRefusedError) return w.refused(error.title, reasonWords(error.refusal, w.reasons));
  return undefined;
}

function reasonWords(refusal: ConversionRefusedError['refusal'], r: ConvertWords['reasons']): string {
  switch (refusal.kind) {
    case 'filter-operator': return r.filterOperator(refusal.member, refusal.operator);
    case 'filter-values': return r.filterValues(refusal.member);
    case 'filter-logic': return r.filterLogic;
    case 'measure-filter': return r.measureFilter(refusal.member);
    case 'date-range': return r.dateRange(refusal.member);
    case 'segments': return r.segments(refusal.segments.join(', '));
    case 'rows-cut': return r.rowsCut;
    case 'totals': return r.totals;
    case 'granularity': return r.granularity(refusal.member, refusal.granularity);
    case 'no-measures': return r.noMeasures;
    case 'empty-member': return r.emptyMember(refusal.cell);
    case 'shape': return r.shape;
    case 'ungrouped': return r.ungrouped;
    case 'edited': return r.edited(refusal.cells.slice(0, 6).join(', '));
  }
}
