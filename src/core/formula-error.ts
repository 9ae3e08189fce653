/**
 * A custom function's argument that cannot be turned into a query: an empty or unknown member, a title that
 * names several members, a measure where a dimension belongs, a value that is no period of its granularity.
 * The message names the argument and says what to give instead; the add-in shows it with `#VALUE!`.
 */
export class FormulaArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FormulaArgumentError';
  }
}
