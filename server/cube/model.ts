import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { MemberType } from '../../src/contract';

/** The subset of Cube's YAML data-model syntax the local platform implements. */
const MeasureYaml = z.object({
  name: z.string(),
  type: z.enum(['count', 'count_distinct', 'count_distinct_approx', 'sum', 'avg', 'min', 'max', 'number']),
  sql: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  format: z.enum(['currency', 'percent']).optional(),
  filters: z.array(z.object({ sql: z.string() })).optional(),
  public: z.boolean().optional(),
});
const DimensionYaml = z.object({
  name: z.string(),
  type: z.enum(['string', 'number', 'time', 'boolean']),
  sql: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  format: z.enum(['currency', 'percent', 'id']).optional(),
  primary_key: z.boolean().optional(),
  public: z.boolean().optional(),
});
const CubeYaml = z.object({
  name: z.string(),
  sql_table: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  measures: z.array(MeasureYaml).default([]),
  dimensions: z.array(DimensionYaml).default([]),
});
const ViewYaml = z.object({
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  cubes: z.array(z.object({ join_path: z.string(), includes: z.union([z.literal('*'), z.array(z.string())]), prefix: z.boolean().optional() })),
});
const ModelYaml = z.object({ cubes: z.array(CubeYaml), views: z.array(ViewYaml).default([]) });

export type MeasureAggregation = z.infer<typeof MeasureYaml>['type'];

interface MemberBase {
  /** Full name as queried, e.g. `orders.count` or `sales.count`. */
  name: string;
  /** The cube whose table the member reads, e.g. `orders` for `sales.count`. */
  sourceCube: string;
  /** The member's name inside its source cube. */
  sourceName: string;
  title: string;
  shortTitle: string;
  description?: string;
  format?: string;
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
export type MemberDef = MeasureDef | DimensionDef;

export interface CubeDef {
  name: string;
  title: string;
  type: 'cube' | 'view';
  description?: string;
  /** The table every member of this cube or view reads. */
  sqlTable: string;
  members: Map<string, MemberDef>;
}

export interface SemanticModel {
  cubes: CubeDef[];
  member(name: string): MemberDef | undefined;
  /** The table behind a source cube. */
  tableOf(sourceCube: string): string;
}

/** Cube titles members as "Cube title Member title"; a member without a title gets its name humanized. */
function humanize(name: string): string {
  return name.split('_').map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ');
}

export function loadSemanticModel(path: string): SemanticModel {
  const yaml = ModelYaml.parse(parse(readFileSync(path, 'utf8')));
  const cubes: CubeDef[] = [];
  const sourceCubes = new Map<string, CubeDef>();

  for (const cube of yaml.cubes) {
    const title = cube.title ?? humanize(cube.name);
    const members = new Map<string, MemberDef>();
    for (const m of cube.measures) {
      const memberTitle = m.title ?? humanize(m.name);
      members.set(m.name, {
        kind: 'measure', name: `${cube.name}.${m.name}`, sourceCube: cube.name, sourceName: m.name,
        title: `${title} ${memberTitle}`, shortTitle: memberTitle, description: m.description, format: m.format,
        isVisible: m.public ?? true, type: 'number', aggregation: m.type, sql: m.sql,
        filters: (m.filters ?? []).map((f) => f.sql),
      });
    }
    for (const d of cube.dimensions) {
      const memberTitle = d.title ?? humanize(d.name);
      members.set(d.name, {
        kind: 'dimension', name: `${cube.name}.${d.name}`, sourceCube: cube.name, sourceName: d.name,
        title: `${title} ${memberTitle}`, shortTitle: memberTitle, description: d.description, format: d.format,
        isVisible: d.public ?? !d.primary_key, type: d.type, sql: d.sql, primaryKey: d.primary_key ?? false,
      });
    }
    const def: CubeDef = { name: cube.name, title, type: 'cube', description: cube.description, sqlTable: cube.sql_table, members };
    cubes.push(def);
    sourceCubes.set(cube.name, def);
  }

  for (const view of yaml.views) {
    const title = view.title ?? humanize(view.name);
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
        members.set(exposed, {
          ...member, name: `${view.name}.${exposed}`, title: `${title} ${member.shortTitle}`, isVisible: true,
        });
      }
    }
    if (!sqlTable) throw new Error(`view ${view.name} includes no cube`);
    cubes.push({ name: view.name, title, type: 'view', description: view.description, sqlTable, members });
  }

  const byName = new Map<string, MemberDef>();
  for (const cube of cubes) for (const member of cube.members.values()) byName.set(member.name, member);
  return {
    cubes,
    member: (name) => byName.get(name),
    tableOf: (sourceCube) => {
      const cube = sourceCubes.get(sourceCube);
      if (!cube) throw new Error(`unknown cube ${sourceCube}`);
      return cube.sqlTable;
    },
  };
}
