import { WorkbookModel } from './excel-host/workbook/workbook-model';
import { loadWorkbook, saveWorkbook } from './workbook-store';

export { WorkbookGrid } from './WorkbookGrid';

/**
 * The workbench's workbook, loaded after the pane has painted: the model as saved in IndexedDB (a new
 * workbook when there is none or it cannot be read), saved again a moment after each change.
 */
export async function openWorkbook(): Promise<{ model: WorkbookModel; saveNow: () => Promise<void>; stopSaving: () => void }> {
  let model: WorkbookModel;
  try {
    const saved = await loadWorkbook();
    model = saved ? WorkbookModel.fromJSON(saved) : new WorkbookModel('Book1.xlsx');
  } catch (error) {
    // The next change saves over it: say so, for whoever wonders where their workbook went.
    console.error('The workbench could not open the saved workbook; a new one is opened instead.', error);
    model = new WorkbookModel('Book1.xlsx');
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  model.onChange(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      // Not awaited: a failed save is logged, and the next change saves again.
      saveWorkbook(model.toJSON()).catch((error: unknown) => console.error('The workbench could not save the workbook.', error));
    }, 200);
  });
  return { model, saveNow: () => saveWorkbook(model.toJSON()), stopSaving: () => clearTimeout(timer) };
}
