/**
 * The calculation port: asks the workbook to calculate the add-in's functions again. Excel's ordinary recalculation
 * does not call a non-volatile custom function again (F9 leaves them, OfficeDev/office-js#1462), so a refresh of
 * their numbers needs a full calculation.
 */
export interface Calculation {
  /** Every formula calculated again, the add-in's functions included; resolves when Excel has taken the request. */
  calculateAddInFunctions(): Promise<void>;
}
