import { ENGLISH_CELL_WORDS, type CellWords } from '../../core/cell-words';

/**
 * The words written into cells (part of `Messages`: `m.cells`): Total, Measure, the filter summary, time titles
 * and week labels. English is the layout's own default, so placing from an English pane writes what it always did.
 */
export const cellsEn: CellWords = ENGLISH_CELL_WORDS;
