import { useMemo } from 'react';
import type { Granularity, MemberFormat, MemberType, MetaCube } from '../../../contract';
import { baseMember } from '../../../core/exploration';
import { catalogMembers, type CatalogMember } from '../../../core/member-catalog';
import type { Messages } from '../../i18n';
import { builderWordsOf } from '../../i18n/builder-catalog';

/**
 * What the builder's views need to know of the chosen view's members: labels and types by name. Pure
 * look-ups for display; what a member may do is decided elsewhere.
 */
export interface MemberLookup {
  cube: MetaCube | null;
  byName: ReadonlyMap<string, CatalogMember>;
  /** The member's short title (`cube.member.granularity` → the time member's), or the name when unknown. */
  label(name: string): string;
  /** The member's type, or undefined when the view does not have it. */
  typeOf(name: string): MemberType | undefined;
}

export function useMemberLookup(cubes: readonly MetaCube[], viewName: string | null): MemberLookup {
  return useMemo(() => {
    const cube = cubes.find((c) => c.name === viewName) ?? null;
    const byName = new Map((cube ? catalogMembers(cube) : []).map((member) => [member.name, member]));
    return {
      cube,
      byName,
      label: (name) => byName.get(baseMember(name))?.shortTitle ?? name,
      typeOf: (name) => byName.get(baseMember(name))?.type,
    };
  }, [cubes, viewName]);
}

export const GRANULARITIES = ['year', 'quarter', 'month', 'week', 'day', 'hour'] as const satisfies readonly Granularity[];

/** The granularity of a placed time member (`cube.member.granularity`), or null for a plain member. */
export function granularityOf(name: string): string | null {
  const parts = name.split('.');
  return parts.length === 3 ? parts[2]! : null;
}

/** A granularity in words; one the builder does not offer (`minute`, from a saved report) as it is named. */
export function granularityLabel(granularity: string, m: Messages): string {
  const b = builderWordsOf(m);
  const known = b.granularities as Record<string, string>;
  return known[granularity] ?? b.otherGranularity(granularity);
}

/** A placed member in words: its title, with its granularity when it has one. */
export function placedLabel(name: string, lookup: MemberLookup, m: Messages): string {
  const granularity = granularityOf(name);
  const title = lookup.label(name);
  return granularity ? builderWordsOf(m).withGranularity(title, granularityLabel(granularity, m)) : title;
}

/** A member's format in words (named, custom, or as the model spells it). */
export function formatLabel(format: MemberFormat, m: Messages): string {
  const b = builderWordsOf(m);
  const formats = b.formats as Record<string, string>;
  const key = typeof format === 'string' ? format : format.type;
  return formats[key] ?? b.otherFormat(key);
}

/** What a member is, for its row: kind, type and format. */
export function memberCaption(member: CatalogMember, m: Messages): string {
  const b = builderWordsOf(m);
  const parts = [b.memberKind[member.kind], b.memberType[member.type]];
  if (member.format !== undefined) parts.push(formatLabel(member.format, m));
  return parts.join(' · ');
}
