/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { ExcelCalculation } from '../../src/excel/calculation';
import { ExcelFormulaCellFormats } from '../../src/excel/formula-cell-formats';
import { removeFormulaService } from '../../src/functions/formula-registry';
import { startFormulas } from '../../src/pane/formula-wiring';
import type { CellFormatWriter } from '../../src/ports/formula-cell-formats';
import type { HostRequest } from '../../workbench/excel-host';
import { act, installWorkbook } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { installRsFunctions } from '../support/rs-functions';
import { workspaceFor } from '../support/workspace';
import { formulaPorts } from '../../src/pane/compose/parts';

/**
 * Where Excel runs the RS functions without formatted number values (Excel 2021 LTSC, retail perpetual 2311+: no
 * CustomFunctionsRuntime 1.4), the pane gives the formulas' cells the model's formats. Expectations:
 * [CFR]  https://learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets
 *        (Office 2021 LTSC: CustomFunctionsRuntime 1.1 to 1.3, 1.4 "Not supported")
 * [FMT]  https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-concepts#formatted-number-values (a
 *        format applied to the cell overrides the value's: the user's format wins)
 * [CODE] https://support.microsoft.com/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68 (`$#,##0.00`:
 *        a dollar sign, thousands separated, two decimals). Revenue is `format: currency`, `currency: usd` in
 *        server/model/sales.yml, which Cube shows as `$,.2f` (d3: dollar, grouped, two decimals).
 */

jest.setTimeout(60_000);
const env = useAnalystPlatform();

/** The emulated workbook on `profile`, the RS functions answered over the local platform; the format writer counted. */
async function setUp(profile: 'ltsc2021' | 'web') {
  const requests: HostRequest[] = [];
  const host = installWorkbook({ profile, onRequest: (request) => requests.push(request) });
  await installRsFunctions(host);
  const { connection, workspace } = await workspaceFor(env.t, env.t.analyst);
  const writes: { cells: number; syncs: number }[] = [];
  const excel = new ExcelFormulaCellFormats();
  const counted: CellFormatWriter = {
    formatWhereGeneral: async (cells) => {
      const before = requests.length;
      await excel.formatWhereGeneral(cells);
      // Only the writer's own requests touch number formats (the runtime's results and the engine's do not).
      const syncs = requests.slice(before).filter((request) => !request.cleanup && /numberformat/i.test(JSON.stringify(request.body))).length;
      writes.push({ cells: cells.reduce((sum, { formats }) => sum + formats.length * (formats[0]?.length ?? 0), 0), syncs });
    },
  };
  removeFormulaService();
  const started = startFormulas({
    ports: formulaPorts(workspace), deployments: () => connection.deployments, appConfig: () => connection.appConfig, user: () => connection.user,
    browsedDeployment: () => env.t.salesDeploymentId, calculation: new ExcelCalculation(),
    cellFormats: profile === 'ltsc2021' ? counted : null,
  });
  await started.calculated;
  return { host, writes };
}

const read = (address: string) => Excel.run(async (context) => {
  const range = context.workbook.worksheets.getItem('Sheet1').getRange(address).load(['values', 'text', 'numberFormat']);
  await context.sync();
  return { values: range.values, text: range.text, numberFormat: range.numberFormat };
});

/** Types the P&L's formulas (B2 formatted by the user first), then waits for the answers and, on LTSC, the formats. */
async function calculate(host: Awaited<ReturnType<typeof setUp>>['host'], writes: { syncs: number }[], waitForFormats: boolean) {
  await act((context) => {
    const sheet = context.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('B2').numberFormat = [['0.0']];
    sheet.getRange('B1:C2').formulas = [
      ['=RS.VALUE("Revenue","Region","Europe")', '=RS.VALUE("Revenue","Region","Asia Pacific")'],
      ['=RS.VALUE("Revenue","Region","North America")', '=RS.VALUE("Count")'],
    ];
    sheet.getRange('A4').formulas = [['=RS.REPORT("Orders by status")']];
  });
  await host.model.calculation.idle();
  for (let waited = 0; waitForFormats && !writes.length && waited < 10_000; waited += 50) await new Promise((resolve) => setTimeout(resolve, 50));
}

const dollars = (value: unknown) => `$${(value as number).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

describe('formula cells formatted by the pane where Excel has no CustomFunctionsRuntime 1.4', () => {
  it('is the case on the Excel 2021 LTSC profile, which still runs custom functions [CFR]', () => {
    installWorkbook({ profile: 'ltsc2021' });
    expect(Office.context.requirements.isSetSupported('CustomFunctionsRuntime', '1.3')).toBe(true);
    expect(Office.context.requirements.isSetSupported('CustomFunctionsRuntime', '1.4')).toBe(false);
  });

  it('gives RS.VALUE and RS.REPORT cells the model\'s formats, keeps the user\'s, in two syncs for the whole calculation [FMT][CODE]', async () => {
    const { host, writes } = await setUp('ltsc2021');
    await calculate(host, writes, true);
    const values = await read('B1:C2');
    expect(values.numberFormat[0]).toEqual(['$#,##0.00', '$#,##0.00']);
    expect(values.text[0]).toEqual([dollars(values.values[0]![0]), dollars(values.values[0]![1])]);
    // The user's own format on B2 wins over the model's.
    expect(values.numberFormat[1]![0]).toBe('0.0');
    // One batch for every formula of the calculation: one sync to read the cells' formats, one to write.
    expect(writes).toHaveLength(1);
    expect(writes[0]!.syncs).toBe(2);

    // RS.REPORT's cells look as they do where Excel shows formatted number values itself (Excel on the web).
    const rows = (await read('A4:C20')).values.findIndex((row) => row[0] === '');
    const ltsc = await read(`A4:C${3 + rows}`);
    const web = await setUp('web');
    await calculate(web.host, [], false);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const onWeb = await read(`A4:C${3 + rows}`);
    expect(ltsc.values).toEqual(onWeb.values);
    expect(ltsc.text).toEqual(onWeb.text);
    expect(ltsc.text.flat()).toContain(dollars(ltsc.values[1]![2]));
  });
});
