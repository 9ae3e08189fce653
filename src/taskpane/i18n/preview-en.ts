/**
 * The words of a report's preview before placing, in English (apart from `Messages`, see preview-words.ts). Functions take
 * the values to put in, already formatted; counts are in the plural category of their number (Intl.PluralRules).
 */
export const previewEn = {
  /** The button that opens (and closes) a report's preview; the title tells the list's many apart. */
  open: 'Preview',
  openReport: (title: string) => `Preview ${title}`,
  label: (title: string) => `Preview of ${title}`,
  description: 'Description',
  noDescription: 'No description.',
  folder: 'Folder',
  changed: 'Last changed',
  owner: 'Owner',
  /** The owner of a report whose user was deleted: no one to name. */
  formerOwner: 'A former user',
  rows: 'Rows',
  columns: 'Columns',
  measures: 'Measures',
  noMembers: 'None',
  size: 'Result size',
  counting: 'Counting…',
  estimating: 'Estimating… the data API is still working on the query. You can place the report meanwhile.',
  rowCount: { one: (count: string) => `${count} row`, other: (count: string) => `${count} rows` },
  columnCount: { one: (count: string) => `${count} column`, other: (count: string) => `${count} columns` },
  /** A pivot larger than the rows looked at: its size scaled from them. */
  about: (size: string) => `about ${size}`,
  atLeast: (size: string) => `at least ${size}`,
  cut: (rows: string) => `More rows than the add-in places: the first ${rows} would be placed.`,
  /** The query was too slow to count: the most rows the report asks for and, for a flat table, its columns. */
  upTo: (size: string) => `Unknown (the query is slow): up to ${size}.`,
  unknownRows: (columns: string) => `Unknown number of rows (the query is slow) × ${columns}.`,
  unknown: 'Unknown: the query is slow to answer. You can place the report anyway.',
  restricted: 'Not counted: your admin restricts data download.',
  unplaceable: 'Not counted: this report cannot be placed.',
  failed: (reason: string) => `Not counted: ${reason}`,
  fromDataApi: 'Counted on the data API; nothing is written to the workbook.',
  /** The caption of a flat report's first rows, as placing would write them. */
  firstRows: { one: () => 'First row', other: (count: string) => `First ${count} rows` },
  /** The caption of a pivot's first rows: the query's rows, before the pivot lays them out. */
  firstQueryRows: { one: () => 'First row of the query', other: (count: string) => `First ${count} rows of the query` },
  loadingRows: 'Loading the first rows…',
  noRows: 'The query returns no rows.',
  slowRows: 'First rows not shown: the query is slow to answer. You can place the report anyway.',
  rowsFailed: (reason: string) => `The first rows could not be loaded: ${reason}`,
  /** A yes/no value, as Excel shows it in a cell. */
  true: 'TRUE',
  false: 'FALSE',
};

export type PreviewMessages = typeof previewEn;
