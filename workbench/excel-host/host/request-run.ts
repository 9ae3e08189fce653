import { ErrorCodes, HostError, hostError } from '../workbook/host-error';
import { apiSetOf, type MemberAccess } from './api-sets';
import { CustomXmlPart } from './custom-xml-parts';
import { HostCollection, HostObject, type HostScope } from './host-object';
import { ActionType, ObjectPathType, type Action, type RequestBody } from './protocol';
import { answerQuery } from './query';
import { Range } from './range';
import { Workbook } from './workbook';
import { Worksheet } from './worksheet';

/**
 * What carrying out a request needs of the host beyond the scope its objects live in: the objects Office.js keeps
 * across syncs, and those a request creates.
 */
export interface RequestHost extends HostScope {
  /** Keeps an object across syncs (`_KeepReference`) under a new reference id, which it returns. */
  keep(object: HostObject): string;
  /** The object kept under a reference id; throws InvalidReference for one not kept (or released). */
  referenced(id: string): HostObject;
  /** Lets go of a kept object (`_RemoveReference`). */
  release(id: string): void;
  /** An object a request creates (`ObjectPathType` 2, NewObject). */
  newObject(name: string): HostObject;
}

/** One request being carried out: its object paths resolved once each, in order of use. */
export class RequestRun {
  private readonly objects = new Map<number, HostObject | null>();
  private readonly kept = new Set<number>();

  constructor(private readonly host: RequestHost, private readonly body: RequestBody) {}

  /** Members newer than the host's ExcelApi version are unknown to it, whatever Office.js queued. */
  private checkApiSet(type: string, member: string, access: MemberAccess = 'get'): void {
    const version = apiSetOf(type, member, access);
    if (version > this.host.profile.excelApiMinor) {
      throw hostError('apiNotFound', `The API you are trying to use could not be found. It may be available in a newer version of the Office application. (${type}.${member}: ExcelApi 1.${version})`);
    }
  }

  private argumentsOf(info: { Arguments?: unknown[]; ReferencedObjectPathIds?: unknown[] } | undefined): unknown[] {
    const args = info?.Arguments ?? [];
    const refs = info?.ReferencedObjectPathIds;
    if (!refs) return args;
    return args.map((arg, i) => (typeof refs[i] === 'number' && refs[i] !== 0 ? this.resolve(refs[i] as number) : arg));
  }

  /** The object a path leads to; `null` for a null object (`…OrNullObject`). */
  resolve(pathId: number): HostObject | null {
    if (this.objects.has(pathId)) return this.objects.get(pathId)!;
    const path = this.body.ObjectPaths[String(pathId)];
    if (!path) throw new HostError(ErrorCodes.invalidArgument, `Unknown object path ${pathId}.`);
    let object: HostObject | null;
    if (path.ObjectPathType === ObjectPathType.global) object = new Workbook(this.host);
    else if (path.ObjectPathType === ObjectPathType.referenceId) object = this.host.referenced(path.Name);
    else if (path.ObjectPathType === ObjectPathType.newObject) object = this.host.newObject(path.Name);
    else {
      const parent = this.resolve(path.ParentObjectPathId!);
      if (parent === null) object = null;
      else if (path.ObjectPathType === ObjectPathType.property) {
        this.checkApiSet(parent.type, path.Name);
        object = parent.get(path.Name) as HostObject;
      } else if (path.ObjectPathType === ObjectPathType.method) {
        this.checkApiSet(parent.type, path.Name, 'call');
        object = parent.call(path.Name, this.argumentsOf(path.ArgumentInfo)) as HostObject | null;
      } else if (path.ObjectPathType === ObjectPathType.indexer && parent instanceof HostCollection) {
        object = parent.item(String(path.ArgumentInfo?.Arguments?.[0]));
      } else throw new HostError(ErrorCodes.invalidArgument, `Object path type ${path.ObjectPathType} is not supported.`);
    }
    this.objects.set(pathId, object);
    return object;
  }

  perform(action: Action): unknown {
    switch (action.ActionType) {
      case ActionType.instantiate: {
        const object = this.resolve(action.ObjectPathId);
        if (object === null) return null;
        // Ranges Office.js keeps across syncs are held by reference, as Excel tracks them.
        if (this.kept.has(action.ObjectPathId) && object instanceof Range) return { _ReferenceId: this.host.keep(object) };
        // A worksheet comes with its id, as Excel answers (Worksheet._handleIdResult reads `Id`): Office.js
        // names the target of the sheet's events with it (`getTargetIdFunc` of `onChanged`).
        if (object instanceof Worksheet) return { Id: object.sheet.id };
        // So does a custom XML part (`CustomXmlPart._handleIdResult`): a part from `add(xml)` is then addressed by id.
        if (object instanceof CustomXmlPart) return { Id: object.part.id };
        return {};
      }
      case ActionType.query: {
        const object = this.resolve(action.ObjectPathId);
        return object === null ? null : answerQuery(object, action.QueryInfo, (type, member) => this.checkApiSet(type, member));
      }
      case ActionType.method: {
        if (action.Name === '_KeepReference') {
          this.kept.add(action.ObjectPathId);
          return undefined;
        }
        if (action.Name === '_RemoveReference') {
          this.host.release(String(action.ArgumentInfo?.Arguments?.[0]));
          return undefined;
        }
        const object = this.resolve(action.ObjectPathId);
        if (object === null) throw new HostError(ErrorCodes.invalidArgument, `Cannot call ${action.Name} on a null object.`);
        this.checkApiSet(object.type, action.Name, 'call');
        const value = object.call(action.Name, this.argumentsOf(action.ArgumentInfo));
        return value instanceof HostObject ? {} : (value ?? null);
      }
      case ActionType.setProperty: {
        const object = this.resolve(action.ObjectPathId);
        if (object === null) throw new HostError(ErrorCodes.invalidArgument, `Cannot set ${action.Name} on a null object.`);
        this.checkApiSet(object.type, action.Name, 'set');
        object.set(action.Name, action.ArgumentInfo?.Arguments?.[0]);
        return undefined;
      }
      case ActionType.trace:
        // Answered like any action: Office.js runs a trace marker's callback (the one that adds an event
        // handler, `createTraceMarkerForCallback`) only for an action with a result.
        return null;
      default:
        throw new HostError(ErrorCodes.invalidArgument, `Action type ${action.ActionType} is not supported.`);
    }
  }
}
