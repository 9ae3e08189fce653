import type { CubeMeta } from '../../src/contract';
import { FormulaService } from '../../src/functions/formula-service';
import type { ReportRunner } from '../../src/placements/report-run';
import type { ReportStore } from '../../src/ports/report-store';

/**
 * The number format an RS.VALUE carries comes from its measure in `/v1/meta`: `format` and, for a currency, the
 * `currency` code beside it (core-data.yaml `V1CubeMetaMeasure`: `format`, `currency`). A model written by hand.
 */
const measure = (name: string, extra: Record<string, unknown>) => ({ name, title: name, shortTitle: name, type: 'number', aggType: 'sum', ...extra });
const META = {
  cubes: [{
    name: 'ledger', title: 'Ledger', type: 'cube', segments: [],
    dimensions: [{ name: 'ledger.region', title: 'Region', shortTitle: 'Region', type: 'string' }],
    measures: [
      measure('ledger.revenue_eur', { format: 'currency', currency: 'EUR' }),
      measure('ledger.margin', { format: 'percent' }),
      measure('ledger.units', {}),
    ],
  }],
} as unknown as CubeMeta;

const service = new FormulaService({
  data: { forDeployment: async () => ({ meta: async () => META, load: async () => { throw new Error('no query expected'); } }) as never },
  reports: {} as ReportStore,
  runner: {} as ReportRunner,
  deployments: () => [{ id: 7, name: 'Ledger' } as never],
  defaultDeployment: async () => 7,
  appConfig: () => ({ restrictDataDownload: false }) as never,
  timezone: () => null,
});

test("a currency measure's format shows its own currency, a percent one a percent, and one without a format none", async () => {
  const euro = await service.valueFormat('ledger.revenue_eur', []);
  // Excel codes: the euro sign and two decimals with thousands separators (Cube's `currency` is `,.2f` with the symbol).
  expect(euro).toContain('€');
  expect(euro).toMatch(/#,##0\.00/);
  expect(euro).not.toContain('$');
  expect(await service.valueFormat('ledger.margin', [])).toMatch(/^0\.00%$/);
  expect(await service.valueFormat('ledger.units', [])).toBeNull();
});
