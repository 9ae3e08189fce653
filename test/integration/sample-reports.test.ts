/**
 * @jest-environment ./test/support/office-js-environment.ts
 */
import { parseSheetAddress } from '../../src/core/a1';
import { cellsOf, installWorkbook, selectCell } from '../support/excel';
import { useAnalystPlatform } from '../support/local-platform';
import { reportByPublicId } from '../support/reports';
import { workspaceFor, done } from '../support/workspace';
import { SEED_REPORTS } from '../../server/store/seed-content';

jest.setTimeout(60_000);
const local = useAnalystPlatform();

it('dumps', async () => {
  for (const seed of SEED_REPORTS) {
    if (['ChurnDraft01', 'RawSqlExport'].includes(seed.publicId)) continue;
    const sim = installWorkbook();
    await selectCell('C4');
    const client = seed.publicId === 'BoardPackKpi' ? local.t.admin : local.t.analyst;
    const dep = seed.deployment === 'sales' ? local.t.salesDeploymentId : local.t.sandboxDeploymentId;
    const { service } = await workspaceFor(local.t, client);
    const placed = done(await service.place(await reportByPublicId(client, dep, seed.publicId)));
    const { rect } = parseSheetAddress(placed.placement.resultLocation!);
    const cells = cellsOf(sim, 'Sheet1', rect.top, rect.left, Math.min(8, rect.bottom - rect.top + 1), rect.right - rect.left + 1);
    const sheet = sim.model.sheetByName('Sheet1')!;
    const fmts = [rect.top, rect.top + 3].map((r) => Array.from({ length: rect.right - rect.left + 1 }, (_, c) => sim.model.cellAt(sheet, r, rect.left + c)?.numberFormat ?? '-'));
    console.log(seed.publicId, placed.placement.resultLocation, JSON.stringify(cells), JSON.stringify(fmts));
  }
});
