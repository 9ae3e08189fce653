import { WORKBOOK_REPORT_SCHEMA_VERSION, type KeptElement } from '../../contract/workbook-report';

/**
 * The versioning rule of workbook report parts. The namespace never changes (an older add-in must still find
 * every part by it and say why it cannot read one, not miss it in silence); the root's `schemaVersion` says
 * which version wrote the part, and the optional `minReaderVersion` (absent: 1) the oldest that may read it.
 *
 * A version N reading a part:
 * - `schemaVersion` = N: read as the schema says; anything unknown in it makes it invalid.
 * - `schemaVersion` > N and `minReaderVersion` ≤ N: read. What the newer version added (elements, attributes,
 *   in any namespace) is kept with the object it was on and written back in place, so this version can
 *   refresh, move and edit the report without losing it. The part keeps its `schemaVersion` and
 *   `minReaderVersion` when rewritten. Only what cannot be kept in place (an attribute on a text-only
 *   element, an unknown element before a known one) refuses the part (`invalid`); nothing is ever dropped.
 * - `minReaderVersion` > N: refused in words (`newer-version`); the part is left untouched.
 * - `schemaVersion` < N: brought up to N by `UPGRADES`, one version at a time, then read; written as N.
 *
 * So a newer version that only adds what an older one may ignore leaves `minReaderVersion` alone. One that
 * adds what an older one would misread or misuse (a display option that changes the numbers shown, a query
 * feature, another checksum algorithm) raises `minReaderVersion` to itself. A newer version adds elements and
 * attributes only: attributes to elements that have attributes, child elements after all of version 1's
 * children of the same element (the usual way to extend an XSD 1.0 sequence), never an attribute or a child to
 * a text-only element. It never removes, renames or reorders those of version 1, and it ships its own XSD.
 */
export const CURRENT_VERSION = WORKBOOK_REPORT_SCHEMA_VERSION;

/** The root of a part of version `from`, as version `from + 1` writes it. None yet: version 1 is the first. */
export const UPGRADES: Record<number, (root: KeptElement) => KeptElement> = {};

export type VersionVerdict = 'current' | 'newer-readable' | 'newer-refused' | 'older';

export function versionVerdict(schemaVersion: number, minReaderVersion: number): VersionVerdict {
  if (minReaderVersion > CURRENT_VERSION) return 'newer-refused';
  if (schemaVersion > CURRENT_VERSION) return 'newer-readable';
  return schemaVersion < CURRENT_VERSION ? 'older' : 'current';
}

/** The root of an older part brought up to the current version, or null when a step is missing. */
export function upgraded(root: KeptElement, schemaVersion: number): KeptElement | null {
  let current = root;
  for (let version = schemaVersion; version < CURRENT_VERSION; version += 1) {
    const step = UPGRADES[version];
    if (!step) return null;
    current = step(current);
  }
  return current;
}
