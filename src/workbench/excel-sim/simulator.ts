import { parseRect, quoteSheetName, rectAddress, MAX_COLUMNS, MAX_ROWS, type Rect } from '../../core/a1';
import { ErrorCodes, notLoaded, SimulatedOfficeError } from './errors';
import { formatCellValue } from '../excel-host/workbook/number-format';
import type { CellData, NameModel, SheetModel, WorkbookModel } from '../excel-host/workbook/workbook-model';

/** Excel on the web refuses a request, or a response, over 5 MB. */
export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

export interface SimulatorOptions {
  /** Added before each sync is applied, to model the round trip to a remote host. */
  syncDelayMs?: number;
  requestLimitBytes?: number;
  responseLimitBytes?: number;
  /**
   * Makes a sync fail as a host error would (a lost connection, a busy host): return an error code to fail
   * it before anything in it is carried out. Sees the sync's number (from 1) and its queued requests.
   */
  failSync?: (sync: { number: number; requests: unknown[] }) => string | undefined;
}

export interface SimulatorStats {
  syncs: number;
  requestBytes: number;
  largestRequestBytes: number;
  responseBytes: number;
  largestResponseBytes: number;
}

type CellValue = string | number | boolean;
type LoadOption = string | string[] | { select?: string | string[] } | undefined;

interface Action {
  /** What Office.js would serialize into the request for this action. */
  request: unknown;
  /** Carries the action out; returns what the response adds, as JSON text length. */
  apply(): number;
}

const encoder = new TextEncoder();
const byteLength = (value: unknown) => encoder.encode(JSON.stringify(value) ?? '').length;

/** A batch of queued actions, sent and carried out by `sync`, as Office.js does. */
export class SimRequestContext {
  readonly workbook: SimWorkbook;
  private pending: Action[] = [];

  constructor(readonly simulator: ExcelSimulator) {
    this.workbook = new SimWorkbook(this);
  }

  get model(): WorkbookModel {
    return this.simulator.model;
  }

  /** @internal */
  queue(action: Action): void {
    this.pending.push(action);
  }

  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  async sync<T>(passThroughValue?: T): Promise<T> {
    const actions = this.pending;
    this.pending = [];
    const { stats, options } = this.simulator;
    const requestBytes = byteLength(actions.map((a) => a.request));
    stats.syncs += 1;
    stats.requestBytes += requestBytes;
    stats.largestRequestBytes = Math.max(stats.largestRequestBytes, requestBytes);
    if (options.syncDelayMs) await new Promise((resolve) => setTimeout(resolve, options.syncDelayMs));
    const injected = options.failSync?.({ number: stats.syncs, requests: actions.map((a) => a.request) });
    if (injected) throw new SimulatedOfficeError(injected, `The host could not complete the request (${injected}).`);
    if (requestBytes > (options.requestLimitBytes ?? PAYLOAD_LIMIT_BYTES)) {
      throw new SimulatedOfficeError(ErrorCodes.requestPayloadSizeLimitExceeded, 'The request payload size has exceeded the limit.');
    }
    let responseBytes = 0;
    try {
      for (const action of actions) responseBytes += action.apply();
    } finally {
      this.model.notify();
    }
    stats.responseBytes += responseBytes;
    stats.largestResponseBytes = Math.max(stats.largestResponseBytes, responseBytes);
    if (responseBytes > (options.responseLimitBytes ?? PAYLOAD_LIMIT_BYTES)) {
      throw new SimulatedOfficeError(ErrorCodes.responsePayloadSizeLimitExceeded, 'The response payload size has exceeded the limit.');
    }
    return passThroughValue as T;
  }

  readonly trackedObjects = { add: () => undefined, remove: () => undefined };
}

function loadList(option: LoadOption, all: readonly string[]): string[] {
  if (option === undefined) return [...all];
  const select = typeof option === 'object' && !Array.isArray(option) ? option.select ?? all : option;
  const names: readonly string[] = typeof select === 'string' ? select.split(',') : select;
  // `items/name` on a collection loads its items (with their scalar properties, in this simulator).
  const list = [...new Set(names.map((p) => p.trim()).filter(Boolean).map((p) => (p.startsWith('items/') ? 'items' : p)))];
  return list.length ? list : [...all];
}

/** A proxy: properties must be loaded and synced before they are read; methods queue actions. */
abstract class SimClientObject {
  protected readonly loaded = new Map<string, unknown>();
  /** `undefined` until a sync has resolved an `…OrNullObject` proxy. */
  private nullState: boolean | undefined;

  constructor(readonly context: SimRequestContext, private readonly nullable = false) {
    if (!nullable) this.nullState = false;
  }

  protected abstract loadable(): readonly string[];
  /** The current value of a property, read when a load is carried out. */
  protected abstract snapshot(property: string): unknown;
  /** Whether the object this proxy stands for exists; only `…OrNullObject` proxies may say no. */
  protected exists(): boolean {
    return true;
  }

  get isNullObject(): boolean {
    if (this.nullState === undefined) throw notLoaded('isNullObject');
    return this.nullState;
  }

  /** @internal Resolves null-ness as part of the batch the proxy was created in. */
  protected queueNullCheck(): void {
    if (!this.nullable) return;
    this.context.queue({
      request: { nullCheck: this.constructor.name },
      apply: () => {
        this.nullState = !this.exists();
        return 16;
      },
    });
  }

  protected read<T>(property: string): T {
    if (!this.loaded.has(property)) throw notLoaded(property);
    return this.loaded.get(property) as T;
  }

  load(option?: LoadOption): this {
    const properties = loadList(option, this.loadable());
    for (const property of properties) {
      if (!this.loadable().includes(property)) {
        throw new SimulatedOfficeError(ErrorCodes.invalidArgument, `Property '${property}' cannot be loaded on ${this.constructor.name}.`);
      }
    }
    this.context.queue({
      request: { load: properties },
      apply: () => {
        if (this.nullable && !this.exists()) {
          this.nullState = true;
          return 16;
        }
        let bytes = 0;
        for (const property of properties) {
          const value = this.snapshot(property);
          this.loaded.set(property, value);
          bytes += byteLength(value) + property.length + 4;
        }
        return bytes;
      },
    });
    return this;
  }

  toJSON(): Record<string, unknown> {
    return Object.fromEntries(this.loaded);
  }
}

/**
 * A proxy for one model object (a sheet, a name, a range, a setting), pinned when its creating action is
 * carried out, as Office.js resolves proxies in queue order. Given the object itself (collection items read
 * in an earlier sync), it queues nothing and has its scalar properties loaded already.
 */
abstract class SimPinnedObject<T> extends SimClientObject {
  protected pinned: T | null = null;

  constructor(context: SimRequestContext, resolve: (() => T | null) | Exclude<T, () => unknown>, nullable: boolean, request: unknown) {
    super(context, nullable);
    if (typeof resolve !== 'function') {
      this.pinned = resolve;
      for (const property of this.loadable()) this.loaded.set(property, this.snapshot(property));
      return;
    }
    context.queue({
      request,
      apply: () => {
        this.pinned = (resolve as () => T | null)();
        return 0;
      },
    });
    this.queueNullCheck();
  }

  protected override exists(): boolean {
    return this.pinned !== null;
  }
}

type CellWrite = CellValue | null;

function checkShape(input: unknown, rect: Rect, property: string): input is unknown[][] {
  if (!Array.isArray(input)) return false;
  const rows = rect.bottom - rect.top + 1;
  const columns = rect.right - rect.left + 1;
  if (input.length !== rows || input.some((row) => !Array.isArray(row) || row.length !== columns)) {
    throw new SimulatedOfficeError(
      ErrorCodes.invalidArgument,
      `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${property}).`,
    );
  }
  return true;
}

/** Excel's rule for `values`: a string starting with `=`, `+` or `-` becomes a formula; a leading `'` marks text. */
function cellFromValue(value: CellValue, previous: CellData | undefined): CellData {
  const numberFormat = previous?.numberFormat;
  if (typeof value !== 'string') return { value, numberFormat };
  if (value.startsWith("'")) return { value: value.slice(1), textPrefix: true, numberFormat };
  if (/^[=+-]/.test(value)) return { value: UNEVALUATED, formula: value.startsWith('=') ? value : `=${value}`, numberFormat };
  return { value, numberFormat };
}

/** `formulas`: only a leading `=` makes a formula. */
function cellFromFormula(formula: CellValue, previous: CellData | undefined): CellData {
  if (typeof formula === 'string' && formula.startsWith('=') && formula.length > 1) {
    return { value: UNEVALUATED, formula, numberFormat: previous?.numberFormat };
  }
  return cellFromValue(typeof formula === 'string' && /^[+-]/.test(formula) ? `'${formula}` : formula, previous);
}

/** What `values` shows for a formula cell: the simulator stores formulas but never calculates them. */
export const UNEVALUATED = '#UNEVALUATED!';

interface RangeTarget {
  sheet: SheetModel;
  rect: Rect;
}

const RANGE_PROPERTIES = [
  'address', 'addressLocal', 'rowCount', 'columnCount', 'rowIndex', 'columnIndex', 'cellCount',
  'values', 'formulas', 'numberFormat', 'text', 'valueTypes',
] as const;

export class SimRange extends SimPinnedObject<RangeTarget> {
  protected loadable(): readonly string[] {
    return RANGE_PROPERTIES;
  }

  /** `resolve` runs in queue order when the batch is carried out, pinning the range as Office.js does. */
  constructor(context: SimRequestContext, resolve: () => RangeTarget | null, nullable = false, describe: unknown = 'range') {
    super(context, resolve, nullable, { range: describe });
  }

  /** @internal */
  target(): RangeTarget {
    if (!this.pinned) throw new SimulatedOfficeError(ErrorCodes.invalidReference, 'This reference is not valid.');
    if (!this.context.model.sheets.includes(this.pinned.sheet)) {
      throw new SimulatedOfficeError(ErrorCodes.itemNotFound, 'The worksheet of this range was deleted.');
    }
    return this.pinned;
  }

  private cells<T>(map: (cell: CellData | undefined) => T): T[][] {
    const { sheet, rect } = this.target();
    const out: T[][] = [];
    for (let r = rect.top; r <= rect.bottom; r += 1) {
      const row: T[] = [];
      for (let c = rect.left; c <= rect.right; c += 1) row.push(map(this.context.model.cellAt(sheet, r, c)));
      out.push(row);
    }
    return out;
  }

  protected snapshot(property: string): unknown {
    const { sheet, rect } = this.target();
    switch (property) {
      case 'address':
      case 'addressLocal':
        return `${quoteSheetName(sheet.name)}!${rectAddress(rect)}`;
      case 'rowCount': return rect.bottom - rect.top + 1;
      case 'columnCount': return rect.right - rect.left + 1;
      case 'rowIndex': return rect.top;
      case 'columnIndex': return rect.left;
      case 'cellCount': return (rect.bottom - rect.top + 1) * (rect.right - rect.left + 1);
      case 'values': return this.cells((cell) => cell?.value ?? '');
      case 'formulas': return this.cells((cell) => cell?.formula ?? (cell?.textPrefix ? `'${cell.value}` : cell?.value ?? ''));
      case 'numberFormat': return this.cells((cell) => cell?.numberFormat ?? 'General');
      case 'text': return this.cells((cell) => (cell ? formatCellValue(cell.value, cell.numberFormat) : ''));
      case 'valueTypes':
        return this.cells((cell) => {
          if (!cell || cell.value === '') return 'Empty';
          if (cell.formula) return 'Error';
          return typeof cell.value === 'number' ? 'Double' : typeof cell.value === 'boolean' ? 'Boolean' : 'String';
        });
      default: throw new Error(property);
    }
  }

  get address(): string { return this.read('address'); }
  get addressLocal(): string { return this.read('addressLocal'); }
  get rowCount(): number { return this.read('rowCount'); }
  get columnCount(): number { return this.read('columnCount'); }
  get rowIndex(): number { return this.read('rowIndex'); }
  get columnIndex(): number { return this.read('columnIndex'); }
  get cellCount(): number { return this.read('cellCount'); }
  get text(): string[][] { return this.read('text'); }
  get valueTypes(): Excel.RangeValueType[][] { return this.read('valueTypes'); }

  get values(): CellValue[][] { return this.read('values'); }
  set values(input: CellWrite[][] | CellValue) {
    this.write('values', input, cellFromValue);
  }

  get formulas(): CellValue[][] { return this.read('formulas'); }
  set formulas(input: CellWrite[][] | CellValue) {
    this.write('formulas', input, cellFromFormula);
  }

  get numberFormat(): string[][] { return this.read('numberFormat'); }
  set numberFormat(input: (string | null)[][] | string) {
    this.context.queue({
      request: { set: 'numberFormat', value: input },
      apply: () => {
        const { sheet, rect } = this.target();
        const grid = checkShape(input, rect, 'numberFormat') ? (input as (string | null)[][]) : null;
        for (let r = rect.top; r <= rect.bottom; r += 1) {
          for (let c = rect.left; c <= rect.right; c += 1) {
            const format = grid ? grid[r - rect.top]![c - rect.left] : (input as string);
            if (format === null || format === undefined) continue;
            const cell = this.context.model.cellAt(sheet, r, c) ?? { value: '' };
            this.context.model.setCell(sheet, r, c, { ...cell, numberFormat: format === 'General' || format === '' ? undefined : format });
          }
        }
        return 0;
      },
    });
  }

  private write(property: string, input: CellWrite[][] | CellValue, convert: (v: CellValue, previous: CellData | undefined) => CellData): void {
    if (input === null || input === undefined) {
      throw new SimulatedOfficeError(ErrorCodes.invalidArgument, `null is not a valid value for '${property}'.`);
    }
    this.context.queue({
      request: { set: property, value: input },
      apply: () => {
        const { sheet, rect } = this.target();
        const grid = checkShape(input, rect, property) ? (input as CellWrite[][]) : null;
        for (let r = rect.top; r <= rect.bottom; r += 1) {
          for (let c = rect.left; c <= rect.right; c += 1) {
            const value = grid ? grid[r - rect.top]![c - rect.left] : (input as CellValue);
            if (value === null || value === undefined) continue;
            this.context.model.setCell(sheet, r, c, convert(value, this.context.model.cellAt(sheet, r, c)));
          }
        }
        return 0;
      },
    });
  }

  private derived(describe: unknown, change: (t: RangeTarget) => Rect): SimRange {
    return new SimRange(this.context, () => {
      const t = this.target();
      const rect = change(t);
      if (rect.top < 0 || rect.left < 0 || rect.bottom >= MAX_ROWS || rect.right >= MAX_COLUMNS || rect.bottom < rect.top || rect.right < rect.left) {
        throw new SimulatedOfficeError(ErrorCodes.invalidArgument, 'The argument is invalid or missing or has an incorrect format.');
      }
      return { sheet: t.sheet, rect };
    }, false, describe);
  }

  getCell(row: number, column: number): SimRange {
    return this.derived({ getCell: [row, column] }, ({ rect }) => ({ top: rect.top + row, left: rect.left + column, bottom: rect.top + row, right: rect.left + column }));
  }

  getResizedRange(deltaRows: number, deltaColumns: number): SimRange {
    return this.derived({ getResizedRange: [deltaRows, deltaColumns] }, ({ rect }) => ({ ...rect, bottom: rect.bottom + deltaRows, right: rect.right + deltaColumns }));
  }

  getOffsetRange(rowOffset: number, columnOffset: number): SimRange {
    return this.derived({ getOffsetRange: [rowOffset, columnOffset] }, ({ rect }) => ({
      top: rect.top + rowOffset, bottom: rect.bottom + rowOffset, left: rect.left + columnOffset, right: rect.right + columnOffset,
    }));
  }

  get worksheet(): SimWorksheet {
    return new SimWorksheet(this.context, () => this.target().sheet);
  }

  /** `format.font.bold`, the one piece of formatting the add-in sets (its Total rows). */
  get format(): { font: { bold: boolean } } {
    const setBold = (value: boolean) => this.setBold(value);
    return {
      font: {
        get bold(): boolean {
          throw notLoaded('format/font/bold');
        },
        set bold(value: boolean) {
          setBold(value);
        },
      },
    };
  }

  private setBold(value: boolean): void {
    this.context.queue({
      request: { set: 'format/font/bold', value },
      apply: () => {
        const { sheet, rect } = this.target();
        for (let r = rect.top; r <= rect.bottom; r += 1) {
          for (let c = rect.left; c <= rect.right; c += 1) {
            const cell = this.context.model.cellAt(sheet, r, c);
            // Turning bold off on an empty cell leaves it empty.
            if (!cell && !value) continue;
            this.context.model.setCell(sheet, r, c, { ...(cell ?? { value: '' }), bold: value || undefined });
          }
        }
        return 0;
      },
    });
  }

  insert(shift: Excel.InsertShiftDirection | 'Down' | 'Right'): SimRange {
    const direction = shift === 'Right' ? 'Right' : 'Down';
    this.context.queue({
      request: { insert: direction },
      apply: () => {
        const { sheet, rect } = this.target();
        this.context.model.insert(sheet, rect, direction);
        return 0;
      },
    });
    return this.derived({ inserted: direction }, ({ rect }) => rect);
  }

  delete(shift: Excel.DeleteShiftDirection | 'Up' | 'Left'): void {
    const direction = shift === 'Left' ? 'Left' : 'Up';
    this.context.queue({
      request: { delete: direction },
      apply: () => {
        const { sheet, rect } = this.target();
        this.context.model.delete(sheet, rect, direction);
        return 0;
      },
    });
  }

  clear(applyTo: Excel.ClearApplyTo | 'All' | 'Formats' | 'Contents' = 'All'): void {
    const mode = applyTo === 'Contents' || applyTo === 'Formats' ? applyTo : 'All';
    this.context.queue({
      request: { clear: mode },
      apply: () => {
        const { sheet, rect } = this.target();
        this.context.model.clear(sheet, rect, mode);
        return 0;
      },
    });
  }

  select(): void {
    this.context.queue({
      request: { select: true },
      apply: () => {
        const { sheet, rect } = this.target();
        this.context.model.select(rect, sheet.id);
        return 0;
      },
    });
  }
}

const WORKSHEET_PROPERTIES = ['id', 'name', 'position', 'visibility'] as const;

export class SimWorksheet extends SimPinnedObject<SheetModel> {
  protected loadable(): readonly string[] {
    return WORKSHEET_PROPERTIES;
  }

  constructor(context: SimRequestContext, resolve: (() => SheetModel | null) | SheetModel, nullable = false) {
    super(context, resolve, nullable, { worksheet: true });
  }

  /** @internal */
  sheet(): SheetModel {
    if (!this.pinned || !this.context.model.sheets.includes(this.pinned)) {
      throw new SimulatedOfficeError(ErrorCodes.itemNotFound, "The requested resource doesn't exist.");
    }
    return this.pinned;
  }

  protected snapshot(property: string): unknown {
    const sheet = this.sheet();
    switch (property) {
      case 'id': return sheet.id;
      case 'name': return sheet.name;
      case 'position': return this.context.model.sheets.indexOf(sheet);
      case 'visibility': return 'Visible';
      default: throw new Error(property);
    }
  }

  get id(): string { return this.read('id'); }
  get position(): number { return this.read('position'); }
  get visibility(): Excel.SheetVisibility { return this.read('visibility'); }
  get name(): string { return this.read('name'); }
  set name(value: string) {
    this.context.queue({
      request: { set: 'name', value },
      apply: () => {
        this.context.model.renameSheet(this.sheet(), value);
        return 0;
      },
    });
  }

  getRange(address?: string): SimRange {
    return new SimRange(this.context, () => ({ sheet: this.sheet(), rect: address ? parseAddress(address) : { top: 0, left: 0, bottom: MAX_ROWS - 1, right: MAX_COLUMNS - 1 } }), false, { getRange: address });
  }

  getCell(row: number, column: number): SimRange {
    return new SimRange(this.context, () => ({ sheet: this.sheet(), rect: { top: row, left: column, bottom: row, right: column } }), false, { getCell: [row, column] });
  }

  /** The smallest rectangle holding every cell with content (and, unless `valuesOnly`, every formatted cell). */
  getUsedRangeOrNullObject(valuesOnly = false): SimRange {
    return new SimRange(this.context, () => {
      const sheet = this.sheet();
      let rect: Rect | null = null;
      for (const [key, cell] of sheet.cells) {
        if (valuesOnly && cell.value === '' && !cell.formula) continue;
        const [row, column] = key.split(':').map(Number) as [number, number];
        rect = rect
          ? { top: Math.min(rect.top, row), left: Math.min(rect.left, column), bottom: Math.max(rect.bottom, row), right: Math.max(rect.right, column) }
          : { top: row, left: column, bottom: row, right: column };
      }
      return rect ? { sheet, rect } : null;
    }, true, { getUsedRange: valuesOnly });
  }

  activate(): void {
    this.context.queue({
      request: { activate: true },
      apply: () => {
        const sheet = this.sheet();
        // Activating another sheet selects there (Excel keeps a per-sheet selection; the top-left cell stands in).
        if (sheet.id !== this.context.model.activeSheetId) this.context.model.select({ top: 0, left: 0, bottom: 0, right: 0 }, sheet.id);
        return 0;
      },
    });
  }

  delete(): void {
    this.context.queue({
      request: { deleteSheet: true },
      apply: () => {
        this.context.model.deleteSheet(this.sheet());
        return 0;
      },
    });
  }
}

function parseAddress(address: string): Rect {
  try {
    return parseRect(address.includes('!') ? address.slice(address.lastIndexOf('!') + 1) : address);
  } catch {
    throw new SimulatedOfficeError(ErrorCodes.invalidArgument, `The argument is invalid or missing or has an incorrect format. (${address})`);
  }
}

const COLLECTION_PROPERTIES = ['items'] as const;

export class SimWorksheetCollection extends SimClientObject {
  protected loadable(): readonly string[] {
    return COLLECTION_PROPERTIES;
  }

  constructor(context: SimRequestContext) {
    super(context);
  }

  protected snapshot(): unknown {
    return this.context.model.sheets.map((sheet) => new SimWorksheet(this.context, sheet));
  }

  get items(): SimWorksheet[] { return this.read('items'); }

  getItem(key: string): SimWorksheet {
    return new SimWorksheet(this.context, () => this.find(key) ?? this.context.model.requireSheet(key));
  }

  getItemOrNullObject(key: string): SimWorksheet {
    return new SimWorksheet(this.context, () => this.find(key) ?? null, true);
  }

  private find(key: string): SheetModel | undefined {
    return this.context.model.sheetById(key) ?? this.context.model.sheetByName(key);
  }

  getActiveWorksheet(): SimWorksheet {
    return new SimWorksheet(this.context, () => this.context.model.sheetById(this.context.model.activeSheetId)!);
  }

  add(name?: string): SimWorksheet {
    let created: SheetModel | null = null;
    this.context.queue({
      request: { addSheet: name ?? null },
      apply: () => {
        created = this.context.model.addSheet(name);
        return 0;
      },
    });
    return new SimWorksheet(this.context, () => created);
  }
}

const NAME_PATTERN = /^[A-Za-z_\\][A-Za-z0-9_.\\]*$/;

const NAMED_ITEM_PROPERTIES = ['name', 'type', 'value', 'visible', 'comment', 'formula'] as const;

export class SimNamedItem extends SimPinnedObject<NameModel> {
  protected loadable(): readonly string[] {
    return NAMED_ITEM_PROPERTIES;
  }

  constructor(context: SimRequestContext, resolve: (() => NameModel | null) | NameModel, nullable = false) {
    super(context, resolve, nullable, { namedItem: true });
  }

  protected override exists(): boolean {
    return this.pinned !== null && this.context.model.names.includes(this.pinned);
  }

  private item(): NameModel {
    if (!this.exists()) throw new SimulatedOfficeError(ErrorCodes.itemNotFound, "The requested resource doesn't exist.");
    return this.pinned!;
  }

  private reference(name: NameModel): string {
    if (!name.target) return '#REF!';
    const sheet = this.context.model.sheetById(name.target.sheetId)!;
    const absolute = rectAddress(name.target.rect).replace(/([A-Z]+)(\d+)/g, '$$$1$$$2');
    return `${quoteSheetName(sheet.name)}!${absolute}`;
  }

  protected snapshot(property: string): unknown {
    const item = this.item();
    switch (property) {
      case 'name': return item.name;
      case 'type': return item.target ? 'Range' : 'Error';
      case 'value': return this.reference(item);
      case 'formula': return `=${this.reference(item)}`;
      case 'visible': return item.visible;
      case 'comment': return item.comment;
      default: throw new Error(property);
    }
  }

  get name(): string { return this.read('name'); }
  get type(): Excel.NamedItemType { return this.read('type'); }
  get value(): string { return this.read('value'); }
  get formula(): string { return this.read('formula'); }
  set formula(value: string) {
    this.context.queue({
      request: { set: 'formula', value },
      apply: () => {
        const item = this.item();
        const reference = value.replace(/^=/, '');
        const bang = reference.lastIndexOf('!');
        let sheetName = reference.slice(0, bang);
        if (sheetName.startsWith("'")) sheetName = sheetName.slice(1, -1).replace(/''/g, "'");
        item.target = { sheetId: this.context.model.requireSheet(sheetName).id, rect: parseAddress(reference.slice(bang + 1)) };
        return 0;
      },
    });
  }
  get comment(): string { return this.read('comment'); }
  get visible(): boolean { return this.read('visible'); }
  set visible(value: boolean) {
    this.context.queue({
      request: { set: 'visible', value },
      apply: () => {
        this.item().visible = value;
        return 0;
      },
    });
  }

  getRange(): SimRange {
    return new SimRange(this.context, () => {
      const item = this.item();
      if (!item.target) throw new SimulatedOfficeError(ErrorCodes.invalidReference, `The name '${item.name}' refers to a deleted range (#REF!).`);
      return { sheet: this.context.model.sheetById(item.target.sheetId)!, rect: item.target.rect };
    });
  }

  getRangeOrNullObject(): SimRange {
    return new SimRange(this.context, () => {
      if (!this.exists() || !this.pinned!.target) return null;
      const { sheetId, rect } = this.pinned!.target;
      return { sheet: this.context.model.sheetById(sheetId)!, rect };
    }, true);
  }

  delete(): void {
    this.context.queue({
      request: { deleteName: true },
      apply: () => {
        const item = this.item();
        this.context.model.names = this.context.model.names.filter((n) => n !== item);
        return 0;
      },
    });
  }
}

export class SimNamedItemCollection extends SimClientObject {
  protected loadable(): readonly string[] {
    return COLLECTION_PROPERTIES;
  }

  constructor(context: SimRequestContext) {
    super(context);
  }

  protected snapshot(): unknown {
    return this.context.model.names.map((model) => new SimNamedItem(this.context, model));
  }

  get items(): SimNamedItem[] { return this.read('items'); }

  private find(name: string): NameModel | undefined {
    return this.context.model.names.find((n) => n.name.toLowerCase() === name.toLowerCase());
  }

  getItem(name: string): SimNamedItem {
    return new SimNamedItem(this.context, () => {
      const found = this.find(name);
      if (!found) throw new SimulatedOfficeError(ErrorCodes.itemNotFound, `The name '${name}' doesn't exist.`);
      return found;
    });
  }

  getItemOrNullObject(name: string): SimNamedItem {
    return new SimNamedItem(this.context, () => this.find(name) ?? null, true);
  }

  add(name: string, reference: SimRange | string, comment = ''): SimNamedItem {
    let created: NameModel | null = null;
    this.context.queue({
      request: { addName: name, reference: typeof reference === 'string' ? reference : 'range' },
      apply: () => {
        if (!NAME_PATTERN.test(name) || /^[A-Za-z]{1,3}\d+$/.test(name) || name.length > 255) {
          throw new SimulatedOfficeError(ErrorCodes.invalidArgument, `The name '${name}' is not valid.`);
        }
        if (this.find(name)) throw new SimulatedOfficeError(ErrorCodes.itemAlreadyExists, `The name '${name}' already exists.`);
        let target: NameModel['target'];
        if (typeof reference === 'string') {
          const bang = reference.lastIndexOf('!');
          let sheetName = reference.slice(0, bang).replace(/^=/, '');
          if (sheetName.startsWith("'")) sheetName = sheetName.slice(1, -1).replace(/''/g, "'");
          target = { sheetId: this.context.model.requireSheet(sheetName).id, rect: parseAddress(reference.slice(bang + 1)) };
        } else {
          const t = reference.target();
          target = { sheetId: t.sheet.id, rect: t.rect };
        }
        created = { name, target, visible: true, comment };
        this.context.model.names.push(created);
        return 0;
      },
    });
    return new SimNamedItem(this.context, () => created);
  }
}

const SETTING_PROPERTIES = ['key', 'value'] as const;

export class SimSetting extends SimPinnedObject<string> {
  protected loadable(): readonly string[] {
    return SETTING_PROPERTIES;
  }

  constructor(context: SimRequestContext, resolve: () => string | null, nullable = false) {
    super(context, resolve, nullable, { setting: true });
  }

  protected override exists(): boolean {
    return this.pinned !== null && this.context.model.settings.has(this.pinned);
  }

  protected snapshot(property: string): unknown {
    if (!this.exists()) throw new SimulatedOfficeError(ErrorCodes.itemNotFound, "The requested resource doesn't exist.");
    return property === 'key' ? this.pinned : this.context.model.settings.get(this.pinned!);
  }

  get key(): string { return this.read('key'); }
  get value(): unknown { return this.read('value'); }

  delete(): void {
    this.context.queue({
      request: { deleteSetting: true },
      apply: () => {
        if (this.pinned !== null) this.context.model.settings.delete(this.pinned);
        return 0;
      },
    });
  }
}

/** Document settings kept inside the workbook file (`Excel.SettingCollection`). */
export class SimSettingCollection {
  constructor(private readonly context: SimRequestContext) {}

  add(key: string, value: string | number | boolean | Date | unknown[] | object): SimSetting {
    this.context.queue({
      request: { addSetting: key, value },
      apply: () => {
        this.context.model.settings.set(key, JSON.parse(JSON.stringify(value)));
        return 0;
      },
    });
    return new SimSetting(this.context, () => key);
  }

  getItem(key: string): SimSetting {
    return new SimSetting(this.context, () => {
      if (!this.context.model.settings.has(key)) throw new SimulatedOfficeError(ErrorCodes.itemNotFound, `The setting '${key}' doesn't exist.`);
      return key;
    });
  }

  getItemOrNullObject(key: string): SimSetting {
    return new SimSetting(this.context, () => (this.context.model.settings.has(key) ? key : null), true);
  }
}

const CUSTOM_PROPERTY_PROPERTIES = ['key', 'value', 'type'] as const;

/** The stored key of a custom property: keys are case-insensitive (CustomPropertyCollection.add, ExcelApi 1.7). */
function customPropertyKey(context: SimRequestContext, key: string): string | null {
  const wanted = key.toLowerCase();
  for (const stored of context.model.customProperties.keys()) if (stored.toLowerCase() === wanted) return stored;
  return null;
}

/** `Excel.CustomProperty` (ExcelApi 1.7): one custom document property, saved in the file. */
export class SimCustomProperty extends SimPinnedObject<string> {
  protected loadable(): readonly string[] {
    return CUSTOM_PROPERTY_PROPERTIES;
  }

  constructor(context: SimRequestContext, resolve: () => string | null, nullable = false) {
    super(context, resolve, nullable, { customProperty: true });
  }

  protected override exists(): boolean {
    return this.pinned !== null && this.context.model.customProperties.has(this.pinned);
  }

  protected snapshot(property: string): unknown {
    if (!this.exists()) throw new SimulatedOfficeError(ErrorCodes.itemNotFound, "The requested resource doesn't exist.");
    const value = this.context.model.customProperties.get(this.pinned!)!;
    if (property === 'key') return this.pinned;
    if (property === 'type') return typeof value === 'number' ? 'Number' : typeof value === 'boolean' ? 'Boolean' : 'String';
    return value;
  }

  get key(): string { return this.read('key'); }
  get value(): unknown { return this.read('value'); }
  get type(): string { return this.read('type'); }

  delete(): void {
    this.context.queue({
      request: { deleteCustomProperty: true },
      apply: () => {
        if (this.pinned !== null) this.context.model.customProperties.delete(this.pinned);
        return 0;
      },
    });
  }
}

/**
 * `Excel.CustomPropertyCollection` (ExcelApi 1.7). `add` creates or overwrites; keys are case-insensitive; key
 * and value are limited to 255 characters outside Excel on the web
 * (https://learn.microsoft.com/javascript/api/excel/excel.custompropertycollection#excel-excel-custompropertycollection-add-member(1)).
 */
export class SimCustomPropertyCollection {
  constructor(private readonly context: SimRequestContext) {}

  add(key: string, value: string | number | boolean): SimCustomProperty {
    this.context.queue({
      request: { addCustomProperty: key, value },
      apply: () => {
        const stored = customPropertyKey(this.context, key) ?? key.slice(0, 255);
        this.context.model.customProperties.set(stored, typeof value === 'string' ? value.slice(0, 255) : value);
        return 0;
      },
    });
    return new SimCustomProperty(this.context, () => customPropertyKey(this.context, key));
  }

  getItem(key: string): SimCustomProperty {
    return new SimCustomProperty(this.context, () => {
      const stored = customPropertyKey(this.context, key);
      if (stored === null) throw new SimulatedOfficeError(ErrorCodes.itemNotFound, `The custom property '${key}' doesn't exist.`);
      return stored;
    });
  }

  getItemOrNullObject(key: string): SimCustomProperty {
    return new SimCustomProperty(this.context, () => customPropertyKey(this.context, key), true);
  }
}

/** `Excel.DocumentProperties` (ExcelApi 1.7): only its custom properties are simulated. */
export class SimDocumentProperties {
  readonly custom: SimCustomPropertyCollection;

  constructor(context: SimRequestContext) {
    this.custom = new SimCustomPropertyCollection(context);
  }
}

/** What `add` returns, as `OfficeExtension.EventHandlerResult`: `remove()` takes effect at the next sync. */
export class SimEventHandlerResult {
  constructor(readonly context: SimRequestContext, private readonly unsubscribe: () => void) {}

  remove(): void {
    this.context.queue({ request: { removeHandler: true }, apply: () => (this.unsubscribe(), 0) });
  }
}

/**
 * `workbook.onSelectionChanged` (ExcelApi 1.2): the handler is registered at the next sync, as in Excel,
 * and called asynchronously with `{type, workbook}` after each selection change.
 */
export class SimSelectionChangedEvent {
  constructor(private readonly context: SimRequestContext) {}

  add(handler: (args: { type: 'WorkbookSelectionChanged'; workbook: SimWorkbook }) => Promise<unknown>): SimEventHandlerResult {
    let unsubscribe = () => {};
    this.context.queue({
      request: { addHandler: 'WorkbookSelectionChanged' },
      apply: () => {
        unsubscribe = this.context.model.onSelectionChanged(() => {
          queueMicrotask(() => void handler({ type: 'WorkbookSelectionChanged', workbook: this.context.workbook }));
        });
        return 0;
      },
    });
    return new SimEventHandlerResult(this.context, () => unsubscribe());
  }
}

export class SimWorkbook extends SimClientObject {
  protected loadable(): readonly string[] {
    return ['name'];
  }
  readonly worksheets: SimWorksheetCollection;
  readonly names: SimNamedItemCollection;
  readonly settings: SimSettingCollection;
  readonly properties: SimDocumentProperties;
  readonly onSelectionChanged: SimSelectionChangedEvent;

  constructor(context: SimRequestContext) {
    super(context);
    this.worksheets = new SimWorksheetCollection(context);
    this.names = new SimNamedItemCollection(context);
    this.settings = new SimSettingCollection(context);
    this.properties = new SimDocumentProperties(context);
    this.onSelectionChanged = new SimSelectionChangedEvent(context);
  }

  protected snapshot(): unknown {
    return this.context.model.name;
  }

  get name(): string { return this.read('name'); }

  getSelectedRange(): SimRange {
    return new SimRange(this.context, () => ({
      sheet: this.context.model.sheetById(this.context.model.activeSheetId)!,
      rect: this.context.model.selection,
    }), false, { getSelectedRange: true });
  }

  getActiveCell(): SimRange {
    return new SimRange(this.context, () => {
      const { top, left } = this.context.model.selection;
      return { sheet: this.context.model.sheetById(this.context.model.activeSheetId)!, rect: { top, left, bottom: top, right: left } };
    }, false, { getActiveCell: true });
  }
}

/** The simulated `Excel` namespace: `Excel.run` and the enums the add-in uses. */
export class ExcelSimulator {
  readonly stats: SimulatorStats = { syncs: 0, requestBytes: 0, largestRequestBytes: 0, responseBytes: 0, largestResponseBytes: 0 };

  constructor(public model: WorkbookModel, public options: SimulatorOptions = {}) {}

  resetStats(): void {
    Object.assign(this.stats, { syncs: 0, requestBytes: 0, largestRequestBytes: 0, responseBytes: 0, largestResponseBytes: 0 });
  }

  /** Runs a batch function with a fresh context; actions still queued at its end are synced, as Excel.run does. */
  readonly run = async <T>(
    contextOrBatch: SimRequestContext | ((context: SimRequestContext) => Promise<T>),
    maybeBatch?: (context: SimRequestContext) => Promise<T>,
  ): Promise<T> => {
    // `Excel.run(existingContext, batch)` continues with an earlier context (e.g. to remove an event handler).
    const batch = typeof contextOrBatch === 'function' ? contextOrBatch : maybeBatch!;
    const context = typeof contextOrBatch === 'function' ? new SimRequestContext(this) : contextOrBatch;
    const result = await batch(context);
    if (context.hasPending) await context.sync();
    return result;
  };

  readonly InsertShiftDirection = { down: 'Down', right: 'Right' } as const;
  readonly DeleteShiftDirection = { up: 'Up', left: 'Left' } as const;
  readonly ClearApplyTo = { all: 'All', formats: 'Formats', contents: 'Contents', hyperlinks: 'Hyperlinks', removeHyperlinks: 'RemoveHyperlinks' } as const;
  readonly ErrorCodes = ErrorCodes;

  /** Formula cells anywhere in the workbook, so tests can prove the add-in created none. */
  formulaCells(): { sheet: string; address: string; formula: string }[] {
    const found: { sheet: string; address: string; formula: string }[] = [];
    for (const sheet of this.model.sheets) {
      for (const [key, cell] of sheet.cells) {
        if (!cell.formula) continue;
        const [row, column] = key.split(':').map(Number) as [number, number];
        found.push({ sheet: sheet.name, address: rectAddress({ top: row, left: column, bottom: row, right: column }), formula: cell.formula });
      }
    }
    return found;
  }
}

/** Makes the simulator the global `Excel`, as Office.js would in a real host. */
export function installSimulator(simulator: ExcelSimulator): void {
  (globalThis as unknown as { Excel: unknown }).Excel = simulator;
}
