/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { associateRefreshAll, REFRESH_ALL_COMMAND, showTaskpane } from '../../src/excel/ribbon-commands';
import { COMMAND_SUCCEEDED, connectOfficeJs, ExcelHost, WorkbookModel } from '../../workbench/excel-host';

/** Office.js's own code for a command whose function nobody associated (its `OSF.DDA.ErrorCodeManager`). */
const invalidCallback = () => (globalThis as unknown as { OSF: { DDA: { ErrorCodeManager: { errorCodes: { ooeInvalidCallback: number } } } } })
  .OSF.DDA.ErrorCodeManager.errorCodes.ooeInvalidCallback;

function connect(profile: 'web' | 'excel2019') {
  const taskpane = { show: jest.fn(), hide: jest.fn() };
  const office = connectOfficeJs(new ExcelHost(new WorkbookModel('Budget.xlsx'), { profile }), globalThis, 'en-US', taskpane);
  return { office, taskpane };
}

// https://learn.microsoft.com/javascript/api/office/office.actions and office.addincommands.event: Office calls the
// associated function with an event (source.id: the button) and the command lasts until it calls completed().
describe('the ribbon\'s "Refresh all" function command, run by Office.js\'s AppCommandManager', () => {
  it("runs the pane's function and ends only when that function settles", async () => {
    const { office } = connect('web');
    let finish!: () => void;
    const run = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(associateRefreshAll(run)).toBe(true);
    let ended = false;
    const command = office.runFunctionCommand(REFRESH_ALL_COMMAND, 'ReportSync.RefreshAll').then((completion) => {
      ended = true;
      return completion;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(run).toHaveBeenCalledTimes(1);
    expect(ended).toBe(false);
    finish();
    await expect(command).resolves.toEqual({ status: COMMAND_SUCCEEDED });
  });

  it("gives the function Office's event: the clicked button's id, and a name matched whatever its case", async () => {
    const { office } = connect('web');
    const events: { source: { id: string } }[] = [];
    Office.actions.associate('SomeCommand', (event: Office.AddinCommands.Event) => {
      events.push({ source: { id: event.source.id } });
      event.completed();
    });
    await expect(office.runFunctionCommand('SOMECOMMAND', 'Group.Button')).resolves.toEqual({ status: COMMAND_SUCCEEDED });
    expect(events).toEqual([{ source: { id: 'Group.Button' } }]);
  });

  it('reports a function nobody associated with Office.js\'s own error code', async () => {
    const { office } = connect('web');
    await expect(office.runFunctionCommand('noSuchFunction', 'Group.Button')).resolves.toEqual({ status: invalidCallback() });
    expect(invalidCallback()).not.toBe(COMMAND_SUCCEEDED);
  });

  it('shows the pane where the host has SharedRuntime 1.1, and nowhere else', async () => {
    const web = connect('web');
    await expect(showTaskpane()).resolves.toBe(true);
    expect(web.taskpane.show).toHaveBeenCalledTimes(1);

    const excel2019 = connect('excel2019');
    await expect(showTaskpane()).resolves.toBe(false);
    expect(excel2019.taskpane.show).not.toHaveBeenCalled();
    await expect(excel2019.office.runFunctionCommand(REFRESH_ALL_COMMAND, 'ReportSync.RefreshAll')).rejects.toThrow(/no shared runtime/);
  });
});
