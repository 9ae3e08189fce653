/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ExcelConnector, REFRESH_ON_OPEN_PROPERTY } from '../../src/excel/excel-connector';
import { supportsStartupBehavior } from '../../src/excel/startup';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { outOfDateCount, readRefreshOnOpen, saveRefreshOnOpen } from '../../src/monitoring/refresh-on-open';
import { installWorkbook } from '../support/excel';

/** The custom document property as Office.js reads it, or null. */
async function property(): Promise<string | null> {
  return Excel.run(async (context) => {
    const item = context.workbook.properties.custom.getItemOrNullObject(REFRESH_ON_OPEN_PROPERTY);
    item.load('value');
    await context.sync();
    return item.isNullObject ? null : String(item.value);
  });
}

describe('"Refresh when this workbook opens" (https://learn.microsoft.com/office/dev/add-ins/develop/run-code-on-document-open)', () => {
  it('is kept in the workbook and asks Office to load the add-in with the document, where SharedRuntime 1.1 is', async () => {
    installWorkbook({ profile: 'web' });
    const excel = new ExcelConnector();
    await expect(readRefreshOnOpen(excel)).resolves.toEqual({ on: false, supported: true });
    await expect(Office.addin.getStartupBehavior()).resolves.toBe('None');

    await expect(saveRefreshOnOpen(excel, true)).resolves.toEqual({ on: true, supported: true });
    await expect(property()).resolves.toBe('true');
    await expect(Office.addin.getStartupBehavior()).resolves.toBe(Office.StartupBehavior.load);
    await expect(readRefreshOnOpen(excel)).resolves.toEqual({ on: true, supported: true });

    await expect(saveRefreshOnOpen(excel, false)).resolves.toEqual({ on: false, supported: true });
    await expect(property()).resolves.toBeNull();
    await expect(Office.addin.getStartupBehavior()).resolves.toBe(Office.StartupBehavior.none);
    // Off twice: nothing to remove, no error.
    await expect(saveRefreshOnOpen(excel, false)).resolves.toEqual({ on: false, supported: true });
  });

  it('never asks Office for a startup behaviour on a host without SharedRuntime 1.1 (Excel 2019)', async () => {
    installWorkbook({ profile: 'excel2019' });
    expect(Office.context.requirements.isSetSupported('SharedRuntime', '1.1')).toBe(false);
    expect(supportsStartupBehavior()).toBe(false);
    const excel = new ExcelConnector();
    const asked = jest.spyOn(Office.addin, 'setStartupBehavior');
    await expect(readRefreshOnOpen(excel)).resolves.toEqual({ on: false, supported: false });
    await expect(excel.writeRefreshOnOpen(true)).resolves.toBe(false);
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
  });
});

describe('what is stale when the pane opens', () => {
  const entry = (syncStatus: string, more: Partial<WorkbookPlacement> = {}) => ({
    access: 'GRANTED', legacy: false, location: { sheetName: 'Sheet1' }, placement: { syncStatus }, ...more,
  }) as unknown as WorkbookPlacement;

  it('counts the refreshable placements whose report changed since they were written', () => {
    expect(outOfDateCount([])).toBe(0);
    expect(outOfDateCount([entry('CHANGED'), entry('UP_TO_DATE'), entry('CHANGED'), entry('UNKNOWN')])).toBe(2);
  });

  it('leaves out placements Refresh all cannot refresh: denied, legacy, whose cells are gone, or refused (an id another record shares)', () => {
    expect(outOfDateCount([
      entry('CHANGED', { access: 'DENIED' } as Partial<WorkbookPlacement>),
      entry('CHANGED', { legacy: true }),
      entry('CHANGED', { location: null }),
      entry('CHANGED', { refused: { kind: 'shared-id', copy: 1, others: [] } } as unknown as Partial<WorkbookPlacement>),
      entry('CHANGED'),
    ])).toBe(1);
  });
});
