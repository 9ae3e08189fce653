import { HostObject, invalidArgument, type HostScope } from './host-object';
import type { Range } from './range';
import { autofitColumns, columnWidth, setColumnWidths } from '../workbook/column-widths';

/** `#RRGGBB` from what Excel accepts for a colour: `#RRGGBB` or a name it knows (a few common ones here). */
const NAMED_COLORS: Record<string, string> = { black: '#000000', white: '#FFFFFF', red: '#FF0000', green: '#008000', blue: '#0000FF', yellow: '#FFFF00', orange: '#FFA500', gray: '#808080' };
function color(value: unknown): string {
  const text = String(value).trim();
  if (/^#[0-9a-f]{6}$/i.test(text)) return text.toUpperCase();
  const named = NAMED_COLORS[text.toLowerCase()];
  if (named) return named;
  throw invalidArgument(`'${text}' is not a colour.`);
}

/** Range.format (https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangeformat): font and fill here. */
export class RangeFormat extends HostObject {
  readonly type = 'RangeFormat';
  constructor(scope: HostScope, private readonly range: Range) {
    super(scope);
  }

  override get(name: string): unknown {
    if (name === 'Font') return new RangeFont(this.scope, this.range);
    if (name === 'Fill') return new RangeFill(this.scope, this.range);
    if (name === 'ColumnWidth') {
      const { sheet, rect } = this.range;
      const first = columnWidth(sheet, rect.left);
      for (let column = rect.left + 1; column <= rect.right; column += 1) if (columnWidth(sheet, column) !== first) return null;
      return first;
    }
    return super.get(name);
  }

  override set(name: string, value: unknown): void {
    if (name === 'ColumnWidth') {
      const points = Number(value);
      if (!Number.isFinite(points) || points < 0) throw invalidArgument(`'${String(value)}' is not a column width.`);
      this.scope.assertWritable(this.range.sheet);
      return setColumnWidths(this.model, this.range.sheet, this.range.rect, points);
    }
    return super.set(name, value);
  }

  override call(name: string, args: unknown[]): unknown {
    if (name === 'AutofitColumns') {
      this.scope.assertWritable(this.range.sheet);
      autofitColumns(this.model, this.range.sheet, this.range.rect);
      return null;
    }
    return super.call(name, args);
  }
}

/** https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefont: `null` where the cells differ. */
export class RangeFont extends HostObject {
  readonly type = 'RangeFont';
  override readonly defaultProperties = ['Bold', 'Color'];
  constructor(scope: HostScope, private readonly range: Range) {
    super(scope);
  }

  override get(name: string): unknown {
    if (name === 'Bold') return this.range.cellAttribute((cell) => cell?.bold ?? false);
    if (name === 'Color') return this.range.cellAttribute((cell) => cell?.fontColor ?? '#000000');
    return super.get(name);
  }

  override set(name: string, value: unknown): void {
    if (name === 'Bold') return this.range.setCellAttribute((cell) => ({ ...cell, bold: value ? true : undefined }));
    if (name === 'Color') {
      const hex = color(value);
      return this.range.setCellAttribute((cell) => ({ ...cell, fontColor: hex === '#000000' ? undefined : hex }));
    }
    return super.set(name, value);
  }
}

/** https://learn.microsoft.com/en-us/javascript/api/excel/excel.rangefill: no fill reads as white. */
export class RangeFill extends HostObject {
  readonly type = 'RangeFill';
  override readonly defaultProperties = ['Color'];
  constructor(scope: HostScope, private readonly range: Range) {
    super(scope);
  }

  override get(name: string): unknown {
    if (name === 'Color') return this.range.cellAttribute((cell) => cell?.fill ?? '#FFFFFF');
    return super.get(name);
  }

  override set(name: string, value: unknown): void {
    if (name === 'Color') {
      const hex = color(value);
      return this.range.setCellAttribute((cell) => ({ ...cell, fill: hex }));
    }
    return super.set(name, value);
  }

  override call(name: string, args: unknown[]): unknown {
    if (name === 'Clear') {
      this.range.setCellAttribute((cell) => ({ ...cell, fill: undefined }));
      return null;
    }
    return super.call(name, args);
  }
}
