import { WorkspaceStore } from '../../src/pane/workspace-store';
import { isBusy } from '../../src/pane/pane-state';
import { ConversionRefusedError, type ConversionPorts, type Converted } from '../../src/placements/convert-to-formulas';
import type { WorkbookPlacement } from '../../src/placements/placement-service';
import { entry, fakeWorkspace, words } from '../support/workspace-store-fakes';

/**
 * "Convert to formulas" as the pane store runs it, in Node: asked first with nothing done, Cancel converts nothing,
 * the answer converts and says so, and a refusal is said with the card kept.
 */

const ports: ConversionPorts = {
  values: async () => ({ value: async () => 0 }),
  deploymentArgument: () => null,
  meta: async () => null,
  words: () => ({ quarter: (q, y) => `Q${q} ${y}` }),
};

async function startedWithConversion(listed: WorkbookPlacement[]) {
  const fake = fakeWorkspace(listed);
  const convertToFormulas = jest.fn(async (_e: WorkbookPlacement, _ports: ConversionPorts): Promise<Converted> => ({ title: 'Orders by status', location: 'Sheet1!B3:D8', formulas: 12 }));
  Object.assign(fake.placements, { convertToFormulas });
  const store = new WorkspaceStore({ ports: fake.ports, writeDisabled: () => false, words, liveDebounceMs: 1, conversion: ports });
  await store.start({ visible: false });
  return { store, convertToFormulas, ...fake };
}

describe('the pane store: Convert to formulas', () => {
  it('asks first and converts nothing until the answer; Cancel converts nothing', async () => {
    const a = entry('a');
    const { store, convertToFormulas } = await startedWithConversion([a]);
    store.askConvert(a);
    expect(store.getState().question).toEqual({ kind: 'convert', entry: a });
    expect(isBusy(store.getState())).toBe(true);
    store.cancelQuestion();
    expect(store.getState().question).toBeNull();
    expect(convertToFormulas).not.toHaveBeenCalled();
  });

  it('the answer converts with the pane\'s formula ports, lists the placements again and says how many formulas, where', async () => {
    const a = entry('a');
    const { store, convertToFormulas, placements } = await startedWithConversion([a]);
    store.askConvert(a);
    const listings = placements.workbookPlacements.mock.calls.length;
    await store.convertToFormulas(a);
    expect(convertToFormulas).toHaveBeenCalledWith(a, ports);
    expect(placements.workbookPlacements.mock.calls.length).toBe(listings + 1);
    const state = store.getState();
    expect(state.question).toBeNull();
    expect(state.operation).toBeNull();
    expect(state.notice).toEqual({ kind: 'converted', title: 'Orders by status', location: 'Sheet1!B3:D8', formulas: 12 });
  });

  it('a refusal is shown in the error area, with no notice', async () => {
    const a = entry('a');
    const { store, convertToFormulas } = await startedWithConversion([a]);
    const refusal = new ConversionRefusedError('Orders by status', { kind: 'totals' });
    convertToFormulas.mockRejectedValueOnce(refusal);
    store.askConvert(a);
    await store.convertToFormulas(a);
    expect(store.getState()).toMatchObject({ question: null, operation: null, notice: null, error: { source: 'action', error: refusal } });
  });
});
