import {
  cellAddress, columnIndex, columnLetters, parseCell, parseRect, parseSheetAddress, quoteSheetName, rectAddress, sheetAddress,
} from '../../src/core/a1';

describe('A1 addresses', () => {
  it('converts columns both ways at the edges', () => {
    expect([0, 25, 26, 51, 52, 701, 702, 16_383].map(columnLetters)).toEqual(['A', 'Z', 'AA', 'AZ', 'BA', 'ZZ', 'AAA', 'XFD']);
    expect(['A', 'z', 'AA', 'XFD'].map(columnIndex)).toEqual([0, 25, 26, 16_383]);
    expect(() => columnLetters(16_384)).toThrow(RangeError);
    expect(() => columnIndex('XFE')).toThrow(RangeError);
  });

  it('parses cells, rectangles, whole rows and columns', () => {
    expect(parseCell('$B$3')).toEqual({ row: 2, column: 1 });
    expect(parseRect('D5:B2')).toEqual({ top: 1, left: 1, bottom: 4, right: 3 });
    expect(parseRect('3:4')).toEqual({ top: 2, bottom: 3, left: 0, right: 16_383 });
    expect(parseRect('B:C')).toEqual({ top: 0, bottom: 1_048_575, left: 1, right: 2 });
    expect(() => parseCell('B0')).toThrow(RangeError);
    expect(() => parseCell('A1048577')).toThrow(RangeError);
    expect(cellAddress({ row: 0, column: 0 })).toBe('A1');
    expect(rectAddress({ top: 2, left: 1, bottom: 2, right: 1 })).toBe('B3');
    expect(rectAddress({ top: 2, left: 1, bottom: 39, right: 5 })).toBe('B3:F40');
  });

  it('quotes sheet names that need it', () => {
    expect(quoteSheetName('Sheet1')).toBe('Sheet1');
    expect(quoteSheetName('Sales Q1')).toBe("'Sales Q1'");
    expect(quoteSheetName("Bob's data")).toBe("'Bob''s data'");
    expect(quoteSheetName('A1')).toBe("'A1'");
    expect(quoteSheetName('2024')).toBe("'2024'");
    expect(quoteSheetName('Umsätze')).toBe('Umsätze');
    expect(quoteSheetName('R1C1')).toBe("'R1C1'");
    expect(sheetAddress('Sales Q1', { top: 1, left: 1, bottom: 39, right: 5 })).toBe("'Sales Q1'!B2:F40");
  });

  it('splits sheet addresses, unquoting names', () => {
    expect(parseSheetAddress("'Bob''s data'!B2:C3")).toEqual({ sheetName: "Bob's data", rect: { top: 1, left: 1, bottom: 2, right: 2 } });
    expect(parseSheetAddress('=Sheet1!$A$1')).toEqual({ sheetName: 'Sheet1', rect: { top: 0, left: 0, bottom: 0, right: 0 } });
    expect(parseSheetAddress('C4').sheetName).toBeNull();
  });
});
