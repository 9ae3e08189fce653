/**
 * The words of "Convert to formulas" (issue 40), in English: the card's action, its question, what was done, and why
 * a report was not converted. Apart from `Messages` (see convert-words.ts).
 */
export const convertEn = {
  action: 'Convert to formulas',
  questionTitle: (title: string) => `Convert "${title}" to formulas?`,
  questionBody: (cells: string) =>
    `The cells ${cells} become RS.VALUE formulas over their headers, checked first to give the same numbers. The placement is removed: Refresh no longer rewrites these cells, and you can move rows and add your own calculations. This cannot be undone from the pane.`,
  convert: 'Convert',
  converting: (title: string) => `Converting "${title}" to formulas…`,
  converted: (title: string, location: string, formulas: string) => `"${title}" is now ${formulas} RS.VALUE formulas in ${location}. The placement was removed.`,
  /** A formula would show another number: nothing was written. */
  differs: (title: string, cell: string, now: string, answer: string) =>
    `"${title}" was not converted: the formula for ${cell} gives ${answer}, the cell shows ${now}. Refresh the placement and try again. Nothing was written.`,
  fails: (title: string, cell: string, reason: string) => `"${title}" was not converted: the formula for ${cell} fails (${reason}). Nothing was written.`,
  empty: 'an empty cell',
  refused: (title: string, reason: string) => `"${title}" cannot be converted to formulas: ${reason}. Nothing was written.`,
  reasons: {
    filterOperator: (member: string, operator: string) => `its filter on ${member} (${operator}) is not "equals", and RS.VALUE filters by equals only`,
    filterValues: (member: string) => `its filter on ${member} needs exactly one value, and RS.VALUE takes one per member`,
    filterLogic: 'its filters are joined by "and"/"or", which RS.VALUE cannot express',
    measureFilter: (member: string) => `it filters by the measure ${member}, which RS.VALUE cannot express`,
    dateRange: (member: string) => `it has a date range on ${member}, which is not a row or column of the report`,
    segments: (segments: string) => `it uses segments (${segments}), which RS.VALUE cannot express`,
    rowsCut: 'a row limit may leave rows out',
    totals: 'it shows totals, which come from other queries than their cells',
    granularity: (member: string, granularity: string) => `${member} is by ${granularity}; RS.VALUE takes years, quarters, months, weeks and days`,
    noMeasures: 'it has no measures',
    emptyMember: (cell: string) => `the header in ${cell} has no value`,
    shape: 'its cells are not laid out as the report is now: refresh it first',
    ungrouped: 'it lists rows one by one (ungrouped)',
    edited: (cells: string) => `cells were edited by hand since the last refresh (${cells}): refresh it first`,
  },
};
