import { parseCell } from '../../src/core/a1';
import type { AddInCall, AddInFunctions, AddInResult } from '../../workbench/excel-host/calc/add-in-functions';
import { entryFromFormula } from '../../workbench/excel-host/workbook/coercion';
import { WorkbookModel } from '../../workbench/excel-host/workbook/workbook-model';

/**
 * A fake of the add-in's functions: RS.VALUE (scalar) and RS.MEMBERS (matrix). Calls are recorded per
 * `invoke`; the test answers them when it likes through `answer`.
 */
class FakeFunctions implements AddInFunctions {
  readonly invocations: AddInCall[][] = [];
  private readonly waiting: { call: AddInCall; index: number; onResult: (index: number, result: AddInResult) => void }[] = [];

  idOf(name: string): string | null {
    const upper = name.toUpperCase();
    return upper === 'RS.VALUE' ? 'RS_VALUE' : upper === 'RS.MEMBERS' ? 'RS_MEMBERS' : null;
  }

  returnsMatrix(id: string): boolean {
    return id === 'RS_MEMBERS';
  }

  invoke(calls: readonly AddInCall[], onResult: (index: number, result: AddInResult) => void): void {
    this.invocations.push([...calls]);
    calls.forEach((call, index) => this.waiting.push({ call, index, onResult }));
  }

  /** Answers every waiting call with what `respond` says of it. */
  answer(respond: (call: AddInCall) => AddInResult): void {
    for (const { call, index, onResult } of this.waiting.splice(0)) onResult(index, respond(call));
  }
}

function workbook() {
  const model = new WorkbookModel();
  const sheet = model.sheets[0]!;
  const functions = new FakeFunctions();
  model.calculation.addInFunctions = functions;
  const put = (address: string, input: string | number) => {
    const { row, column } = parseCell(address);
    const { value, formula, error } = entryFromFormula(input, undefined);
    model.setCell(sheet, row, column, { value, formula, error });
    model.notify();
  };
  const at = (address: string) => {
    const { row, column } = parseCell(address);
    return model.cellAt(sheet, row, column)?.value ?? '';
  };
  return { model, sheet, functions, put, at };
}

/** RS.VALUE(x, …) answers the sum of its numeric arguments. */
const sumOfArguments = (call: AddInCall): AddInResult => ({ ok: true, value: call.args.flat(2).reduce<number>((sum, v) => sum + (typeof v === 'number' ? v : 0), 0) });

describe('add-in functions in the formula engine', () => {
  it('shows #BUSY! until the result comes, then the value, and recalculates the readers', async () => {
    const { model, functions, put, at } = workbook();
    put('A1', 4);
    put('B1', '=RS.VALUE(A1, 10)');
    put('C1', '=B1*2');
    expect([at('B1'), at('C1')]).toEqual(['#BUSY!', '#BUSY!']);
    expect(functions.invocations).toEqual([[{ id: 'RS_VALUE', args: [4, 10], address: 'Sheet1!B1' }]]);
    functions.answer(sumOfArguments);
    await model.calculation.idle();
    expect([at('B1'), at('C1')]).toEqual([14, 28]);
  });

  it('sends the calls of one calculation together, any case of the name, ranges as 2-D arrays, omitted as null', () => {
    const { model, sheet, functions } = workbook();
    model.setCell(sheet, 0, 0, { value: 1 });
    model.setCell(sheet, 1, 0, { value: 2 });
    model.setCell(sheet, 0, 1, { value: 0, formula: '=rs.value(A1:A2)' });
    model.setCell(sheet, 1, 1, { value: 0, formula: '=RS.VALUE(A1,,"x")' });
    model.notify();
    expect(functions.invocations).toHaveLength(1);
    const byAddress = [...functions.invocations[0]!].sort((a, b) => a.address.localeCompare(b.address));
    expect(byAddress).toEqual([
      { id: 'RS_VALUE', args: [[[1], [2]]], address: 'Sheet1!B1' },
      { id: 'RS_VALUE', args: [1, null, 'x'], address: 'Sheet1!B2' },
    ]);
  });

  it('does not send a call again while the same call is pending', () => {
    const { functions, put } = workbook();
    put('A1', 1);
    put('B1', '=RS.VALUE(A1)');
    // C1 changes; B1 does not read it, so it does not calculate; then B1 is entered again with the same formula.
    put('C1', 5);
    put('B1', '=RS.VALUE(A1)');
    expect(functions.invocations).toHaveLength(1);
  });

  it('shows an error result with its code and keeps the message', async () => {
    const { model, sheet, functions, put, at } = workbook();
    put('B1', '=RS.VALUE("nope")');
    functions.answer(() => ({ ok: false, error: '#N/A', message: 'No such member.' }));
    await model.calculation.idle();
    expect(at('B1')).toBe('#N/A');
    expect(model.cellAt(sheet, 0, 1)).toMatchObject({ error: true, errorMessage: 'No such member.', formula: '=RS.VALUE("nope")' });
  });

  it('spills a matrix result, or shows #SPILL! when blocked', async () => {
    const { model, functions, put, at } = workbook();
    put('A2', 'blocker');
    put('A1', '=RS.MEMBERS()');
    put('C1', '=RS.MEMBERS()');
    functions.answer(() => ({ ok: true, value: [['a'], ['b']] }));
    await model.calculation.idle();
    expect([at('A1'), at('A2'), at('C1'), at('C2')]).toEqual(['#SPILL!', 'blocker', 'a', 'b']);
  });

  it('calls the functions again on a full calculation, not on Recalculate', async () => {
    const { model, functions, put, at } = workbook();
    put('A1', '=RS.VALUE(1)');
    functions.answer(sumOfArguments);
    await model.calculation.idle();
    model.calculation.calculate('Recalculate');
    expect(functions.invocations).toHaveLength(1);
    expect(at('A1')).toBe(1);
    model.calculation.calculate('Full');
    expect(functions.invocations).toHaveLength(2);
    expect(at('A1')).toBe('#BUSY!');
    functions.answer(() => ({ ok: true, value: 2 }));
    await model.calculation.idle();
    expect(at('A1')).toBe(2);
  });

  it('gives an error argument as the result without calling the function', () => {
    const { functions, put, at } = workbook();
    put('A1', '=1/0');
    put('B1', '=RS.VALUE(A1)');
    expect(at('B1')).toBe('#DIV/0!');
    expect(functions.invocations).toEqual([]);
  });

  it('shows #NAME? for an add-in name before the functions are attached, and calculates once they are', async () => {
    const model = new WorkbookModel();
    const sheet = model.sheets[0]!;
    model.setCell(sheet, 0, 0, { value: 0, formula: '=RS.VALUE(1)' });
    model.notify();
    expect(model.cellAt(sheet, 0, 0)?.value).toBe('#NAME?');
    const functions = new FakeFunctions();
    const changes = jest.fn();
    model.onChange(changes);
    model.calculation.addInFunctions = functions;
    await Promise.resolve();
    expect(model.cellAt(sheet, 0, 0)?.value).toBe('#BUSY!');
    expect(changes).toHaveBeenCalledTimes(1);
    expect(functions.invocations).toHaveLength(1);
  });
});
