/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { RecordUnconfirmedError } from '../../src/placements/errors';
import { describeError } from '../../src/taskpane/errors';
import { i18nFor } from '../../src/taskpane/i18n';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { workspaceFor } from '../support/workspace';

jest.setTimeout(30_000);

const local = useAnalystPlatform();

describe('the write pipeline when the record is in doubt', () => {
  it('puts the cells back and says the record may disagree when recording fails and the platform cannot be asked either', async () => {
    const host = installWorkbook();
    const { service, connection } = await workspaceFor(local.t);
    await selectCell('B3');
    const report = await local.report('OrdersStatus');
    const { platform } = connection;
    const read = platform.getReport.bind(platform);
    // The placement reads the report first (allowed through); the question "did it land?" then fails too.
    jest.spyOn(platform, 'getReport').mockImplementationOnce(read).mockRejectedValueOnce(new Error('platform down'));
    jest.spyOn(platform, 'connectWorkbook').mockRejectedValueOnce(new Error('answer lost'));
    const error = await service.place(report).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordUnconfirmedError);
    // B3:D8 as before the write: empty.
    expect(cellsOf(host, 'Sheet1', 2, 1, 6, 3).flat().every((v) => v === '')).toBe(true);
    expect(describeError(error, i18nFor('en-US'))).toBe(
      'The result at Sheet1!B3:D8 could not be recorded, nor could the platform say whether it was: the cells were put back as they were. Refresh the placement to bring the cells and the record together.',
    );
  });
});
