import type { SheetModel, WorkbookModel } from '../workbook/workbook-model';
import { hostError, type HostError } from '../workbook/host-error';
import type { HostProfile } from './profiles';

/** What every object in a request can reach: the workbook and the host's rules for writes. */
export interface HostScope {
  readonly model: WorkbookModel;
  readonly profile: HostProfile;
  /** Throws as Excel does when a write cannot happen now (a cell being edited) or here (a protected sheet). */
  assertWritable(sheet?: SheetModel): void;
  /** Counts a worksheet's `onChanged` registration (+1) or its removal (-1). */
  registerDataChanged(sheetId: string, delta: 1 | -1): void;
  /** Counts a registration of the worksheet collection's `onNameChanged` (+1) or its removal (-1). */
  registerSheetNameChanged(delta: 1 | -1): void;
  /**
   * The `Worksheet` object of a sheet, which a range or a table leads up to (`range.worksheet`, `table.worksheet`).
   * The scope makes it, so that what a worksheet leads down to (its ranges and tables) need not know the worksheet.
   */
  worksheet(sheet: SheetModel): HostObject;
}

/**
 * One Excel object as the host sees it: properties read and set, methods called, by the PascalCase names
 * Office.js sends. `type` is the Excel class (`Range`, `NamedItem`, ...), which decides the requirement set
 * of each member.
 */
export abstract class HostObject {
  abstract readonly type: string;
  /** Scalar properties returned when the add-in loads the object without naming any. */
  readonly defaultProperties: readonly string[] = [];

  constructor(protected readonly scope: HostScope) {}

  get model(): WorkbookModel {
    return this.scope.model;
  }

  /** A property: a scalar, or the object a navigation property leads to. */
  get(name: string): unknown {
    throw unknownMember(this.type, name);
  }

  set(name: string, _value: unknown): void {
    throw unknownMember(this.type, name);
  }

  /** A method: its result, which is an object when the method leads to one (`getRange`), else a scalar. */
  call(name: string, _args: unknown[]): unknown {
    throw unknownMember(this.type, name);
  }
}

/** A collection: `items` are listed by a query of the collection, each with the key its indexer takes. */
export abstract class HostCollection<T extends HostObject = HostObject> extends HostObject {
  abstract items(): { key: string; item: T }[];
  /** The indexer Office.js uses for items it got from a query (`ObjectPathType` 5). */
  abstract item(key: string): T;
}

export function unknownMember(type: string, name: string): HostError {
  return hostError('apiNotFound', `The API you are trying to use could not be found. It may be available in a newer version of the Office application. (${type}.${name})`);
}

export function invalidArgument(detail: string): HostError {
  return hostError('invalidArgument', `The argument is invalid or missing or has an incorrect format. ${detail}`);
}

export function itemNotFound(what: string): HostError {
  return hostError('itemNotFound', `The requested resource doesn't exist. (${what})`);
}
