import type { CubeMeta, MemberFormat, MemberType, MetaCube } from '../contract';
import type { MemberInfo } from './exploration';

/**
 * What the exploration builder knows from `/v1/meta`: every member of the model (Cube lists cubes and views
 * alike under `cubes`, told apart by `type`), the views to explore (views, then the public cubes no view draws on,
 * and any cube an opened report uses), a view's members grouped by the model's folders, filtered by a search, and
 * its segments.
 */

export interface CatalogMember extends MemberInfo {
  title: string;
  shortTitle: string;
  description?: string;
  format?: MemberFormat;
  /** The ISO 4217 code of a currency format (`/v1/meta`'s `currency`). */
  currency?: string;
}

/** A segment, as the builder offers it: a named filter of the model's (Cube's `segments` query field). */
export interface CatalogSegment {
  name: string;
  title: string;
  shortTitle: string;
  description?: string;
}

export interface MemberGroup {
  /** The folder's name, or null for members no folder holds. */
  folder: string | null;
  members: CatalogMember[];
}

/**
 * Views first, then every public cube no view draws on (the view picker's "More"); only cubes when the model has no
 * views. A cube is public unless `/v1/meta` marks it `public: false` (Cube lists private cubes so only in development
 * mode); a view draws on a cube when one of its members is an alias of the cube's (`aliasMember`, as Cube's
 * `CubeToMetaTransformer` sends it). A cube that `inUse` members come from is listed too, public or not: a report
 * saved on a cube (`orders.region`) opens on it, not on nothing.
 */
export function explorableCubes(meta: CubeMeta, inUse: readonly string[] = []): MetaCube[] {
  const used = new Set(inUse.map((member) => member.split('.')[0]));
  const views = meta.cubes.filter((cube) => cube.type === 'view' && (isPublic(cube) || used.has(cube.name)));
  const inViews = new Set(views.flatMap(aliasedCubes));
  const more = meta.cubes.filter((cube) => cube.type !== 'view' && (used.has(cube.name) || (isPublic(cube) && !inViews.has(cube.name))));
  return [...views, ...more];
}

/** Whether a cube or view is one the model shows its users (`public`, `isVisible`: Cube sends both, alike). */
function isPublic(cube: MetaCube): boolean {
  const flags = cube as { public?: unknown; isVisible?: unknown };
  return flags.public !== false && flags.isVisible !== false;
}

/** The cubes a view's members are aliases of (`orders.count` behind `sales.count`). */
function aliasedCubes(view: MetaCube): string[] {
  return [...view.measures, ...view.dimensions].flatMap((member) => {
    const alias = (member as { aliasMember?: unknown }).aliasMember;
    return typeof alias === 'string' && alias.includes('.') ? [alias.split('.')[0]!] : [];
  });
}

/** The view the builder starts on when the user has no choice to make: the one view, else the one cube. */
export function onlyView(cubes: readonly MetaCube[]): MetaCube | null {
  const views = cubes.filter((cube) => cube.type === 'view');
  if (views.length === 1) return views[0]!;
  return cubes.length === 1 ? cubes[0]! : null;
}

/** A cube's or view's segments the model shows (Cube's `public`, default true), each with its title. */
export function catalogSegments(cube: MetaCube): CatalogSegment[] {
  return cube.segments
    .filter((segment) => (segment as { isVisible?: unknown }).isVisible !== false && (segment as { public?: unknown }).public !== false)
    .map((segment) => ({
      name: segment.name,
      title: segment.title ?? segment.name,
      shortTitle: segment.shortTitle ?? segment.title ?? segment.name,
      ...(segment.description ? { description: segment.description } : {}),
    }));
}

/** The names of every segment the model has (a report may apply one of a cube or of a view). */
export function modelSegments(meta: CubeMeta): Set<string> {
  return new Set(meta.cubes.flatMap((cube) => cube.segments.map((segment) => segment.name)));
}

const KNOWN_TYPES: readonly MemberType[] = ['string', 'number', 'time', 'boolean'];

/** A view's visible members, measures first, each with its type (an unknown type is treated as text). */
export function catalogMembers(cube: MetaCube): CatalogMember[] {
  return membersOf(cube, false);
}

/**
 * A cube's or view's members as the catalog describes them: the visible ones, or with `hidden` all that `/v1/meta`
 * lists (a hidden member is still the model's: a report naming it is no report of a changed model).
 */
function membersOf(cube: MetaCube, hidden: boolean): CatalogMember[] {
  const member = (kind: 'measure' | 'dimension') => (m: MetaCube['measures'][number]): CatalogMember => ({
    name: m.name,
    kind,
    type: kind === 'measure' ? 'number' : KNOWN_TYPES.includes(m.type as MemberType) ? (m.type as MemberType) : 'string',
    title: m.title ?? m.name,
    shortTitle: m.shortTitle ?? m.title ?? m.name,
    ...(m.description ? { description: m.description } : {}),
    ...(m.format !== undefined ? { format: m.format } : {}),
    ...(m.currency ? { currency: m.currency } : {}),
  });
  const visible = (m: { isVisible?: boolean }) => hidden || m.isVisible !== false;
  return [...cube.measures.filter(visible).map(member('measure')), ...cube.dimensions.filter(visible).map(member('dimension'))];
}

/**
 * Every member the model has, by name: the members of its cubes and of its views, whichever the builder lists.
 * Reports name either (`orders.region` on the cube, `sales.region` on a view), and both are queried alike.
 */
export function modelMembers(meta: CubeMeta): Map<string, CatalogMember> {
  return new Map(meta.cubes.flatMap((cube) => membersOf(cube, true).map((m) => [m.name, m] as const)));
}

/** Whether a member matches a search: every word of it in the member's titles, name or description. */
export function matchesSearch(member: CatalogMember, search: string): boolean {
  const haystack = [member.shortTitle, member.title, member.name, member.description ?? ''].join(' ').toLocaleLowerCase();
  return search.toLocaleLowerCase().split(/\s+/).filter(Boolean).every((word) => haystack.includes(word));
}

/** The members grouped by folder, in the folders' order, then those no folder holds; empty groups dropped. */
export function memberGroups(cube: MetaCube, search = ''): MemberGroup[] {
  const members = catalogMembers(cube).filter((m) => matchesSearch(m, search));
  const byName = new Map(members.map((m) => [m.name, m]));
  const foldered = new Set<string>();
  const groups: MemberGroup[] = (cube.folders ?? []).map((folder) => ({
    folder: folder.name,
    members: folder.members.flatMap((name) => {
      foldered.add(name);
      const member = byName.get(name);
      return member ? [member] : [];
    }),
  }));
  groups.push({ folder: null, members: members.filter((m) => !foldered.has(m.name)) });
  return groups.filter((group) => group.members.length > 0);
}
