/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import type { CubeQuery } from '../../src/contract';
import { ExcelCalculation } from '../../src/excel/calculation';
import { removeFormulaService, SIGN_IN_MESSAGE } from '../../src/functions/formula-registry';
import { FORMULA_DEPLOYMENT_SETTING } from '../../src/pane/formula-deployment';
import { refreshFormulas, startFormulas } from '../../src/pane/formula-wiring';
import type { ExcelHost } from '../../workbench/excel-host';
import { act, installWorkbook } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { ownAnswer as independently, revenueIn } from '../support/own-queries';
import { installRsFunctions } from '../support/rs-functions';
import { workspaceFor } from '../support/workspace';
import { formulaPorts } from '../../src/pane/compose/parts';

/**
 * The RS functions end to end: formulas typed into the emulated workbook, calculated by its formula engine, carried
 * out by Office.js's own custom-functions runtime, answered by the add-in's formula service over the local platform.
 * Every expected number is an independent `/v1/load` of that cell's own query, written here by hand.
 */

jest.setTimeout(60_000);
const env = useAnalystPlatform();

const REGIONS = ['North America', 'Europe', 'Asia Pacific'];
const MONTHS: [string, string][] = [['2024-01-01', '2024-01-31'], ['2024-02-01', '2024-02-29'], ['2024-03-01', '2024-03-31']];


function cell(host: ExcelHost, address: string) {
  const sheet = host.model.sheetByName('Sheet1')!;
  const column = address.charCodeAt(0) - 65;
  const row = Number(address.slice(1)) - 1;
  return host.model.cellAt(sheet, row, column);
}

async function setUp(options: { signedIn?: boolean } = {}) {
  const host = installWorkbook({ profile: 'web' });
  await installRsFunctions(host);
  const { t } = env;
  const loads: CubeQuery[] = [];
  const { connection, workspace } = await workspaceFor(t, t.analyst);
  const data = {
    forDeployment: async (id: number) => {
      const client = await workspace.data.forDeployment(id);
      return { ...client, meta: client.meta?.bind(client), load: (query: CubeQuery) => (loads.push(query), client.load(query)) };
    },
  };
  const calculation = new ExcelCalculation();
  // The workbook's default deployment for formulas is a document setting: each read is a round trip to Excel.
  const settingReads: string[] = [];
  const workbook = Object.assign(Object.create(workspace.workbook) as typeof workspace.workbook, {
    readSetting: (key: string) => (settingReads.push(key), workspace.workbook.readSetting(key)),
  });
  const signIn = () => startFormulas({
    ports: { ...formulaPorts(workspace), data, document: workbook },
    deployments: () => connection.deployments,
    appConfig: () => connection.appConfig,
    user: () => connection.user,
    browsedDeployment: () => t.salesDeploymentId,
    calculation,
  });
  removeFormulaService();
  const started = options.signedIn === false ? null : signIn();
  await started?.calculated;
  return { host, loads, calculation, signIn, started, settingReads };
}

/** A small P&L: regions down column A, months across row 1 (typed as dates), RS.VALUE in between reading both. */
async function writeGrid(host: ExcelHost): Promise<void> {
  await act((context) => {
    const sheet = context.workbook.worksheets.getItem('Sheet1');
    sheet.getRange('A1:D1').values = [['Revenue', ...MONTHS.map(([from]) => from)]];
    sheet.getRange('A2:A4').values = REGIONS.map((region) => [region]);
    sheet.getRange('B2:D4').formulas = REGIONS.map((_, r) => MONTHS.map((_m, c) => {
      const column = String.fromCharCode(66 + c);
      return `=RS.VALUE($A$1,"Region",$A${r + 2},"sales.created_at.month",${column}$1)`;
    }));
  });
  await host.model.calculation.idle();
}

afterEach(() => removeFormulaService());

describe('RS.VALUE in cells', () => {
  it('fills a grid over typed headers from one query; each cell equals its own /v1/load', async () => {
    const { host, loads, settingReads } = await setUp();
    await writeGrid(host);
    // The values' query alone: each region it asks has rows in the answer, which shows it exists, so no member check.
    expect(loads).toHaveLength(1);
    expect(loads[0]!.measures).toEqual(['sales.total_amount']);
    // Nine calls, one read of the workbook's default deployment (not one round trip per cell).
    expect(settingReads).toEqual([FORMULA_DEPLOYMENT_SETTING]);
    for (const [r, region] of REGIONS.entries()) {
      for (const [c, month] of MONTHS.entries()) {
        const address = `${String.fromCharCode(66 + c)}${r + 2}`;
        expect([address, cell(host, address)?.value]).toEqual([address, await independently(env.data, revenueIn(region, month))]);
      }
    }
  });

  it('shows #VALUE! naming an unknown member, and #N/A asking to sign in until the pane is signed in', async () => {
    const { host, signIn } = await setUp({ signedIn: false });
    await act((context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('A1').formulas = [['=RS.VALUE("Revenue","Region","Europe","sales.created_at.year",2024)']];
      sheet.getRange('A2').formulas = [['=RS.VALUE("Revenue","Planet","Mars")']];
    });
    await host.model.calculation.idle();
    expect(cell(host, 'A1')).toMatchObject({ value: '#N/A', error: true, errorMessage: SIGN_IN_MESSAGE });
    await signIn().calculated;
    await host.model.calculation.idle();
    expect(cell(host, 'A1')?.value).toBe(await independently(env.data, revenueIn('Europe', ['2024-01-01', '2024-12-31'])));
    expect(cell(host, 'A2')).toMatchObject({ value: '#VALUE!', error: true });
    expect(cell(host, 'A2')?.errorMessage).toContain('Planet');
  });

  it('Refresh all drops the kept answers and has Excel calculate them again: the grid shows the changed data', async () => {
    const { host, loads, calculation } = await setUp();
    await writeGrid(host);
    const before = cell(host, 'C3')?.value;
    await env.t.platform.testing.addOrders([{ createdAt: '2024-02-10 09:00:00', region: 'Europe', category: 'Books', amount: 500 }]);
    // A recalculation without a refresh keeps the answers: nothing is asked again.
    await act((context) => context.workbook.application.calculate(Excel.CalculationType.full));
    await host.model.calculation.idle();
    expect([loads.length, cell(host, 'C3')?.value]).toEqual([1, before]);
    // Its tally, once the calculation's calls have settled: 9 formulas answered afresh.
    expect(await refreshFormulas(calculation)).toEqual({ recalculated: 9, failed: 0, stale: null });
    await host.model.calculation.idle();
    // The values' query again: a refresh forgets the answers.
    expect(loads).toHaveLength(2);
    expect(cell(host, 'C3')?.value).toBe(await independently(env.data, revenueIn('Europe', MONTHS[1]!)));
    expect(cell(host, 'C3')?.value).toBeCloseTo(Number(before) + 500, 2);
  });
});

describe('RS.MEMBERS and RS.REPORT in cells', () => {
  it('spills a dimension down a column in the data API\'s order', async () => {
    const { host } = await setUp();
    await act((context) => { context.workbook.worksheets.getItem('Sheet1').getRange('A1').formulas = [['=RS.MEMBERS("Region")']]; });
    await host.model.calculation.idle();
    const own = await env.data.load({ dimensions: ['sales.region'] });
    const column = own.data.map((_, i) => cell(host, `A${i + 1}`)?.value);
    expect(column).toEqual(own.data.map((row) => row['sales.region']));
  });

  it('spills a report under its headers, and shows #SPILL! while a typed cell is in the way', async () => {
    const { host } = await setUp();
    const report = await env.report('OrdersStatus');
    const own = await env.data.load(JSON.parse(report.jsonQuery!) as CubeQuery);
    await act((context) => {
      const sheet = context.workbook.worksheets.getItem('Sheet1');
      sheet.getRange('B3').values = [['in the way']];
      sheet.getRange('A1').formulas = [['=RS.REPORT("Orders by status")']];
    });
    await host.model.calculation.idle();
    expect(cell(host, 'A1')).toMatchObject({ value: '#SPILL!', error: true });
    await act((context) => context.workbook.worksheets.getItem('Sheet1').getRange('B3').clear());
    await host.model.calculation.idle();
    expect(cell(host, 'A1')?.error).toBeFalsy();
    // The header row, then one row per result row.
    expect(cell(host, `A${own.data.length + 1}`)?.value).not.toBe('');
    expect(cell(host, `A${own.data.length + 2}`)?.value ?? '').toBe('');
  });
});
