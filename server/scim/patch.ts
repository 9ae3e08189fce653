import { scimPatch, ScimError as PatchLibraryError, type ScimPatchOperation as LibraryOperation, type ScimResource as LibraryResource } from 'scim-patch';
import type { ScimPatchOperation } from '../../src/contract';
import { resolveAttribute, type AttributeDefinition } from './attributes';
import { compileFilter, valuesAt, type ScimResource } from './filter';
import { scimError } from './http';

interface Target {
  attributes: AttributeDefinition[];
  schemaUrn: string;
}

/** `attr`, `attr.sub`, `attr[filter]` or `attr[filter].sub` (RFC 7644 §3.5.2 `PATH`); the URN prefix is kept in `attr`. */
const PATH = /^(?<attr>[^[\]]+?)(?:\[(?<filter>.+)\](?:\.(?<sub>[^.[\]]+))?)?$/s;

/** Entra ID sends booleans as "True" and "False" (Microsoft, "Known issues … SCIM 2.0 protocol compliance"). */
function coerce(definition: AttributeDefinition, value: unknown): unknown {
  if (definition.type === 'boolean' && typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  return value;
}

/** The path in canonical spelling, checked against the resource's attributes, and the attribute it ends at. */
function canonicalPath(target: Target, path: string): { path: string; definition: AttributeDefinition; selects?: (r: ScimResource) => boolean } {
  const match = PATH.exec(path.trim());
  if (!match) throw scimError(400, `The path "${path}" is not a SCIM attribute path`, 'invalidPath');
  const { attr, filter, sub } = match.groups as { attr: string; filter?: string; sub?: string };
  const resolved = resolveAttribute(target.attributes, target.schemaUrn, attr);
  if (!resolved) throw scimError(400, `The path "${path}" names no attribute of this resource`, 'invalidPath');
  let { definition } = resolved;
  let canonical = resolved.path;
  let selects: ((r: ScimResource) => boolean) | undefined;
  if (filter !== undefined) {
    if (!definition.multiValued || !definition.subAttributes) {
      throw scimError(400, `The path "${path}" filters "${resolved.path}", which is not multi-valued`, 'invalidPath');
    }
    const matches = compileFilter(filter, definition.subAttributes, '')!;
    const valuesPath = resolved.path.split('.');
    selects = (r) => valuesAt(r, valuesPath).some((item) => typeof item === 'object' && item !== null && matches(item as ScimResource));
    canonical += `[${filter}]`;
    if (sub !== undefined) {
      const subDefinition = resolveAttribute(definition.subAttributes, '', sub);
      if (!subDefinition) throw scimError(400, `The path "${path}" names no sub-attribute "${sub}"`, 'invalidPath');
      definition = subDefinition.definition;
      canonical += `.${subDefinition.path}`;
    }
  }
  if (definition.mutability === 'readOnly') throw scimError(400, `"${canonical}" is read-only`, 'mutability');
  return { path: canonical, definition, selects };
}

/**
 * A path-less add or replace: the value is an object of attributes (dotted names allowed, as Entra ID sends).
 * Read-only attributes (`id`, `meta`) and ones this platform does not keep are dropped, as a replace drops them.
 */
function canonicalValue(target: Target, value: unknown): ScimResource {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw scimError(400, 'An operation without a path needs an object of attributes as its value', 'invalidValue');
  }
  const canonical: ScimResource = {};
  for (const [name, item] of Object.entries(value)) {
    const resolved = resolveAttribute(target.attributes, target.schemaUrn, name);
    if (!resolved || resolved.definition.mutability === 'readOnly') continue;
    const { definition } = resolved;
    // A single-valued complex attribute changes only the sub-attributes given (RFC 7644 §3.5.2.3).
    if (definition.type === 'complex' && !definition.multiValued && typeof item === 'object' && item !== null && !Array.isArray(item)) {
      for (const [subName, subValue] of Object.entries(item)) {
        const sub = resolveAttribute(definition.subAttributes ?? [], '', subName);
        if (sub && sub.definition.mutability !== 'readOnly') canonical[`${resolved.path}.${sub.path}`] = coerce(sub.definition, subValue);
      }
      continue;
    }
    canonical[resolved.path] = coerce(definition, item);
  }
  return canonical;
}

/**
 * Applies a PatchOp's operations (RFC 7644 §3.5.2) to a resource, all or nothing: `scim-patch` applies them;
 * this checks and spells paths first, so a filter, a name in any case or an Entra ID quirk means what it says.
 */
export function applyPatch(target: Target, resource: ScimResource, operations: ScimPatchOperation[]): ScimResource {
  let current = structuredClone(resource);
  // One at a time, so each operation's target is checked against what the ones before it made.
  for (const operation of operations) current = applyOne(current, prepare(target, current, operation));
  return current;
}

function prepare(target: Target, current: ScimResource, operation: ScimPatchOperation): LibraryOperation {
  if (operation.path === undefined) {
    if (operation.op === 'remove') throw scimError(400, 'A remove needs a path', 'noTarget');
    return { op: operation.op, value: canonicalValue(target, operation.value) } as LibraryOperation;
  }
  const { path, definition, selects } = canonicalPath(target, operation.path);
  if (operation.op === 'remove') {
    // RFC 7644 §3.12 `noTarget`: a filter in the path that selects nothing.
    if (selects && !selects(current)) throw scimError(400, `"${path}" selects nothing to remove`, 'noTarget');
    return (operation.value === undefined ? { op: 'remove', path } : { op: 'remove', path, value: operation.value }) as LibraryOperation;
  }
  if (operation.value === undefined) throw scimError(400, `"${operation.op}" of "${path}" needs a value`, 'invalidValue');
  return { op: operation.op, path, value: coerce(definition, operation.value) } as LibraryOperation;
}

function applyOne(current: ScimResource, operation: LibraryOperation): ScimResource {
  try {
    return scimPatch(current as unknown as LibraryResource, [operation], { mutateDocument: false }) as unknown as ScimResource;
  } catch (error) {
    if (error instanceof PatchLibraryError) throw scimError(400, error.message, error.scimCode ?? 'invalidSyntax');
    throw error;
  }
}
