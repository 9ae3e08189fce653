import { loneCallName, renameFunctions } from '../../workbench/excel-host/calc/formula-text';
import { cellView } from '../../workbench/grid/cell-view';

/**
 * How the workbench grid shows add-in results. Expectations:
 * [FMT]  https://learn.microsoft.com/office/dev/add-ins/excel/excel-data-types-concepts#formatted-number-values (a
 *        formatted number's format is the default; a format applied to the cell overrides it)
 * [CODE] https://support.microsoft.com/office/number-format-codes-5026bbd6-04bc-48cd-bf33-80f18b4eae68
 * [ERR]  https://learn.microsoft.com/office/dev/add-ins/excel/custom-functions-errors (the message on the error indicator)
 */

describe('a cell in the grid', () => {
  it('shows a formatted number with its own format while the cell is General, and the cell format once applied [FMT][CODE]', () => {
    expect(cellView({ value: 0.125, formula: '=RS.VALUE("Margin")', valueFormat: '0.0%' })).toMatchObject({ text: '12.5%', align: 'right' });
    expect(cellView({ value: 0.125, formula: '=RS.VALUE("Margin")', valueFormat: '0.0%', numberFormat: 'General' })).toMatchObject({ text: '12.5%' });
    expect(cellView({ value: 0.125, formula: '=RS.VALUE("Margin")', valueFormat: '0.0%', numberFormat: '0.000' })).toMatchObject({ text: '0.125' });
  });

  it("shows an error's message on hover in place of the formula [ERR]", () => {
    expect(cellView({ value: '#N/A', error: true, formula: '=RS.VALUE("x")', errorMessage: 'Sign in to see this value.' })).toMatchObject({ text: '#N/A', message: 'Sign in to see this value.' });
    expect(cellView({ value: '#DIV/0!', error: true, formula: '=1/0' }).message).toBeUndefined();
  });
});

describe('function names in formula text', () => {
  it('renames the functions it is told of, and nothing in strings or other functions', () => {
    const german = (name: string) => (name.toUpperCase() === 'RS.VALUE' ? 'RS.WERT' : null);
    expect(renameFunctions('=RS.VALUE("RS.VALUE(",A1)+SUM(rs.value(1),2)', german)).toBe('=RS.WERT("RS.VALUE(",A1)+SUM(RS.WERT(1),2)');
    expect(renameFunctions('=A1+1', german)).toBe('=A1+1');
  });

  it('tells a formula that is one call from one that computes with it', () => {
    expect(loneCallName('=RS.VALUE("Revenue", "Region", A1)')).toBe('RS.VALUE');
    expect(loneCallName('=RS.VALUE(SUM(1,2))')).toBe('RS.VALUE');
    expect(loneCallName('=RS.VALUE("Revenue")*2')).toBeNull();
    expect(loneCallName('=RS.VALUE(1)+RS.VALUE(2)')).toBeNull();
    expect(loneCallName('=A1')).toBeNull();
  });
});
