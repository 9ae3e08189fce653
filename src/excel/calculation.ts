import type { Calculation } from '../ports/calculation';

/**
 * The calculation port over Office.js: `Application.calculate(full)` (ExcelApi 1.1,
 * https://learn.microsoft.com/javascript/api/excel/excel.application#excel-excel-application-calculate-member(1)),
 * which "marks all cells as dirty and then recalculates them": `recalculate` would leave non-volatile custom
 * functions as they are (OfficeDev/office-js#1462). One request; the functions' answers arrive as Excel calls them.
 */
export class ExcelCalculation implements Calculation {
  async calculateAddInFunctions(): Promise<void> {
    await Excel.run(async (context) => {
      context.workbook.application.calculate(Excel.CalculationType.full);
      await context.sync();
    });
  }
}
