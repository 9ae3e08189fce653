import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { MemberType } from '../../src/contract';

/** The subset of Cube's YAML data-model syntax the local platform implements. */
const Format = z.union([z.string(), z.looseObject({ type: z.string(), label: z.string().optional(), value: z.string().optional() })]);
const MemberYaml = {
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  public: z.boolean().optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
};
const MeasureYaml = z.object({
  ...MemberYaml,
  type: z.enum(['count', 'count_distinct', 'count_distinct_approx', 'sum', 'avg', 'min', 'max', 'number']),
  sql: z.string().optional(),
  format: Format.optional(),
  currency: z.string().optional(),
  filters: z.array(z.object({ sql: z.string() })).optional(),
});
const DimensionYaml = z.object({
  ...MemberYaml,
  type: z.enum(['string', 'number', 'time', 'boolean']),
  sql: z.string(),
  format: Format.optional(),
  currency: z.string().optional(),
  primary_key: z.boolean().optional(),
});
const SegmentYaml = z.object({ ...MemberYaml, sql: z.string() });
const FolderYaml: z.ZodType<FolderYaml> = z.lazy(() => z.object({ name: z.string(), includes: z.array(z.union([z.string(), FolderYaml])) }));
interface FolderYaml {
  name: string;
  includes: (string | FolderYaml)[];
}
const CubeYaml = z.object({
  name: z.string(),
  sql_table: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  public: z.boolean().optional(),
  measures: z.array(MeasureYaml).default([]),
  dimensions: z.array(DimensionYaml).default([]),
  segments: z.array(SegmentYaml).default([]),
});
const ViewYaml = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  public: z.boolean().optional(),
  cubes: z.array(z.object({ join_path: z.string(), includes: z.union([z.literal('*'), z.array(z.string())]), prefix: z.boolean().optional() })),
  folders: z.array(FolderYaml).optional(),
});
const ModelYaml = z.object({ cubes: z.array(CubeYaml), views: z.array(ViewYaml).default([]) });

export type MeasureAggregation = z.infer<typeof MeasureYaml>['type'];
export type MemberFormatYaml = z.infer<typeof Format>;

interface MemberBase {
  /** Full name as queried, e.g. `orders.count` or `sales.count`. */
  name: string;
  /** The cube whose table the member reads, e.g. `orders` for `sales.count`. */
  sourceCube: string;
  /** The member's name inside its source cube. */
  sourceName: string;
  /** For a view's member, the cube member it exposes (`orders.count`); Cube's `aliasMember`. */
  aliasMember?: string;
  title: string;
  shortTitle: string;
  description?: string;
  format?: MemberFormatYaml;
  currency?: string;
  meta?: Record<string, unknown>;
  /** Cube's `public` (default true; false for a primary key): whether the APIs show the member. */
  isVisible: boolean;
}
export interface MeasureDef extends MemberBase {
  kind: 'measure';
  type: 'number';
  aggregation: MeasureAggregation;
  sql?: string;
  filters: string[];
}
export interface DimensionDef extends MemberBase {
  kind: 'dimension';
  type: MemberType;
  sql: string;
  primaryKey: boolean;
}
export interface SegmentDef extends MemberBase {
  kind: 'segment';
  sql: string;
}
export type MemberDef = MeasureDef | DimensionDef | SegmentDef;

export interface FolderDef {
  name: string;
  /** Full member names, or nested folders. */
  includes: (string | FolderDef)[];
}

export interface CubeDef {
  name: string;
  title: string;
  type: 'cube' | 'view';
  description?: string;
  isVisible: boolean;
  /** The table every member of this cube or view reads. */
  sqlTable: string;
  members: Map<string, MemberDef>;
  folders: FolderDef[];
}

export interface SemanticModel {
  cubes: CubeDef[];
  cube(name: string): CubeDef | undefined;
  member(name: string): MemberDef | undefined;
  /** The table behind a source cube. */
  tableOf(sourceCube: string): string;
}

/** Cube's `titleize`: `customer_id` → "Customer ID" (words capitalized, "Id" written "ID"). */
export function titleize(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').split(/[_\s]+/).filter(Boolean);
  return words.map((w) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase()).join(' ').replace(/\bId(s?)\b/g, 'ID$1');
}

function memberBase(cube: string, cubeTitle: string, m: { name: string; title?: string; description?: string; meta?: Record<string, unknown> }) {
  const shortTitle = m.title ?? titleize(m.name);
  return {
    name: `${cube}.${m.name}`, sourceCube: cube, sourceName: m.name, title: `${cubeTitle} ${shortTitle}`, shortTitle,
    description: m.description, meta: m.meta,
  };
}

function loadCube(cube: z.infer<typeof CubeYaml>): CubeDef {
  const title = cube.title ?? titleize(cube.name);
  const members = new Map<string, MemberDef>();
  for (const m of cube.measures) {
    members.set(m.name, {
      ...memberBase(cube.name, title, m), kind: 'measure', format: m.format, currency: m.currency?.toUpperCase(),
      isVisible: m.public ?? true, type: 'number', aggregation: m.type, sql: m.sql, filters: (m.filters ?? []).map((f) => f.sql),
    });
  }
  for (const d of cube.dimensions) {
    members.set(d.name, {
      ...memberBase(cube.name, title, d), kind: 'dimension', format: d.format, currency: d.currency?.toUpperCase(),
      isVisible: d.public ?? !d.primary_key, type: d.type, sql: d.sql, primaryKey: d.primary_key ?? false,
    });
  }
  for (const s of cube.segments) {
    members.set(s.name, { ...memberBase(cube.name, title, s), kind: 'segment', isVisible: s.public ?? true, sql: s.sql });
  }
  return { name: cube.name, title, type: 'cube', description: cube.description, isVisible: cube.public ?? true, sqlTable: cube.sql_table, members, folders: [] };
}

function loadView(view: z.infer<typeof ViewYaml>, sourceCubes: Map<string, CubeDef>): CubeDef {
  const title = view.title ?? titleize(view.name);
  const members = new Map<string, MemberDef>();
  let sqlTable: string | undefined;
  for (const include of view.cubes) {
    const source = sourceCubes.get(include.join_path);
    if (!source) throw new Error(`view ${view.name}: unknown cube ${include.join_path}`);
    if (sqlTable && sqlTable !== source.sqlTable) throw new Error(`view ${view.name}: joins are not supported`);
    sqlTable = source.sqlTable;
    const names = include.includes === '*' ? [...source.members.keys()] : include.includes;
    for (const local of names) {
      const member = source.members.get(local);
      if (!member) throw new Error(`view ${view.name}: ${include.join_path} has no member ${local}`);
      const exposed = include.prefix ? `${include.join_path}_${local}` : local;
      // A view's member is public unless the view hides it; its title is the view's, its SQL the cube's.
      members.set(exposed, {
        ...member, name: `${view.name}.${exposed}`, title: `${title} ${member.shortTitle}`, isVisible: true, aliasMember: member.name,
      });
    }
  }
  if (!sqlTable) throw new Error(`view ${view.name} includes no cube`);
  const folder = (f: FolderYaml): FolderDef => ({
    name: f.name,
    includes: f.includes.map((item) => {
      if (typeof item !== 'string') return folder(item);
      if (!members.has(item)) throw new Error(`view ${view.name}: folder ${f.name} names ${item}, which the view does not include`);
      return `${view.name}.${item}`;
    }),
  });
  return {
    name: view.name, title, type: 'view', description: view.description, isVisible: view.public ?? true, sqlTable, members,
    folders: (view.folders ?? []).map(folder),
  };
}

export function loadSemanticModel(path: string): SemanticModel {
  const yaml = ModelYaml.parse(parse(readFileSync(path, 'utf8')));
  const sourceCubes = new Map<string, CubeDef>();
  for (const cube of yaml.cubes) sourceCubes.set(cube.name, loadCube(cube));
  const cubes = [...sourceCubes.values(), ...yaml.views.map((view) => loadView(view, sourceCubes))];

  const byName = new Map<string, MemberDef>();
  const cubesByName = new Map<string, CubeDef>();
  for (const cube of cubes) {
    cubesByName.set(cube.name, cube);
    for (const member of cube.members.values()) byName.set(member.name, member);
  }
  return {
    cubes,
    cube: (name) => cubesByName.get(name),
    member: (name) => byName.get(name),
    tableOf: (sourceCube) => {
      const cube = sourceCubes.get(sourceCube);
      if (!cube) throw new Error(`unknown cube ${sourceCube}`);
      return cube.sqlTable;
    },
  };
}
