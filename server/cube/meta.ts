import type { CubeDef, DimensionDef, FolderDef, MeasureDef, MemberDef, MemberFormatYaml, SegmentDef } from './model';

/**
 * `/v1/meta` as Cube 1.7 answers it: each cube and view as Cube's `CubeToMetaTransformer` describes it,
 * members the model hides (`public: false`, primary keys by default) left out as its gateway leaves them out
 * for a non-playground token, and cubes left with no visible member dropped.
 */

/** d3-format specifiers of Cube's named numeric formats (`named-numeric-formats.ts`). */
const NAMED_NUMERIC_FORMATS: Record<string, string> = {
  ...Object.fromEntries([0, 1, 2, 3, 4, 5, 6].flatMap((n) => {
    const trim = n === 0 ? '' : '~';
    return [
      [`number_${n}`, `,.${n}${trim}f`], [`percent_${n}`, `.${n}${trim}%`], [`currency_${n}`, `$,.${n}${trim}f`],
      [`decimal_${n}`, `,.${n}${trim}f`], [`abbr_${n}`, `.${n}~s`], [`accounting_${n}`, `(,.${n}${trim}f`],
    ];
  })),
  decimal: ',.2~f', abbr: '.2~s', id: '.0f', accounting: '(,.2~f',
};
const STANDARD_SPECIFIERS: Record<string, { name: string; specifier: string }> = {
  percent: { name: 'percent', specifier: '.2~%' },
  currency: { name: 'currency', specifier: '$,.2~f' },
  number: { name: 'number', specifier: ',.2~f' },
  abbr: { name: 'abbr', specifier: '.2~s' },
  accounting: { name: 'accounting', specifier: '(,.2~f' },
  id: { name: 'id', specifier: '.0f' },
};
const DEFAULT_SPECIFIER = { name: 'number', specifier: ',.2~f' };

type MetaFormat = string | { type: string; value?: string; alias?: string; label?: string };

function named(format: string): MetaFormat | undefined {
  const specifier = NAMED_NUMERIC_FORMATS[format];
  return specifier ? { type: 'custom-numeric', value: specifier, alias: format } : undefined;
}

export function measureFormat(format: MemberFormatYaml | undefined): MetaFormat | undefined {
  if (!format || typeof format === 'object') return format;
  if (['percent', 'currency', 'number'].includes(format)) return format;
  return named(format) ?? { type: 'custom-numeric', value: format };
}

export function dimensionFormat(format: MemberFormatYaml | undefined, type: string): MetaFormat | undefined {
  if (!format || typeof format === 'object') return format;
  const namedFormat = named(format);
  if (namedFormat) return namedFormat;
  if (['imageUrl', 'currency', 'percent', 'number', 'id'].includes(format)) return format;
  if (type === 'time') return { type: 'custom-time', value: format };
  if (type === 'number') return { type: 'custom-numeric', value: format };
  return format;
}

/** Cube's `resolveFormatDescription`: how a client should write a number (measures, and number dimensions). */
function formatDescription(format: MetaFormat | undefined, currency: string | undefined) {
  const description = typeof format === 'object' && format.type === 'custom-numeric'
    ? { name: format.alias ?? 'custom', specifier: format.value! }
    : { ...(typeof format === 'string' && STANDARD_SPECIFIERS[format] ? STANDARD_SPECIFIERS[format] : DEFAULT_SPECIFIER) };
  return currency ? { ...description, currency } : description;
}

function measureMeta(m: MeasureDef) {
  const format = measureFormat(m.format);
  return {
    name: m.name, title: m.title, description: m.description, shortTitle: m.shortTitle, format,
    formatDescription: formatDescription(format, m.currency), currency: m.currency,
    cumulativeTotal: false, cumulative: false, type: 'number', aggType: m.aggregation.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()),
    drillMembers: [], drillMembersGrouped: { measures: [], dimensions: [] }, aliasMember: m.aliasMember, meta: m.meta,
    isVisible: m.isVisible, public: m.isVisible,
  };
}

function dimensionMeta(d: DimensionDef) {
  const format = dimensionFormat(d.format, d.type);
  return {
    name: d.name, title: d.title, type: d.type, description: d.description, shortTitle: d.shortTitle, suggestFilterValues: true,
    format, formatDescription: d.type === 'number' ? formatDescription(format, d.currency) : undefined, currency: d.currency,
    meta: d.meta, isVisible: d.isVisible, public: d.isVisible, primaryKey: d.primaryKey, aliasMember: d.aliasMember,
  };
}

function segmentMeta(s: SegmentDef) {
  return { name: s.name, title: s.title, shortTitle: s.shortTitle, description: s.description, meta: s.meta, isVisible: s.isVisible, public: s.isVisible };
}

/** Folders flat (nested members merged into their top folder) and nested, as Cube lists them by default. */
function folders(cube: CubeDef) {
  const members = (folder: FolderDef): string[] => folder.includes.flatMap((item) => (typeof item === 'string' ? [item] : members(item)));
  const nested = (folder: FolderDef): { name: string; members: unknown[] } => ({
    name: folder.name,
    members: folder.includes.map((item) => (typeof item === 'string' ? item : nested(item))),
  });
  return {
    folders: cube.folders.map((folder) => ({ name: folder.name, members: [...new Set(members(folder))] })),
    nestedFolders: cube.folders.map(nested),
  };
}

const ofKind = <K extends MemberDef['kind']>(cube: CubeDef, kind: K) =>
  [...cube.members.values()].filter((m): m is Extract<MemberDef, { kind: K }> => m.kind === kind && m.isVisible && cube.isVisible);

export function metaResponse(cubes: CubeDef[]): { cubes: unknown[] } {
  return {
    cubes: cubes
      .map((cube) => ({
        name: cube.name, type: cube.type, title: cube.title, isVisible: cube.isVisible, public: cube.isVisible, description: cube.description,
        measures: ofKind(cube, 'measure').map(measureMeta),
        dimensions: ofKind(cube, 'dimension').map(dimensionMeta),
        segments: ofKind(cube, 'segment').map(segmentMeta),
        hierarchies: [],
        ...folders(cube),
      }))
      .filter((cube) => cube.measures.length + cube.dimensions.length + cube.segments.length > 0),
  };
}
